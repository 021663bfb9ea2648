import * as path from 'node:path';
import { SideFileReader, type FileSystemAccess } from '../files/fileAccess';
import { SideFiles } from './sideFiles';

/**
 * Files a workspace diagnostic pull names that are not open in the editor (LSP 3.17
 * `workspace/diagnostic`, lsp/workspaceDiagnostics.ts). The client names them, but the repository
 * decides what is there (SPEC §8): only a regular file inside a workspace folder (after following
 * symlinks), at most the size limit, in a trusted workspace is read. A restricted workspace reads
 * no file the user did not open: its workspace diagnostics are the open documents' only.
 */

export interface ClosedFilePolicy {
  /** The workspace folders; none: nothing is read (a folder-less window has no workspace to report on). */
  folders: readonly string[];
  trusted: boolean;
  /** Bytes; a larger file is not read (`mcpCatalog.maxFileSizeMB`). */
  limit: number;
}

export type ClosedRead = { text: string } | { refused: string };

/**
 * Why the policy refuses a file before anything touches the disk (not even a `stat`: a path the
 * client names may be a network share): a restricted workspace, no folder, or a path that does not
 * lie inside a folder as written. Undefined: it may be read (symlinks are judged when it is).
 */
export function refusedBeforeReading(filePath: string, policy: Pick<ClosedFilePolicy, 'folders' | 'trusted'>): string | undefined {
  if (!policy.trusted) return 'is not open, and a restricted workspace reads no file the user did not open';
  if (policy.folders.length === 0) return 'is not open, and there is no workspace folder to read it from';
  const inside = policy.folders.some((folder) => {
    const relative = path.relative(folder, filePath);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  });
  return inside ? undefined : 'is outside the workspace folders';
}

/** `files`: the file-access seam (files/fileAccess.ts) the closed file is read through. */
export function readClosedFile(filePath: string, policy: ClosedFilePolicy, files: FileSystemAccess): ClosedRead {
  const early = refusedBeforeReading(filePath, policy);
  if (early) return { refused: early };
  const side = new SideFiles(new SideFileReader(files), { containment: policy.folders, containmentLabel: 'the workspace folders' });
  const refused = side.refusal(filePath, { trusted: true });
  if (refused && 'refused' in refused) return { refused: refused.refused };
  const read = files.readBounded(filePath, policy.limit);
  return 'text' in read ? read : { refused: read.refused };
}
