/**
 * The complexity tier for glob patterns (`.gitignore`, `exclude`): matching is linear in pattern ×
 * name (server/src/service/glob.ts), so twice the stars or twice the name costs about twice the
 * CPU — a ratio within one run, never a timed assertion. A backtracking expression of `[^/]*` runs
 * doubled its cost with each star (seconds at 12 stars against 40 characters, no end at 24).
 */
import { isIgnoredPath, parseIgnoreFile } from '../../../server/src/service/ignorePatterns';
import { compileExcludePattern } from '../../../server/src/service/air';
import { assertScalesLinearly, ownCpuMsOf } from '../../support/complexity';

/** `*a*a*…*a*b`: every star could end at every `a` of the name, and the `b` never comes. */
const stars = (count: number): string => `${'*a'.repeat(count - 1)}*b`;

describe('complexity: glob patterns match in linear time', function () {
  this.timeout(600_000);

  it('12 against 24 stars, on a 40-character name', async () => {
    const name = `${'a'.repeat(31)}-mcp.json`;
    await assertScalesLinearly('gitignore stars', 12, (count) => {
      const patterns = parseIgnoreFile(stars(count));
      return ownCpuMsOf(() => {
        for (let i = 0; i < 3000; i++) isIgnoredPath(patterns, name, false);
      });
    });
  });

  it('a 24-star pattern against a name twice as long', async () => {
    const patterns = parseIgnoreFile(stars(24));
    await assertScalesLinearly('gitignore name length', 2000, (length) => {
      const name = 'a'.repeat(length);
      return ownCpuMsOf(() => {
        for (let i = 0; i < 30; i++) isIgnoredPath(patterns, name, false);
      });
    });
  });

  it('an air.json exclude item: twice the stars, then twice the id', async () => {
    await assertScalesLinearly('air exclude stars', 12, (count) => {
      const pattern = compileExcludePattern(`@local/${stars(count)}`)!;
      const id = 'a'.repeat(40);
      return ownCpuMsOf(() => {
        for (let i = 0; i < 3000; i++) pattern.matchesLocal(id);
      });
    });
    const pattern = compileExcludePattern(`@local/${stars(24)}`)!;
    await assertScalesLinearly('air exclude id length', 2000, (length) => {
      const id = 'a'.repeat(length);
      return ownCpuMsOf(() => {
        for (let i = 0; i < 30; i++) pattern.matchesLocal(id);
      });
    });
  });
});
