import * as fs from 'node:fs';

/** How discovery reads the file system; the server overlays open documents and caches. */
export interface FileReader {
  /** The file's text, or undefined when it is missing, unreadable or a directory. */
  read(filePath: string): string | undefined;
  /** Names in a directory, or undefined when it cannot be listed. */
  list(dir: string): string[] | undefined;
}

/** Largest side file (roots index, env file, air.json) read from disk. */
export const MAX_SIDE_FILE = 20 * 1024 * 1024;

export const diskReader: FileReader = {
  read(filePath) {
    try {
      const stat = fs.statSync(filePath);
      if (!stat.isFile() || stat.size > MAX_SIDE_FILE) return undefined;
      return fs.readFileSync(filePath, 'utf8');
    } catch {
      return undefined;
    }
  },
  list(dir) {
    try {
      return fs.readdirSync(dir);
    } catch {
      return undefined;
    }
  },
};

/**
 * A file the user named on the command line (the catalog `check` reads), whose size limit is the
 * engine's (`limit`, in UTF-16 units) rather than the side files' cap. UTF-8 spends at most 3
 * bytes per UTF-16 unit, so a file up to 3 × `limit` bytes is read and the engine decides, exactly
 * as the editor would; a larger one is certainly over the limit and is not read at all: only its
 * size in bytes comes back. Undefined when it is missing, unreadable or not a file.
 */
export function readNamedFile(filePath: string, limit: number): { text: string } | { tooLarge: number } | undefined {
  try {
    const stat = fs.statSync(filePath);
    if (!stat.isFile()) return undefined;
    if (stat.size > 3 * limit) return { tooLarge: stat.size };
    return { text: fs.readFileSync(filePath, 'utf8') };
  } catch {
    return undefined;
  }
}

/** A file's size in bytes, or undefined when it is no readable file. */
export function fileSize(filePath: string): number | undefined {
  try {
    const stat = fs.statSync(filePath);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

/** A reader that remembers what it read until told a file changed. */
export class CachingReader implements FileReader {
  private readonly texts = new Map<string, string | undefined>();
  private readonly listings = new Map<string, string[] | undefined>();

  constructor(
    private readonly inner: FileReader,
    /** Open documents win over the disk (unsaved edits count). */
    private readonly overlay: (filePath: string) => string | undefined = () => undefined,
  ) {}

  read(filePath: string): string | undefined {
    const open = this.overlay(filePath);
    if (open !== undefined) return open;
    if (!this.texts.has(filePath)) this.texts.set(filePath, this.inner.read(filePath));
    return this.texts.get(filePath);
  }

  list(dir: string): string[] | undefined {
    if (!this.listings.has(dir)) this.listings.set(dir, this.inner.list(dir));
    return this.listings.get(dir);
  }

  /** Forget everything (a watched file changed, was created or deleted). */
  clear(): void {
    this.texts.clear();
    this.listings.clear();
  }
}
