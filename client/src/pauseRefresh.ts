/**
 * When the readiness view asks the server again (bench/NOTES.md "Readiness"). After a new version
 * of the active catalog: once typing pauses for as long as the last answer took, at most
 * `maxPauseMs` — a small catalog's readiness follows at once, a 10,000-server one (a fifth of a
 * second of the server's time) is asked for once per pause instead of after every keystroke, ahead
 * of that keystroke's diagnostics. Refreshes asked for while one runs collapse into one more run.
 * No VS Code API here: the unit tier drives it with a fake clock (test/unit/pauseRefresh.test.ts).
 */

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class PauseRefresh {
  private timer: unknown;
  private running: Promise<void> | undefined;
  private pending = false;
  /** How long the last answer took, request to tree: what the next edit waits for. */
  private lastLoadMs = 0;

  constructor(
    private readonly load: () => Promise<void>,
    private readonly maxPauseMs: number,
    private readonly clock: Clock = SYSTEM_CLOCK,
  ) {}

  /** A new version of the catalog: refresh once typing pauses. */
  afterEdit(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        void this.now();
      },
      Math.min(this.maxPauseMs, this.lastLoadMs),
    );
  }

  /** Refresh now; while a refresh runs, one more run follows it, however often this is called. */
  now(): Promise<void> {
    if (this.running) {
      this.pending = true;
      return this.running;
    }
    const started = this.clock.now();
    this.running = this.load().finally(() => {
      this.lastLoadMs = this.clock.now() - started;
      this.running = undefined;
      if (this.pending) {
        this.pending = false;
        void this.now();
      }
    });
    return this.running;
  }

  dispose(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
