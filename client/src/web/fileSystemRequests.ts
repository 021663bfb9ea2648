import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  FS_READ_DIRECTORY_REQUEST,
  FS_READ_FILE_REQUEST,
  FS_STAT_REQUEST,
  type FsReadDirectoryParams,
  type FsReadDirectoryResult,
  type FsReadFileParams,
  type FsReadFileResult,
  type FsStatParams,
  type FsStatResult,
} from '../../../shared/src/protocol';
import { isVariableSourceName } from '../../../shared/src/variableFiles';

/**
 * The reads of the language server in a web worker (`mcpCatalog/fs/*`, shared/src/protocol.ts),
 * answered through `vscode.workspace.fs`, so a virtual workspace (github.dev) is read as it is.
 * The repository decides what is there (SPEC §8): nothing outside the workspace folders, no
 * symbolic link followed, nothing over the size limit the server asks with (its bounded reader's),
 * and in Restricted Mode no file that holds variables. An answer never throws: a refusal says why.
 */
export function registerFileSystemRequests(client: BaseLanguageClient): vscode.Disposable[] {
  return [
    client.onRequest(FS_READ_FILE_REQUEST, (params: FsReadFileParams) => readFile(params)),
    client.onRequest(FS_STAT_REQUEST, (params: FsStatParams) => stat(params)),
    client.onRequest(FS_READ_DIRECTORY_REQUEST, (params: FsReadDirectoryParams) => readDirectory(params)),
  ];
}

type Refusal = { refused: string; missing?: boolean };

/** The URI when the server may read it at all, else why not. */
function allowed(raw: unknown): vscode.Uri | Refusal {
  if (typeof raw !== 'string') return { refused: 'is not a file' };
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(raw, true);
  } catch {
    return { refused: 'is not a file' };
  }
  // The server sends resolved paths; a `..` or `.` segment is not one, and could climb out of a folder.
  if (uri.path.split('/').some((segment) => segment === '..' || segment === '.') || !vscode.workspace.getWorkspaceFolder(uri)) {
    return { refused: 'is outside the workspace folders' };
  }
  return uri;
}

async function readFile(params: FsReadFileParams): Promise<FsReadFileResult> {
  const uri = allowed(params?.uri);
  if (!(uri instanceof vscode.Uri)) return uri;
  const limit = typeof params.limit === 'number' && params.limit >= 0 ? params.limit : 0;
  if (!vscode.workspace.isTrusted && isVariableSourceName(uri.path)) {
    return { refused: 'holds variables (a dotenv or secrets file), which a restricted workspace does not read' };
  }
  try {
    const found = await vscode.workspace.fs.stat(uri);
    const kind = kindRefusal(found.type);
    if (kind) return { refused: kind };
    if (found.size > limit) return { refused: 'is over the size limit', tooLarge: true, size: found.size };
    const bytes = await vscode.workspace.fs.readFile(uri);
    // It may have grown since the stat.
    if (bytes.byteLength > limit) return { refused: 'is over the size limit', tooLarge: true, size: bytes.byteLength };
    return { text: new TextDecoder('utf-8').decode(bytes) };
  } catch (error) {
    return errorRefusal(error);
  }
}

async function stat(params: FsStatParams): Promise<FsStatResult> {
  const uri = allowed(params?.uri);
  if (!(uri instanceof vscode.Uri)) return { type: 'refused' };
  try {
    const found = await vscode.workspace.fs.stat(uri);
    const type =
      found.type & vscode.FileType.SymbolicLink
        ? 'other'
        : found.type === vscode.FileType.File
          ? 'file'
          : found.type === vscode.FileType.Directory
            ? 'folder'
            : 'other';
    return { type, size: found.size, mtime: found.mtime, ctime: found.ctime };
  } catch (error) {
    return { type: errorRefusal(error).missing ? 'missing' : 'refused' };
  }
}

async function readDirectory(params: FsReadDirectoryParams): Promise<FsReadDirectoryResult> {
  const uri = allowed(params?.uri);
  if (!(uri instanceof vscode.Uri)) return null;
  try {
    const found = await vscode.workspace.fs.stat(uri);
    if (found.type !== vscode.FileType.Directory) return null;
    return { names: (await vscode.workspace.fs.readDirectory(uri)).map(([name]) => name) };
  } catch {
    return null;
  }
}

/** What a stat's type says is not a regular file, in the bounded reader's words (server/src/node/boundedRead.ts). */
function kindRefusal(type: vscode.FileType): string | undefined {
  if (type & vscode.FileType.SymbolicLink) return 'is a symbolic link, which the web extension does not follow';
  if (type === vscode.FileType.File) return undefined;
  if (type === vscode.FileType.Directory) return 'is a folder';
  return 'is not a regular file';
}

function errorRefusal(error: unknown): Refusal {
  const code = error instanceof vscode.FileSystemError ? error.code : undefined;
  if (code === 'FileNotFound' || code === 'FileNotADirectory') return { refused: 'does not exist', missing: true };
  if (code === 'NoPermissions') return { refused: 'cannot be read (permission denied)' };
  if (code === 'FileIsADirectory') return { refused: 'is a folder' };
  return { refused: `cannot be read (${code ?? 'unknown error'})` };
}
