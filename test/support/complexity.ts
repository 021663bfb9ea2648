import { strict as assert } from 'node:assert';

/**
 * The complexity tier's one assertion (SPEC §8, TESTING: never a timed assertion): the cost of a
 * hostile shape at 2n is at most MAX_RATIO times its cost at n, both measured in the same run as
 * CPU time, so a loaded machine slows both sizes alike. A linear scan costs about 2× for a 2×
 * input, a quadratic one 4×. The small size is measured twice and the best kept (the first run of
 * a shape also pays for compiling the code); the large one is measured again only when over the
 * ratio, so passing runs stay cheap.
 */

export const MAX_RATIO = 3;

/**
 * Costs under this many milliseconds of CPU are all "free": a ratio of two tiny measurements is
 * noise (a GC, a timer tick), not growth.
 */
const NOISE_FLOOR_MS = 25;

/** CPU milliseconds (user + system) of this process while `run` runs. */
export async function ownCpuMsOf(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export interface Scaling {
  small: number;
  large: number;
  ratio: number;
}

/**
 * Assert that `cost(2n)` ≤ MAX_RATIO × `cost(n)`; `cost` returns CPU milliseconds. Returns the
 * figures, for reports.
 */
export async function assertScalesLinearly(label: string, n: number, cost: (n: number) => Promise<number> | number): Promise<Scaling> {
  let small = Math.min(await cost(n), await cost(n));
  let large = await cost(2 * n);
  const ratioOf = (big: number, little = small): number => Math.max(big, NOISE_FLOOR_MS) / Math.max(little, NOISE_FLOOR_MS);
  // The best ratio of two sizes measured one right after the other: a slow spell of the machine
  // (a busy neighbour on the host) that lasts longer than a few runs slows both of a pair, while
  // the best of each size alone may pair a run from before it with one from during it.
  let paired = ratioOf(large);
  // A garbage collection or a busy neighbour lands in one measurement, not in every one: over the
  // ratio, both sizes are measured again (best of each kept) before the verdict.
  for (let retry = 0; retry < 5 && Math.min(ratioOf(large), paired) > MAX_RATIO; retry++) {
    const big = await cost(2 * n);
    const little = await cost(n);
    paired = Math.min(paired, ratioOf(big, little));
    large = Math.min(large, big);
    small = Math.min(small, little);
  }
  const ratio = Math.min(ratioOf(large), paired);
  assert.ok(
    ratio <= MAX_RATIO,
    `${label}: ${Math.round(large)} ms of CPU at 2n=${2 * n} against ${Math.round(small)} ms at n=${n}, ${ratio.toFixed(1)}× for twice the input (at most ${MAX_RATIO}×: the cost grows faster than the input)`,
  );
  if (process.env.MCP_CATALOG_COMPLEXITY_LOG)
    process.stdout.write(`      ${label}: n=${n} ${Math.round(small)} ms, 2n ${Math.round(large)} ms, ${ratio.toFixed(2)}×\n`);
  return { small, large, ratio };
}
