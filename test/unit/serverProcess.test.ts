import { strict as assert } from 'node:assert';
import { ADDED_ENV_VARIABLE, addedServerEnvironment, forgetAddedEnvironment, SERVER_ENV } from '../../shared/src/serverProcess';

/**
 * What the editor adds to the server's environment (shared/src/serverProcess.ts): only what the
 * user's environment does not set, listed so that the server forgets it at start-up — what it reads
 * of the process environment for placeholders stays the user's.
 */
describe("the server process's added environment", () => {
  it('adds what the inherited environment lacks, and lists it', () => {
    const added = addedServerEnvironment({ PATH: '/bin' });
    assert.equal(added.MALLOC_ARENA_MAX, '1');
    const expected: Record<string, string> = { ...SERVER_ENV, [ADDED_ENV_VARIABLE]: Object.keys(SERVER_ENV).join(',') };
    assert.deepEqual(added, expected);
  });

  it("never overrides the user's own value", () => {
    assert.deepEqual(addedServerEnvironment({ MALLOC_ARENA_MAX: '8' }), {});
  });

  it('the server removes what was added and the list, and nothing else', () => {
    const env: Record<string, string | undefined> = { PATH: '/bin', ...addedServerEnvironment({ PATH: '/bin' }) };
    forgetAddedEnvironment(env);
    assert.deepEqual(env, { PATH: '/bin' });
    // The user's own value (not listed) stays; a list naming anything else removes nothing else.
    const users: Record<string, string | undefined> = { MALLOC_ARENA_MAX: '8', HOME: '/h', [ADDED_ENV_VARIABLE]: 'HOME,PATH' };
    forgetAddedEnvironment(users);
    assert.deepEqual(users, { MALLOC_ARENA_MAX: '8', HOME: '/h' });
  });
});
