import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SETTINGS } from '../../shared/src/settings';
import { Analyzer } from '../../server/src/lsp/analysis';
import { EditLog } from '../../server/src/lsp/editLog';
import { PieceDocument } from '../../server/src/lsp/pieceDocument';
import { CachingReader, diskReader } from '../../server/src/node/files';

/**
 * A keystroke in a big catalog costs what it touches (bench/NOTES.md): the editor's analysis of
 * each new version reads only the edited stretch of the document's pieces and never joins the
 * whole text — which in V8 is a copy of all of it — while its findings stay those of a fresh check.
 */
describe('the keystroke path', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-keystroke-'));
    writeFileSync(path.join(dir, 'roots.json'), JSON.stringify({ app: { path: '/srv/app' } }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function catalogText(count: number): string {
    const entries = ['  "$schema": "https://raw.githubusercontent.com/example/air/main/schemas/mcp.schema.json"'];
    for (let i = 0; i < count; i++) {
      const timeout = i % 97 === 0 ? 4 : 30;
      entries.push(
        `  "server-${i}": {"type": "stdio", "command": "npx", "args": ["-y", "pkg-${i % 50}@1.0.0"], "description": "Server ${i}", "startup_timeout_sec": ${timeout}}`,
      );
    }
    return `{\n${entries.join(',\n')}\n}\n`;
  }

  it('analyses 30 keystrokes in a 2,000-server catalog without joining its text, with the findings of a fresh check', () => {
    const filePath = path.join(dir, 'mcp.json');
    const uri = pathToFileURL(filePath).toString();
    const log = new EditLog();
    const analyzer = (): Analyzer =>
      new Analyzer({
        reader: new CachingReader(diskReader),
        env: {},
        workspaceFolders: () => [dir],
        trusted: () => true,
        onRuleError: (ruleId, _uri, error) => assert.fail(`${ruleId}: ${String(error)}`),
        editsBetween: (from, to, toVersion) => log.take(from, to, toVersion),
      });
    const editor = analyzer();
    let document = PieceDocument.create(uri, 'json', 1, catalogText(2000));
    assert.ok(editor.analyze(document, DEFAULT_SETTINGS));
    const middle = document.getText().indexOf('"Server 1000"') + 5;
    for (let version = 2; version <= 31; version++) {
      const at = document.positionAt(middle + version - 2);
      document = log.update(document, [{ range: { start: at, end: at }, text: 'x' }], version);
      const analysis = editor.analyze(document, DEFAULT_SETTINGS)!;
      assert.ok(analysis.check.incremental, `version ${version} re-checked only the edited entry`);
      assert.ok(document.source.pieceCount > 1, `version ${version}: the analysis joined the document's text`);
      if (version % 10 === 1) {
        const fresh = analyzer().analyze(PieceDocument.create(uri, 'json', version, document.getText()), DEFAULT_SETTINGS)!;
        assert.deepEqual(
          analysis.reported.map((finding) => [finding.code, finding.range, finding.message]),
          fresh.reported.map((finding) => [finding.code, finding.range, finding.message]),
        );
      }
    }
  });
});
