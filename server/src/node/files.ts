import { readBounded } from './boundedRead';
import { nodeFileSystem } from './nodeFileSystem';
import { SideFileReader, type FileReader } from '../files/fileAccess';

export { CachingReader, MAX_SIDE_FILE, type FileReader } from '../files/fileAccess';

/** The disk through the bounded reader (node/boundedRead.ts), for side files (files/fileAccess.ts). */
export const diskReader: FileReader = new SideFileReader(nodeFileSystem);

/**
 * A file the user named on the command line (the catalog `check` reads), whose size limit is the
 * engine's (`limit`, in UTF-16 units) rather than the side files' cap. UTF-8 spends at most 3
 * bytes per UTF-16 unit, so a file up to 3 × `limit` bytes is read and the engine decides, exactly
 * as the editor would; a larger one is certainly over the limit and is not read whole: only its
 * size in bytes comes back (at least the bytes read when `stat` cannot tell, as for `/proc`).
 */
export function readNamedFile(filePath: string, limit: number): { text: string } | { tooLarge: number } | { refused: string } {
  const outcome = readBounded(filePath, 3 * limit);
  if ('text' in outcome) return outcome;
  if (outcome.tooLarge) return { tooLarge: outcome.size ?? 3 * limit + 1 };
  return { refused: outcome.refused };
}
