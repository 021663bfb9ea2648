import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Fallback file watching for clients that cannot watch files for us (Neovim 0.7 has no dynamic
 * `workspace/didChangeWatchedFiles` registration): watch the folders the analyses depend on.
 * Bounded: at most `MAX_WATCHED` folders, and every watcher is closed on shutdown.
 */
const MAX_WATCHED = 64;

export class FolderWatcher {
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly onChange: () => void) {}

  /**
   * Watch the folders of these files (creations, edits and deletions all land in the folder).
   * `readSince` (a `Date.now()` from before they were read): a file in a folder watched only now
   * that was modified since then changed before its watcher could see it, so it counts as a change.
   */
  watchFilesOf(files: Iterable<string>, readSince?: number): void {
    const watchedNow = new Set<string>();
    let missed = false;
    for (const file of files) {
      const dir = path.dirname(file);
      if (!this.watchers.has(dir) && this.watchers.size < MAX_WATCHED) {
        try {
          const watcher = fs.watch(dir, { persistent: false }, () => this.changed());
          watcher.on('error', () => this.unwatch(dir));
          this.watchers.set(dir, watcher);
          watchedNow.add(dir);
        } catch {
          // A folder that does not exist (yet) cannot be watched; nothing to do.
        }
      }
      if (readSince !== undefined && !missed && watchedNow.has(dir)) missed = modifiedSince(file, readSince);
    }
    if (missed) this.changed();
  }

  private unwatch(dir: string): void {
    this.watchers.get(dir)?.close();
    this.watchers.delete(dir);
  }

  /** Editors save in bursts (write, rename, chmod): coalesce them into one revalidation. */
  private changed(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onChange();
    }, 50);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const dir of [...this.watchers.keys()]) this.unwatch(dir);
  }
}

/** Whether the file exists and was modified at or after `since` (a deletion in between is not seen). */
function modifiedSince(file: string, since: number): boolean {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && stat.mtimeMs >= since;
  } catch {
    return false;
  }
}
