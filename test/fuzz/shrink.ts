/**
 * Minimising a failing input: delete chunks (halving their size down to one UTF-16 unit) for as
 * long as the input still fails the same way. Bounded by trials and time, so a slow predicate
 * (a hang costs its whole timeout per trial) still ends.
 */

export interface ShrinkBudget {
  maxTrials: number;
  maxMs: number;
}

export async function shrink(
  text: string,
  stillFails: (candidate: string) => Promise<boolean>,
  budget: ShrinkBudget,
): Promise<{ text: string; trials: number }> {
  const started = Date.now();
  let trials = 0;
  let current = text;
  const exhausted = (): boolean => trials >= budget.maxTrials || Date.now() - started > budget.maxMs;
  let chunk = Math.max(1, Math.floor(current.length / 2));
  while (!exhausted()) {
    let progressed = false;
    for (let at = 0; at < current.length && !exhausted();) {
      const candidate = current.slice(0, at) + current.slice(at + chunk);
      trials++;
      if (candidate !== current && (await stillFails(candidate))) {
        current = candidate;
        progressed = true;
      } else {
        at += chunk;
      }
    }
    if (chunk === 1 && !progressed) break;
    if (!progressed || chunk > 1) chunk = Math.max(1, Math.floor(chunk / 2));
  }
  return { text: current, trials };
}
