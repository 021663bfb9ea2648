import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { FS_READ_DIRECTORY_REQUEST, FS_READ_FILE_REQUEST, FS_STAT_REQUEST } from '../../../shared/src/protocol';
import { FileRequests, type EntryStat, type FileHost } from './fileSystemRequests';

/**
 * The web client's answers to the server's reads (`mcpCatalog/fs/*`), with the rules of
 * fileSystemRequests.ts over `vscode.workspace.fs`, so a virtual workspace (github.dev) is read as it is.
 */
export function registerFileSystemRequests(client: BaseLanguageClient): vscode.Disposable[] {
  const requests = new FileRequests(vscodeFileHost);
  return [
    client.onRequest(FS_READ_FILE_REQUEST, (params) => requests.readFile(params)),
    client.onRequest(FS_STAT_REQUEST, (params) => requests.stat(params)),
    client.onRequest(FS_READ_DIRECTORY_REQUEST, (params) => requests.readDirectory(params)),
  ];
}

const vscodeFileHost: FileHost<vscode.Uri> = {
  parse(raw) {
    const uri = vscode.Uri.parse(raw, true);
    return { uri, path: uri.path, query: uri.query, fragment: uri.fragment };
  },
  folderOf(uri) {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return folder && { uri: folder.uri, path: folder.uri.path };
  },
  join: (folder, name) => vscode.Uri.joinPath(folder, name),
  // `stat` reports a link as the SymbolicLink bit beside its target's type.
  async stat(uri): Promise<EntryStat> {
    const found = await vscode.workspace.fs.stat(uri);
    const type = found.type & ~vscode.FileType.SymbolicLink;
    return {
      type: type === vscode.FileType.File ? 'file' : type === vscode.FileType.Directory ? 'folder' : 'other',
      symbolicLink: (found.type & vscode.FileType.SymbolicLink) !== 0,
      size: found.size,
      mtime: found.mtime,
      ctime: found.ctime,
    };
  },
  readFile: (uri) => Promise.resolve(vscode.workspace.fs.readFile(uri)),
  readDirectory: async (uri) => (await vscode.workspace.fs.readDirectory(uri)).map(([name]) => name),
  isTrusted: () => vscode.workspace.isTrusted,
  errorCode: (error) => (error instanceof vscode.FileSystemError ? error.code : undefined),
};
