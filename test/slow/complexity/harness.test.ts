import { strict as assert } from 'node:assert';
import { assertScalesLinearly } from '../../support/complexity';

/**
 * The complexity tier's assertion itself (test/support/complexity.ts), on made-up costs: it must
 * fail growth faster than the input however the runs fall, and pass linear growth through a slow
 * spell of the machine that covers some runs of both sizes.
 */
describe('complexity: the scaling assertion', () => {
  it('passes linear costs and fails quadratic ones, retries or not', async () => {
    assert.equal((await assertScalesLinearly('linear', 1000, (n) => n / 10)).ratio, 2);
    await assert.rejects(
      assertScalesLinearly('quadratic', 1000, (n) => (n * n) / 10_000),
      /4\.0× for twice the input/,
    );
    // Quadratic with noise in every run: still over the bound.
    let calls = 0;
    await assert.rejects(
      assertScalesLinearly('noisy quadratic', 1000, (n) => ((n * n) / 10_000) * (1 + (calls++ % 3) / 10)),
      /for twice the input/,
    );
  });

  it('passes linear costs whose larger runs fell in a slow spell that the retries share', async () => {
    // Calls: small, small (fast), then the spell: every run 3.5× slower from the first large one on.
    let calls = 0;
    const cost = (n: number): number => (n / 10) * (calls++ >= 2 ? 3.5 : 1);
    const scaling = await assertScalesLinearly('slow spell', 1000, cost);
    assert.equal(scaling.ratio, 2);
  });
});
