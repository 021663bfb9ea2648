/**
 * Typing in a catalog: the server re-checks only the edited entry and carries its line
 * index through the edit. Whatever it publishes after a run of incremental edits must be exactly
 * what it publishes for the same text opened afresh — diagnostics, ranges, related locations.
 */
import * as assert from 'node:assert/strict';
import type { Range } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Rng } from '../fuzz/rng';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, missionWithCopies, removeAllWorkspaces, TempWorkspace } from './workspace';

/** Mostly typing inside a string value (the text stays JSON); now and then anything anywhere. */
const IN_STRING = ['x', ' ', '${NOPE}', '${lower}', '${', '\\n', 'ghp_0123456789abcdefghijklmnopqrstuvwxyz', 'http://'];
const ANYWHERE = ['x', '"', '}', '{', '\n', '\r\n', '0', '.5', ''];

function randomEdit(rng: Rng, document: TextDocument): { range: Range; text: string } {
  const text = document.getText();
  const from = rng.between(1, text.length - 2);
  const value = text.indexOf('": "', from);
  if (value > 0 && rng.chance(0.85)) {
    const at = value + 4 + rng.between(0, 1);
    return { range: { start: document.positionAt(at), end: document.positionAt(at) }, text: rng.pick(IN_STRING) };
  }
  const end = Math.min(text.length - 1, from + rng.pick([0, 0, 1, 3]));
  return { range: { start: document.positionAt(from), end: document.positionAt(end) }, text: rng.pick(ANYWHERE) };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('protocol: incremental edits publish what a fresh open publishes', function () {
  this.timeout(120_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('after each of 40 random edits (some several per change), and on the same text reopened', async () => {
    const ws = TempWorkspace.create('mission');
    // A bigger catalog than the fixture: the fixture's entries, then 60 clean copies and a few shared npx packages.
    const base = missionWithCopies(ws, 60);
    ws.write('mcp.json', JSON.stringify(base, null, 2).replace(/\n/g, '\r\n'));
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), trace: 'verbose' });
    const original = ws.read('mcp.json');
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    const rng = Rng.forCase(77, 1);
    let version = 1;
    for (let step = 0; step < 40; step++) {
      const document = client.document(uri);
      const edits = [randomEdit(rng, document)];
      if (rng.chance(0.3)) edits.push(randomEdit(rng, TextDocument.update(TextDocument.create(uri, 'json', 0, document.getText()), edits, 1)));
      version = client.edit(uri, edits, version + 1);
      const incremental = await client.waitForDiagnostics(uri, { version });
      // The same text opened afresh: a full check from scratch, with the same facts.
      const text = client.document(uri).getText();
      client.close(uri);
      version++;
      client.openUri(uri, text, 'json', version);
      const full = await client.waitForDiagnostics(uri, { version });
      assert.deepEqual(incremental.diagnostics, full.diagnostics, `step ${step}: ${JSON.stringify(edits)}`);
      if (!isJson(text)) {
        // Typing on from a broken file only ever takes the full parser: start again from the catalog.
        client.close(uri);
        version++;
        client.openUri(uri, original, 'json', version);
        await client.waitForDiagnostics(uri, { version });
      }
    }
    // Most of those edits fall inside one entry's value and were checked entry by entry.
    const incrementalChecks = client.logs.filter((line) => line.message.includes('edited entries only')).length;
    assert.ok(incrementalChecks >= 15, `edited-entries-only checks: ${incrementalChecks} of 40`);
  });
});
