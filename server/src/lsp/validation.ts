import type { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * Debounced validation per document (DESIGN §5): a new edit cancels the pending run, and a run
 * whose document moved on while it waited for settings is dropped instead of published.
 */
export class ValidationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Bumped per schedule, so a delay that resolves after a newer schedule starts nothing. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly run: (document: TextDocument) => Promise<void>,
    private readonly delayFor: (document: TextDocument) => Promise<number>,
  ) {}

  schedule(document: TextDocument, immediate = false): void {
    this.cancel(document.uri);
    const generation = (this.generations.get(document.uri) ?? 0) + 1;
    this.generations.set(document.uri, generation);
    const start = (delay: number) => {
      if (this.generations.get(document.uri) !== generation) return;
      const timer = setTimeout(() => {
        this.timers.delete(document.uri);
        void this.run(document);
      }, delay);
      this.timers.set(document.uri, timer);
    };
    if (immediate) start(0);
    else void this.delayFor(document).then(start, () => start(0));
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  /** The document is gone: drop its pending run and its bookkeeping. */
  forget(uri: string): void {
    this.cancel(uri);
    this.generations.delete(uri);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
