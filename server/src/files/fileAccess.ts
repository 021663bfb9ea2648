/**
 * The file-access seam (DESIGN §19; ARCHITECTURE.md "The file-access seam"): everything the
 * language server and the command line read besides the open documents — roots indexes, air.json
 * files, the other index files, `.mcp-catalog.json`, env and secrets files, folder listings,
 * real paths and stat stamps — goes through one `FileSystemAccess`. Node implements it with the
 * bounded reader (node/nodeFileSystem.ts); the web worker by asking the client, which answers with
 * `vscode.workspace.fs` (web/clientFileSystem.ts). No Node module is imported here, so the web
 * bundle can carry this file and everything built on it.
 *
 * Reads are synchronous, so discovery, the rules and the fixes stay plain functions. A platform
 * whose answers arrive later (the web) answers what it does not hold yet as "not read yet",
 * remembers the question, and `settle` runs the computation again once the answers are in; on
 * Node every answer is at hand and `settle` runs it once.
 */
import { MAX_SIDE_FILE } from '../../../shared/src/fileReads';

export type BoundedRead =
  | { text: string }
  | {
      /** Why it was not read, as the end of a sentence about the file: "is a FIFO", "does not exist". */
      refused: string;
      /** Nothing is there (the usual "not found"), as opposed to something that must not be read. */
      missing?: boolean;
      /** Over the size limit; `size` in bytes when `stat` could tell it. */
      tooLarge?: boolean;
      size?: number;
    };

/** A path with every symbolic link followed; a missing file is its own path (the reader then says it is missing). */
export type RealPath = { real: string } | { refused: string; missing?: boolean };

export interface FileSystemAccess {
  /** The text of a regular file of at most `limit` bytes, or precisely why it was not read. */
  readBounded(filePath: string, limit: number): BoundedRead;
  /** Names in a folder, or undefined when it cannot be listed (or is not a folder). */
  list(dir: string): string[] | undefined;
  realPath(filePath: string): RealPath;
  /** One string that changes when the file's content may have (a closed file is checked again only then). */
  stamp(filePath: string): string;
  /**
   * `compute`'s answer once every read it made could be answered: on Node at once; on the web,
   * after asking the client for what it read and running it again (`retry` first, so a cache
   * above forgets the "not read yet" answers), a bounded number of times.
   */
  settle<T>(compute: () => T, retry?: () => void): Promise<T>;
  /** A file changed (or, without a path, anything may have): a platform that keeps answers forgets them. */
  changed?(filePath?: string): void;
  /**
   * How many questions it could not answer yet, ever (the web's "not read yet"): a cache above
   * keeps no answer given while this moved, so another computation reading it asks again.
   */
  unanswered?(): number;
}

export { MAX_SIDE_FILE };

export function megabytes(bytes: number): string {
  const mb = bytes / 1048576;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Why a file whose size is known to be over the limit was not read, as the end of a sentence. */
export function overLimit(size: number, limit: number): string {
  return `is ${(size / 1048576).toFixed(1)} MB, over the ${megabytes(limit)} limit`;
}

/** How discovery reads the file system; the server overlays open documents and caches. */
export interface FileReader {
  /** The file's text, or undefined when it is missing, refused (see `refusal`) or a directory. */
  read(filePath: string): string | undefined;
  /** Why `read` gave undefined for this path ("does not exist", "is a FIFO"), for messages. */
  refusal?(filePath: string): string | undefined;
  /** Names in a directory, or undefined when it cannot be listed. */
  list(dir: string): string[] | undefined;
  /** The path with symbolic links followed (node/sideFiles.ts judges containment by it). */
  realPath(filePath: string): RealPath;
  /** See `FileSystemAccess.settle`; absent: every answer is at hand (`settleAtOnce`). */
  settle?<T>(compute: () => T, retry?: () => void): Promise<T>;
  /** See `FileSystemAccess.changed`. */
  changed?(filePath?: string): void;
  /** See `FileSystemAccess.unanswered`. */
  unanswered?(): number;
}

/** Side files through the bounded reader at MAX_SIDE_FILE (shared/src/fileReads.ts); remembers the last refusal per path. */
export class SideFileReader implements FileReader {
  private readonly refusals = new Map<string, string>();

  constructor(readonly access: FileSystemAccess) {}

  read(filePath: string): string | undefined {
    const outcome = this.access.readBounded(filePath, MAX_SIDE_FILE);
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
    return this.access.list(dir);
  }

  realPath(filePath: string): RealPath {
    return this.access.realPath(filePath);
  }

  settle<T>(compute: () => T, retry?: () => void): Promise<T> {
    return this.access.settle(compute, retry);
  }

  changed(filePath?: string): void {
    this.access.changed?.(filePath);
  }

  unanswered(): number {
    return this.access.unanswered?.() ?? 0;
  }
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
    if (this.texts.has(filePath)) return this.texts.get(filePath);
    const before = this.inner.unanswered?.();
    const text = this.inner.read(filePath);
    if (this.inner.unanswered?.() === before) {
      this.texts.set(filePath, text);
      this.refusals.set(filePath, text === undefined ? this.inner.refusal?.(filePath) : undefined);
    }
    return text;
  }

  /** Why the last read gave nothing; one not kept (not answered yet) in the platform's words. */
  refusal(filePath: string): string | undefined {
    return this.refusals.has(filePath) ? this.refusals.get(filePath) : this.inner.refusal?.(filePath);
  }

  list(dir: string): string[] | undefined {
    if (this.listings.has(dir)) return this.listings.get(dir);
    const before = this.inner.unanswered?.();
    const names = this.inner.list(dir);
    if (this.inner.unanswered?.() === before) this.listings.set(dir, names);
    return names;
  }

  realPath(filePath: string): RealPath {
    return this.inner.realPath(filePath);
  }

  /** Runs `compute` until its reads are answered; what it cached as "not read yet" is forgotten before each new run. */
  settle<T>(compute: () => T, retry?: () => void): Promise<T> {
    if (!this.inner.settle) return settleAtOnce(compute);
    return this.inner.settle(compute, () => {
      this.clear();
      retry?.();
    });
  }

  unanswered(): number {
    return this.inner.unanswered?.() ?? 0;
  }

  /** Forget one file's text (its editor closed: what is on disk now may not be what was read before it opened). */
  forget(filePath: string): void {
    this.texts.delete(filePath);
    this.refusals.delete(filePath);
    this.inner.changed?.(filePath);
  }

  /** Forget everything read here (a watched file changed, was created or deleted; the platform forgets too). */
  changed(): void {
    this.clear();
    this.inner.changed?.();
  }

  /** Forget what this cache holds (the platform keeps its answers). */
  clear(): void {
    this.texts.clear();
    this.refusals.clear();
    this.listings.clear();
  }
}

/** `settle` for a platform whose every answer is at hand (Node). */
export async function settleAtOnce<T>(compute: () => T): Promise<T> {
  return compute();
}
