import type { UriMapping } from '../lsp/platform';

/**
 * The workspace's URIs as the paths the workspace code reads (lsp/paths.ts), in the web worker: a
 * virtual workspace has no `file:` URIs (`vscode-vfs://github/owner/repo/…` on github.dev,
 * `vscode-remote://host/…` beside a server). Each workspace folder keeps its own scheme and
 * authority: a URI is its path, decoded (POSIX, as the web bundle's `path` is), when that path is
 * in a folder of the same scheme and authority (a path outside every folder belongs to the first
 * folder's, or without a folder the first document's); a path goes back with its folder's, each
 * segment encoded as VS Code's `Uri.toString` does. Any other URI is not read, as an untitled
 * document is not; of two folders with one path in different schemes, the first has it.
 */
const URI = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/;

type Folder = { base: string; path: string };

export class VirtualUris implements UriMapping {
  private folders: Folder[] = [];

  useFolders(uris: readonly string[]): void {
    this.folders = [];
    for (const uri of uris) {
      const match = URI.exec(uri);
      const folderPath = match ? decoded(match[3]) : undefined;
      if (match && folderPath !== undefined) this.folders.push({ base: baseOf(match), path: folderPath });
    }
  }

  toPath(uri: string): string | undefined {
    const match = URI.exec(uri);
    if (!match) return undefined;
    // A window without a folder: the first document's scheme is the workspace's.
    if (this.folders.length === 0) this.folders.push({ base: baseOf(match), path: '/' });
    const filePath = decoded(match[3]);
    return filePath !== undefined && this.baseFor(filePath) === baseOf(match) ? filePath : undefined;
  }

  toUri(filePath: string): string {
    return `${this.baseFor(filePath) ?? 'untitled://'}${filePath.split('/').map(encodeSegment).join('/')}`;
  }

  /** The scheme and authority of the folder holding a path (the deepest), else the first folder's. */
  private baseFor(filePath: string): string | undefined {
    let best: Folder | undefined;
    for (const folder of this.folders) {
      const inside = filePath === folder.path || filePath.startsWith(folder.path.endsWith('/') ? folder.path : `${folder.path}/`);
      if (inside && (!best || folder.path.length > best.path.length)) best = folder;
    }
    return (best ?? this.folders[0])?.base;
  }
}

function baseOf(match: RegExpExecArray): string {
  return `${match[1].toLowerCase()}://${match[2]}`;
}

function decoded(uriPath: string): string | undefined {
  try {
    return decodeURIComponent(uriPath || '/');
  } catch {
    return undefined;
  }
}

/** `encodeURIComponent` plus the characters VS Code's URI encoder also escapes. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
