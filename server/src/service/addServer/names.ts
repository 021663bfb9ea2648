import { SERVER_NAME_PATTERN } from '../model';

/**
 * Catalog names for imported servers: SPEC §3's pattern `^[$a-zA-Z0-9_\[\]-]+$`, whatever the
 * source called the server (another tool allows spaces, dots, `@scope/x`; the registry uses
 * reverse-DNS `io.github.owner/server`).
 */

const MAX_NAME_LENGTH = 64;
/** Registry server parts that say nothing on their own (`com.stripe/mcp`): the namespace goes first. */
const GENERIC = new Set(['mcp', 'server', 'mcp-server', 'remote', 'api']);

/** `name` with every run of characters the pattern refuses as one `-`; `server` when nothing is left. */
export function catalogName(name: string): string {
  const cleaned = name
    .replace(/[^$a-zA-Z0-9_[\]-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/-+$/, '');
  return SERVER_NAME_PATTERN.test(cleaned) ? cleaned : 'server';
}

/** `io.github.owner/filesystem` → `filesystem`; `com.stripe/mcp` → `stripe-mcp`. */
export function registryCatalogName(name: string): string {
  const slash = name.lastIndexOf('/');
  const server = name.slice(slash + 1);
  const namespace = slash >= 0 ? name.slice(0, slash) : '';
  const owner =
    namespace
      .split('.')
      .filter((label) => label.length > 0)
      .pop() ?? '';
  const base = catalogName(server);
  return owner && (GENERIC.has(base.toLowerCase()) || base === 'server') ? catalogName(`${owner}-${server}`) : base;
}

/** `name`, or `name-2`, `name-3`, … when the catalog already has it. */
export function freeServerName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name}-${i}`)) return `${name}-${i}`;
}
