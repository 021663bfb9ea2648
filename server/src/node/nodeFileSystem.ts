import * as fs from 'node:fs';
import { errorRefusal, readBounded } from './boundedRead';
import { settleAtOnce, type FileSystemAccess, type RealPath } from '../files/fileAccess';

/**
 * The file-access seam (files/fileAccess.ts) on Node: the bounded reader (node/boundedRead.ts),
 * `readdir`, `realpath` and `stat`, each answered at once.
 */
export const nodeFileSystem: FileSystemAccess = {
  readBounded,
  list(dir) {
    try {
      return fs.readdirSync(dir);
    } catch {
      return undefined;
    }
  },
  realPath(filePath): RealPath {
    try {
      return { real: fs.realpathSync(filePath) };
    } catch (error) {
      const refusal = errorRefusal(error);
      return refusal.missing ? { real: filePath } : refusal;
    }
  },
  /**
   * What `stat` says about a file, as one string that changes when its content may have: device,
   * inode, size, modification and change times. Cheap (no open, no read, never blocks on a FIFO), so a
   * repeated workspace pull costs one `stat` per closed file instead of a read and a check.
   */
  stamp(filePath) {
    try {
      const stat = fs.statSync(filePath);
      return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.mode}`;
    } catch (error) {
      return `unreadable:${(error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown'}`;
    }
  },
  settle: settleAtOnce,
};
