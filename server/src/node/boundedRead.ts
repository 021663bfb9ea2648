import * as fs from 'node:fs';
import { megabytes, overLimit, type BoundedRead } from '../files/fileAccess';
import { cannotRead, REFUSED } from '../../../shared/src/fileReads';

export type { BoundedRead } from '../files/fileAccess';

/**
 * The one way a file of the workspace is read from disk (SPEC §8: never hang, never crash). A
 * hostile repository can name a FIFO (open blocks, read never ends), a device, a symlink loop, or a
 * `/proc` file whose `stat` size is 0 while reading it yields gigabytes. So: only regular files;
 * the kernel's pseudo file systems are refused; the file is opened non-blocking and checked again
 * through the opened descriptor (it may have been swapped since `stat`); and at most `limit` + 1
 * bytes are read whatever `stat` said. A refusal says precisely why, for the message the user sees.
 */

/** statfs(2) magic numbers of the kernel's pseudo file systems, whose files lie about their size. */
const PSEUDO_FILE_SYSTEMS = new Set([
  0x9fa0, // proc
  0x62656572, // sysfs
  0x64626720, // debugfs
  0x74726163, // tracefs
  0x27e0eb, // cgroup
  0x63677270, // cgroup2
  0xcafe4a11, // bpf
  0x73636673, // securityfs
  0x6e736673, // nsfs
]);

const CHUNK = 64 * 1024;

/** What a stat says is not a regular file, in words. */
function kindRefusal(stat: fs.Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return REFUSED.folder;
  if (stat.isFIFO()) return 'is a FIFO (named pipe)';
  if (stat.isSocket()) return 'is a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'is a device';
  return REFUSED.notRegular;
}

/** An fs error as the end of a sentence. */
export function errorRefusal(error: unknown): { refused: string; missing?: boolean } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { refused: REFUSED.missing, missing: true };
    case 'ELOOP':
      return { refused: 'is a symlink loop' };
    case 'EACCES':
    case 'EPERM':
      return { refused: REFUSED.permission };
    case 'ENAMETOOLONG':
      return { refused: 'has a name too long for the file system' };
    case 'EISDIR':
      return { refused: REFUSED.folder };
    default:
      return { refused: cannotRead(code) };
  }
}

function isPseudoFileSystem(filePath: string): boolean {
  try {
    return PSEUDO_FILE_SYSTEMS.has(Number(fs.statfsSync(filePath).type));
  } catch {
    return false;
  }
}

/**
 * The text of a regular file of at most `limit` bytes. A file whose `stat` already reports more is
 * refused without being opened (a sparse 2 GB file is never touched).
 */
export function readBounded(filePath: string, limit: number): BoundedRead {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(filePath);
  } catch (error) {
    return errorRefusal(error);
  }
  const kind = kindRefusal(stat);
  if (kind) return { refused: kind };
  if (stat.size > limit) return { refused: overLimit(stat.size, limit), tooLarge: true, size: stat.size };
  if (isPseudoFileSystem(filePath)) return { refused: 'is a special file of the kernel (/proc, /sys)' };
  let fd: number;
  try {
    // O_NONBLOCK: were it swapped for a FIFO since the stat, open must not wait for a writer.
    fd = fs.openSync(filePath, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOCTTY ?? 0));
  } catch (error) {
    return errorRefusal(error);
  }
  try {
    const opened = fs.fstatSync(fd);
    const swapped = kindRefusal(opened);
    if (swapped) return { refused: swapped };
    // One buffer of the size fstat gave (at most the limit) and a spare byte: a file that does not
    // change is read in two calls and decoded in place, with no chunks to join (a 3.4 MB catalog
    // ~4 ms sooner). One that grew gets more room, never past the limit + 1 byte.
    let buffer = Buffer.allocUnsafe(Math.min(limit, opened.isFile() ? opened.size : CHUNK) + 1);
    let total = 0;
    for (;;) {
      if (total === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(limit + 1, buffer.length * 2));
        buffer.copy(grown, 0, 0, total);
        buffer = grown;
      }
      const read = fs.readSync(fd, buffer, total, buffer.length - total, null);
      if (read === 0) break;
      total += read;
      if (total > limit) return { refused: `is larger than ${megabytes(limit)}`, tooLarge: true };
    }
    return { text: buffer.toString('utf8', 0, total) };
  } catch (error) {
    // EAGAIN from a non-blocking descriptor that is not a file after all, EIO, …
    return errorRefusal(error);
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // Closing a descriptor that was read cannot fail in a way worth reporting.
    }
  }
}
