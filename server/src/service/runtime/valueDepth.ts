/**
 * How deep a catalog value may nest before a runtime config or a translation leaves its entry out
 * (SPEC §8: never crash). The serialisers (JSON.stringify, the TOML writer) recurse once per level
 * and overflow the stack a few thousand levels down; no field AIR or a runtime reads nests more
 * than a few levels, so far below that limit nothing real is lost.
 */
export const MAX_VALUE_DEPTH = 64;

/** Whether arrays and objects nest more than `max` levels below `value` (iterative: any depth is safe). */
export function nestsDeeperThan(value: unknown, max: number = MAX_VALUE_DEPTH): boolean {
  const work: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (work.length > 0) {
    const { value: current, depth } = work.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') work.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/** The words for a left-out entry, after "is left out because" / "is left out:". */
export const TOO_DEEP_REASON = `a value nests more than ${MAX_VALUE_DEPTH} levels deep, which no runtime reads`;
