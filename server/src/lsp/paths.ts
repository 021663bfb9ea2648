import type { UriMapping } from './platform';

/**
 * Document URIs as paths, and back, as the platform maps them (lsp/platform.ts): `file:` URIs on
 * Node (lsp/nodePlatform.ts), the workspace's own scheme on the web (web/virtualUris.ts). Set once by
 * `startServer` before the first message is read.
 */
let mapping: UriMapping | undefined;

export function useUriMapping(uris: UriMapping): void {
  mapping = uris;
}

/** A document URI's file path, or undefined for URIs the platform does not read (untitled, virtual documents). */
export function uriToPath(uri: string): string | undefined {
  // Loud, not undefined: without a mapping every document would silently be "not ours".
  if (!mapping) throw new Error('uriToPath before the server started');
  return mapping.toPath(uri);
}

export function pathToUri(filePath: string): string {
  if (!mapping) throw new Error('pathToUri before the server started');
  return mapping.toUri(filePath);
}
