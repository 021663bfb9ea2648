import type { CancellationToken } from 'vscode-languageserver';

/**
 * Where a held `workspace/diagnostic` request waits (bench/NOTES.md "Workspace diagnostics"): VS
 * Code's LanguageClient asks again two seconds after every answer, so a request that would only say
 * "unchanged" is held until something could change a report — a document opened or closed, a file
 * on disk, settings, trust — or until it is cancelled, replaced by a newer request, or the server
 * shuts down. `generation` lets a request that was computing when the change came see it.
 */
export type WakeReason = 'changed' | 'cancelled' | 'released';

export class ChangeSignal {
  private readonly waiters = new Set<(reason: WakeReason) => void>();
  private count = 0;

  /** Changes so far; a request compares the value from before its computation with the one after. */
  get generation(): number {
    return this.count;
  }

  /** How many requests are held now. */
  get held(): number {
    return this.waiters.size;
  }

  /** Something changed: every held request re-computes its reports. */
  changed(): void {
    this.count++;
    this.wakeAll('changed');
  }

  /** A newer request or the shutdown: every held request answers with what it has. */
  release(): void {
    this.wakeAll('released');
  }

  /** Resolves on the first change after `since`, on cancellation, or on release; at once if a change came after `since`. */
  wait(since: number, token: CancellationToken): Promise<WakeReason> {
    if (this.count !== since) return Promise.resolve('changed');
    if (token.isCancellationRequested) return Promise.resolve('cancelled');
    return new Promise((resolve) => {
      const subscription = token.onCancellationRequested(() => finish('cancelled'));
      const finish = (reason: WakeReason): void => {
        this.waiters.delete(finish);
        subscription.dispose();
        resolve(reason);
      };
      this.waiters.add(finish);
    });
  }

  private wakeAll(reason: WakeReason): void {
    for (const finish of [...this.waiters]) finish(reason);
  }
}
