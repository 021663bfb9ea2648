import * as fs from 'node:fs';
import { readBounded } from './boundedRead';

/** How discovery reads the file system; the server overlays open documents and caches. */
export interface FileReader {
  /** The file's text, or undefined when it is missing, refused (see `refusal`) or a directory. */
  read(filePath: string): string | undefined;
  /** Why `read` gave undefined for this path ("does not exist", "is a FIFO"), for messages. */
  refusal?(filePath: string): string | undefined;
  /** Names in a directory, or undefined when it cannot be listed. */
  list(dir: string): string[] | undefined;
}

/** Largest side file (roots index, env file, air.json) read from disk. */
export const MAX_SIDE_FILE = 20 * 1024 * 1024;

/** The disk through the bounded reader (node/boundedRead.ts); remembers the last refusal per path. */
class DiskReader implements FileReader {
  private readonly refusals = new Map<string, string>();

  read(filePath: string): string | undefined {
    const outcome = readBounded(filePath, MAX_SIDE_FILE);
    if ('text' in outcome) {
      this.refusals.delete(filePath);
      return outcome.text;
    }
    if (this.refusals.size > 10_000) this.refusals.clear();
    this.refusals.set(filePath, outcome.refused);
    return undefined;
  }

  refusal(filePath: string): string | undefined {
    return this.refusals.get(filePath);
  }

  list(dir: string): string[] | undefined {
    try {
      return fs.readdirSync(dir);
    } catch {
      return undefined;
    }
  }
}

export const diskReader: FileReader = new DiskReader();

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

/** A reader that remembers what it read until told a file changed. */
export class CachingReader implements FileReader {
  private readonly texts = new Map<string, string | undefined>();
  private readonly refusals = new Map<string, string | undefined>();
  private readonly listings = new Map<string, string[] | undefined>();

  constructor(
    private readonly inner: FileReader,
    /** Open documents win over the disk (unsaved edits count). */
    private readonly overlay: (filePath: string) => string | undefined = () => undefined,
  ) {}

  read(filePath: string): string | undefined {
    const open = this.overlay(filePath);
    if (open !== undefined) return open;
    if (!this.texts.has(filePath)) {
      const text = this.inner.read(filePath);
      this.texts.set(filePath, text);
      this.refusals.set(filePath, text === undefined ? this.inner.refusal?.(filePath) : undefined);
    }
    return this.texts.get(filePath);
  }

  refusal(filePath: string): string | undefined {
    return this.refusals.get(filePath);
  }

  list(dir: string): string[] | undefined {
    if (!this.listings.has(dir)) this.listings.set(dir, this.inner.list(dir));
    return this.listings.get(dir);
  }

  /** Forget one file's text (its editor closed: what is on disk now may not be what was read before it opened). */
  forget(filePath: string): void {
    this.texts.delete(filePath);
    this.refusals.delete(filePath);
  }

  /** Forget everything (a watched file changed, was created or deleted). */
  clear(): void {
    this.texts.clear();
    this.refusals.clear();
    this.listings.clear();
  }
}
