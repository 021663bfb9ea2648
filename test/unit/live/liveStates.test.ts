import { strict as assert } from 'node:assert';
import { computeDrift, liveStateOf, parseConfigsAnswer, readInstance, type HttpOutcome } from '../../../server/src/service/live';
import { runCli } from '../helpers';
import { LIVE_CATALOG } from './helpers';

/** SPEC §11 pieces on plain data: the live state per object, drift as a pure function, the empty-list note. */

describe('live states and drift on plain data (SPEC §11)', () => {
  it('the newer fields are detected per object: either field alone is enough, neither means "unknown"', () => {
    assert.equal(liveStateOf({ name: 'a', title: 'a', description: null }), undefined);
    assert.equal(liveStateOf({ name: 'a', title: 'a', description: null, unavailable: false })?.state, 'startable');
    assert.equal(liveStateOf({ name: 'a', title: 'a', description: null, unavailableReason: null })?.state, 'startable');
    assert.equal(
      liveStateOf({ name: 'a', title: 'a', description: null, unavailableReason: 'OAuth authorization not completed' })?.state,
      'needs_authorization',
    );
    assert.equal(liveStateOf({ name: 'a', title: 'a', description: null, unavailable: true })?.state, 'declared_unavailable');
    // Only the exact shape of the unresolved sentence counts; anything else is a declared reason.
    assert.equal(
      liveStateOf({ name: 'a', title: 'a', description: null, unavailable: true, unavailableReason: '`lower` unresolved' })?.state,
      'declared_unavailable',
    );
    assert.equal(
      liveStateOf({ name: 'a', title: 'a', description: null, unavailable: true, unavailableReason: 'Gone  for now' }, 'Gone for now')?.declaredInFile,
      true,
    );
  });

  it('live reason "A, B unresolved" with and without backticks is missing_configuration naming each variable', () => {
    const stateOf = (reason: string) => liveStateOf({ name: 'a', title: 'a', description: null, unavailable: true, unavailableReason: reason });
    for (const reason of ['`A`, `B_2` unresolved', 'A, B_2 unresolved', '`A`, B_2 unresolved', 'A, `B_2` unresolved']) {
      assert.deepEqual(
        { state: stateOf(reason)?.state, variables: stateOf(reason)?.variables },
        { state: 'missing_configuration', variables: ['A', 'B_2'] },
        reason,
      );
    }
    assert.deepEqual(stateOf('GH_TOKEN unresolved')?.variables, ['GH_TOKEN']);
    // Half a pair of backticks, a lower-case name or another sentence is a declared reason.
    for (const reason of ['`A, B unresolved', 'a, B unresolved', 'A,B unresolved', 'A and B unresolved']) {
      assert.equal(stateOf(reason)?.state, 'declared_unavailable', reason);
    }
  });

  // tadasant/zimmer app/services/connector_status_probe.rb (the version with `unavailable_reason(markdown:)`):
  // `call` returns :declared_unavailable first, and its reason is the catalog's own text, verbatim.
  it('a declared reason that reads like "A unresolved" is the local declaration when the file declares that same text', () => {
    const stateOf = (reason: string, local?: string) =>
      liveStateOf({ name: 'a', title: 'a', description: null, unavailable: true, unavailableReason: reason }, local);
    for (const reason of ['`GH_TOKEN` unresolved', 'GH_TOKEN unresolved']) {
      const declared = stateOf(reason, reason);
      assert.deepEqual(
        { state: declared?.state, declaredInFile: declared?.declaredInFile, variables: declared?.variables },
        { state: 'declared_unavailable', declaredInFile: true, variables: undefined },
        reason,
      );
      // Without that local declaration it is the instance saying the variable is missing.
      assert.equal(stateOf(reason, 'Another reason')?.state, 'missing_configuration', reason);
    }
  });

  it('live startup_timeout_sec absent on a newer instance is "not said", never drift', () => {
    const parsed = parseConfigsAnswer(
      JSON.stringify({
        mcp_servers: [{ name: 'new', title: 'new', description: null, unavailable: false, unavailable_reason: null }],
        agent_roots: [],
      }),
    );
    assert.ok(parsed.ok);
    assert.equal(liveStateOf(parsed.answer.servers[0])?.state, 'startable');
    const drift = computeDrift({ servers: [{ name: 'new', title: 'new', description: null, startupTimeoutSec: 300 }] }, parsed.answer);
    assert.deepEqual(drift, []);
  });

  it('one answer mixes both shapes: only the objects with the newer fields get states and timeout drift', () => {
    const parsed = parseConfigsAnswer(
      JSON.stringify({
        mcp_servers: [
          { name: 'old', title: 'old', description: null },
          { name: 'new', title: 'new', description: null, unavailable: false, unavailable_reason: null, startup_timeout_sec: 60 },
        ],
        agent_roots: [],
      }),
    );
    assert.ok(parsed.ok);
    const drift = computeDrift(
      {
        servers: [
          { name: 'old', title: 'old', description: null, startupTimeoutSec: 300 },
          { name: 'new', title: 'new', description: null, startupTimeoutSec: null },
        ],
      },
      parsed.answer,
    );
    assert.deepEqual(
      drift.map((d) => `${d.kind}:${d.server}`),
      ['startup-timeout:new'],
    );
  });

  it('a 200 with empty lists is reported with a note: it cannot be told from a failed resolve', async () => {
    const answers: Record<string, HttpOutcome> = {
      '/up': { kind: 'response', status: 200, contentType: 'text/html', body: '' },
      '/api/v1/configs': { kind: 'response', status: 200, contentType: 'application/json', body: '{"mcp_servers": [], "agent_roots": []}' },
    };
    const read = await readInstance('https://zimmer.example.com', async (path) => answers[path]);
    assert.ok(read.ok);
    assert.ok(read.notes.some((note) => /cannot be told apart from a catalog that failed to resolve/.test(note)));
  });

  it('a transport that throws is still a message, never an exception', async () => {
    const read = await readInstance('https://zimmer.example.com', async () => {
      throw new Error('boom');
    });
    assert.ok(!read.ok && read.failure.kind === 'unreachable');
  });

  it('the command line refuses a key that cannot be sent, without printing it', async () => {
    const run = await runCli(['live', 'https://zimmer.example.com', LIVE_CATALOG], { cwd: process.cwd(), env: { ZIMMER_API_KEY: 'two words-secretpart' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /ZIMMER_API_KEY holds characters that cannot be sent/);
    assert.ok(!run.stderr.includes('secretpart'));
  });
});
