import type { UriMapping } from '../lsp/platform';

/**
 * The workspace's URIs as the paths the workspace code reads (lsp/paths.ts), in the web worker: a
 * virtual workspace has no `file:` URIs (`vscode-vfs://github/owner/repo/…` on github.dev,
 * `vscode-remote://host/…` beside a server). The first workspace folder's scheme and authority (or,
 * without a folder, the first document's) are the workspace's; a URI with those is its path, decoded (POSIX, as the web bundle's `path` is),
 * and a path goes back with them, each segment encoded as VS Code's `Uri.toString` does. A URI with
 * another scheme or authority is not read, as an untitled document is not.
 */
const URI = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/;

export class VirtualUris implements UriMapping {
  private base: string | undefined;

  useFolders(uris: readonly string[]): void {
    for (const uri of uris) {
      const match = URI.exec(uri);
      if (match) {
        this.base = `${match[1].toLowerCase()}://${match[2]}`;
        return;
      }
    }
  }

  toPath(uri: string): string | undefined {
    const match = URI.exec(uri);
    if (!match) return undefined;
    // A window without a folder: the first document's scheme is the workspace's.
    this.base ??= `${match[1].toLowerCase()}://${match[2]}`;
    if (`${match[1].toLowerCase()}://${match[2]}` !== this.base) return undefined;
    try {
      return decodeURIComponent(match[3] || '/');
    } catch {
      return undefined;
    }
  }

  toUri(filePath: string): string {
    return `${this.base ?? 'untitled://'}${filePath.split('/').map(encodeSegment).join('/')}`;
  }
}

/** `encodeURIComponent` plus the characters VS Code's URI encoder also escapes. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
