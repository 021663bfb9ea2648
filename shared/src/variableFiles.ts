/**
 * Names that hold variables by convention: `.env`, `.env.local`, `prod.env`, `secrets.json`,
 * `my-secret.yaml`. A restricted workspace reads none of them through any path (SPEC §8): the
 * language server's side-file policy (server/src/node/sideFiles.ts) and, on the web, the client
 * that reads for it (client/src/web/fileSystemRequests.ts) both ask this.
 */
export function isVariableSourceName(filePath: string): boolean {
  const name = (filePath.split(/[\\/]/).pop() ?? '').toLowerCase();
  return name === '.env' || name.startsWith('.env.') || name.endsWith('.env') || name.includes('secret') || name === 'environ';
}
