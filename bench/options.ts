/** `npm run bench`'s command line (bench/run.ts) and how many runs each size gets. */

export interface Options {
  json: boolean;
  sizes: number[];
  /** In-process runs per size (≥ 5). */
  runs: number;
  /** End-to-end rounds per size; undefined: by size (endToEndPlan). */
  rounds?: number;
  write: boolean;
  phasesSize: number;
  /** Skip the end-to-end servers (`--no-e2e`). */
  e2e: boolean;
}

export function parseOptions(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const sizes = (value('sizes') ?? '16,1000,10000,50000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const rounds = Number(value('rounds'));
  return {
    json: argv.includes('--json'),
    sizes,
    runs: Math.max(5, Number(value('runs') ?? 7) || 7),
    rounds: Number.isInteger(rounds) && rounds > 0 ? rounds : undefined,
    write: !argv.includes('--no-write'),
    phasesSize: Number(value('phases-size') ?? 10000),
    e2e: !argv.includes('--no-e2e'),
  };
}

/** Warm-ups and measured runs per size: small documents get more of both (they are cheap and noisy). */
export function plan(size: number, runs: number): { warmups: number; runs: number } {
  if (size <= 100) return { warmups: 20, runs: Math.max(runs, 31) };
  if (size <= 2000) return { warmups: 5, runs: Math.max(runs, 15) };
  // Fifteen at 10,000 servers: with seven, one slow run (a collection of the peer's garbage) moved the median by a fifth.
  if (size <= 20000) return { warmups: 2, runs: Math.max(runs, 15) };
  return { warmups: 1, runs: 5 };
}
