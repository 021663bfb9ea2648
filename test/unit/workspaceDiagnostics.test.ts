import { strict as assert } from 'node:assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CancellationTokenSource, type Connection } from 'vscode-languageserver';
import { ChangeSignal } from '../../server/src/lsp/changeSignal';
import { DiagnosticsChannel } from '../../server/src/lsp/diagnosticsChannel';
import type { ReportedFinding } from '../../server/src/node/report';

/**
 * The pieces of LSP 3.17 workspace diagnostics that need no server (server/src/lsp/
 * workspaceDiagnostics.ts): one id space per URI shared by document and workspace pulls, what is
 * left out or cleared once, and the signal a held request waits on.
 */

function finding(message: string): ReportedFinding {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  return { code: 'timeout-range', severity: 'warning', message, range, related: [], data: {} } as unknown as ReportedFinding;
}

/** A pulling channel; nothing is sent through the connection in pull mode. */
function channel(): DiagnosticsChannel {
  return new DiagnosticsChannel({} as Connection, true, true);
}

const none = () => [];

describe('workspace diagnostics: reports and ids', () => {
  it('a workspace report and a document pull share one id per URI', () => {
    const c = channel();
    const set = [finding('a')];
    const first = c.workspaceReport('file:///w/mcp.json', 3, set, undefined, none);
    assert.equal(first?.kind, 'full');
    assert.equal(first?.version, 3);
    const pulled = c.report('file:///w/mcp.json', [finding('a')], first.resultId, none);
    assert.deepEqual(pulled, { kind: 'unchanged', resultId: first.resultId }, 'an equal set keeps its id');
    const again = c.workspaceReport('file:///w/mcp.json', null, [finding('a')], first.resultId, none);
    assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId, uri: 'file:///w/mcp.json', version: null });
    const changed = c.workspaceReport('file:///w/mcp.json', null, [finding('b')], first.resultId, none);
    assert.equal(changed?.kind, 'full');
    assert.notEqual(changed?.resultId, first.resultId);
  });

  it('a file we do not check is left out, unless the client may show a set it got: that is cleared once', () => {
    const c = channel();
    assert.equal(c.workspaceReport('file:///w/notes.json', null, undefined, 'x', none), undefined, 'never answered: left out');
    const shown = c.workspaceReport('file:///w/mcp.json', 1, [finding('a')], undefined, none)!;
    const cleared = c.workspaceReport('file:///w/mcp.json', null, undefined, shown.resultId, none);
    assert.equal(cleared?.kind, 'full');
    assert.deepEqual(cleared?.kind === 'full' ? cleared.items : undefined, []);
    assert.equal(c.workspaceReport('file:///w/mcp.json', null, undefined, cleared.resultId, none), undefined, 'cleared: left out from then on');
    assert.deepEqual(c.answered(), [], 'and forgotten');
  });

  it('a pulling client keeps what it was given when a document closes, so the set stays remembered', async () => {
    const c = channel();
    c.report('file:///w/mcp.json', [finding('a')], undefined, none);
    await c.close('file:///w/mcp.json');
    assert.deepEqual(c.answered(), ['file:///w/mcp.json']);
  });

  it('an equal set keeps its id, and the older set is let go (its strings hold the text it was found in)', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const c = channel();
    let older: ReportedFinding[] | undefined = [finding('a')];
    const gone = new WeakRef(older);
    const first = c.report('file:///w/mcp.json', older, undefined, none);
    older = undefined;
    // The document closed and opened again unchanged: the same findings, from a new check.
    const again = c.report('file:///w/mcp.json', [finding('a')], first.resultId, none);
    assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId });
    // WeakRefs are cleared only after the job that created them: let it end, then collect.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    assert.equal(gone.deref(), undefined, 'the older set is not kept');
  });
});

describe('workspace diagnostics: the signal a held request waits on', () => {
  it('wakes on a change, at once when a change came since the caller looked, on cancellation and on release', async () => {
    const signal = new ChangeSignal();
    const source = new CancellationTokenSource();
    const since = signal.generation;
    const changed = signal.wait(since, source.token);
    assert.equal(signal.held, 1);
    signal.changed();
    assert.equal(await changed, 'changed');
    assert.equal(signal.held, 0);
    assert.equal(await signal.wait(since, source.token), 'changed', 'a change after `since` is not missed');

    const cancelled = signal.wait(signal.generation, source.token);
    source.cancel();
    assert.equal(await cancelled, 'cancelled');
    assert.equal(signal.held, 0);

    const released = signal.wait(signal.generation, new CancellationTokenSource().token);
    signal.release();
    assert.equal(await released, 'released');
    assert.equal(signal.held, 0);
  });
});
