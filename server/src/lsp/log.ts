import type { Connection, TraceValues } from 'vscode-languageserver';

/**
 * Server logging to the client's output channel (`window/logMessage`). Messages name files and
 * codes, never a variable's value; errors carry their stack only at verbose trace.
 */
export class Logger {
  private traceVerbose = false;

  constructor(private readonly connection: Connection) {}

  setTrace(trace: TraceValues | undefined): void {
    this.traceVerbose = trace === 'verbose';
  }

  info(message: string): void {
    this.send(() => this.connection.console.info(message));
  }

  verbose(message: string): void {
    if (this.traceVerbose) this.send(() => this.connection.console.log(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error instanceof Error ? (this.traceVerbose && error.stack ? error.stack : error.message) : error === undefined ? '' : describeThrown(error);
    this.send(() => this.connection.console.error(detail ? `${message} ${detail}` : message));
  }

  /** Logging never throws: on a closed or disposed connection there is nowhere left to log to. */
  private send(write: () => void): void {
    try {
      write();
    } catch {
      // The connection is gone (it throws synchronously); the message is dropped.
    }
  }
}

/** Run a handler so that an exception becomes a logged error, not a dead server (DESIGN §5). */
export function guard<T>(logger: Logger, what: string, run: () => T | Promise<T>): T | Promise<T | undefined> | undefined {
  try {
    const result = run();
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        logger.error(`Internal error in ${what}.`, error);
        return undefined;
      });
    }
    return result;
  } catch (error) {
    logger.error(`Internal error in ${what}.`, error);
    return undefined;
  }
}

/**
 * A thrown non-Error, named by its kind only: its fields may quote a document or a variable
 * source, and a log never holds a value (SPEC §8).
 */
function describeThrown(error: unknown): string {
  if (typeof error === 'object' && error !== null) return `(a thrown ${error.constructor?.name ?? 'object'})`;
  return typeof error === 'string' ? error : typeof error;
}
