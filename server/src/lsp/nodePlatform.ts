import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeFileSystem } from '../node/nodeFileSystem';
import type { ServerPlatform, UriMapping } from './platform';
import { FolderWatcher } from './watchers';

/** `file:` URIs as Node's paths (lsp/paths.ts); any other scheme is not a file the server reads. */
const fileUris: UriMapping = {
  toPath(uri) {
    if (!uri.startsWith('file:')) return undefined;
    try {
      return fileURLToPath(uri);
    } catch {
      return undefined;
    }
  },
  toUri: (filePath) => pathToFileURL(filePath).href,
};

/** The language server in a Node process (server/src/server.ts): the disk, the process environment, fs.watch. */
export function nodePlatform(): ServerPlatform {
  return {
    name: 'node',
    files: nodeFileSystem,
    env: process.env,
    uris: fileUris,
    folderWatcher: (onChange) => new FolderWatcher(onChange),
  };
}
