/**
 * SPEC §12 over the protocol: a skills, hooks, plugins or references index is classified for the
 * client's language switch and checked with the same strict JSON and schema checking as a catalog
 * — each violation one precisely placed diagnostic — while another tool's file of the same name
 * (under a dot-folder) gets nothing.
 */
import * as assert from 'node:assert/strict';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const SKILLS = '{\n  "open-pr": { "description": "Open a pull request." }\n}\n';

describe('protocol: skills, hooks, plugins and references indexes (SPEC §12)', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('classifies them by name, $schema and air.json listing; another tool’s file is not ours', async () => {
    const ws = TempWorkspace.create();
    ws.write('air.json', '{"name":"x","plugins":["./bundles.json"]}');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const kind = async (relative: string, text = '{}'): Promise<unknown> =>
      (await client.request<{ kind: unknown }>('mcpCatalog/classify', { uri: ws.uri(relative), text })).kind;
    assert.equal(await kind('skills/skills.json'), 'skills');
    assert.equal(await kind('team-hooks.json'), 'hooks');
    assert.equal(await kind('bundles.json'), 'plugins');
    assert.equal(await kind('docs.json', '{"$schema": "https://pulsemcp.github.io/air/schemas/references.schema.json"}'), 'references');
    assert.equal(await kind('.cursor/skills.json'), null);
  });

  it('a skill without a path gets one missing-field on its key; the same file under .cursor/ gets none', async () => {
    const ws = TempWorkspace.create();
    const other = ws.write('.cursor/skills.json', SKILLS);
    const skills = ws.write('skills.json', SKILLS);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const otherUri = client.open(other);
    // Opened last: once its diagnostics are in, the other tool's file (opened first) was handled.
    const uri = client.open(skills);
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.message]),
      [['missing-field', 1, 'The skill "open-pr" has no path: AIR rejects a skill without it.']],
    );
    assert.deepEqual(diagnostics[0].range, rangeIn(SKILLS, '"open-pr"'));
    await client.roundTrip();
    assert.deepEqual(
      client.publicationsFor(otherUri).filter((p) => p.diagnostics.length > 0),
      [],
      '.cursor/skills.json must get no diagnostics',
    );
  });
});
