import type { FileSystemAccess } from '../files/fileAccess';

/**
 * What the language server takes from where it runs (ARCHITECTURE.md "The file-access seam"): Node
 * (server/src/server.ts) or a browser's web worker (server/src/web/server.ts). Everything else —
 * the analysis, the rules, the features — is the same code on both.
 */
export interface ServerPlatform {
  /** Said once in the log and to the client's language status (the web build has less). */
  name: 'node' | 'web';
  /** Every file besides the open documents (files/fileAccess.ts). */
  files: FileSystemAccess;
  /** The process environment the `readProcessEnv` source reads; undefined where there is none (a web worker). */
  env: NodeJS.ProcessEnv | undefined;
  /** Document URIs as the paths the workspace code reads, and back. */
  uris: UriMapping;
  /** Watching folders for a client that cannot watch files (lsp/watchers.ts); absent: no such fallback. */
  folderWatcher?: (onChange: () => void) => FolderWatching;
}

export interface UriMapping {
  /** A document URI's path, or undefined for a URI this platform does not read (untitled, virtual documents). */
  toPath(uri: string): string | undefined;
  toUri(filePath: string): string;
  /** The workspace folders' URIs, told before any is mapped (`initialize`, a folder change): the web maps their scheme. */
  useFolders?(uris: readonly string[]): void;
}

export interface FolderWatching {
  watchFilesOf(files: Iterable<string>, readSince?: number): void;
  dispose(): void;
}
