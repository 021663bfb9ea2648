/**
 * One rule, one place: whatever path a document takes to the rules, an entry gets the same
 * findings. For every rule's firing and silent entries — found mechanically among the entries of
 * every fixture under test/fixtures (loadSeeds) and seeded mutations of them towards every edge
 * (test/support/entryEdges.ts) — and for seeded random entries, the findings of each entry are
 * the same:
 *   - checked alone, in a catalog of its own;
 *   - inside a catalog of 10,000 other entries (~2 MB), as `mcp-catalog check` checks it;
 *   - on opening that catalog in the server (lsp/analysis.ts, as the server analyses a document);
 *   - after an unrelated edit elsewhere in it (the server's re-check of the edited entry).
 * The other entries are ones no rule reports on, so nothing else may appear. A new rule needs no
 * change here: it must fire on some fixture entry (put a catalog that shows it under test/fixtures).
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS, type McpCatalogSettings } from '../../shared/src/settings';
import { Analyzer } from '../../server/src/lsp/analysis';
import { EditLog } from '../../server/src/lsp/editLog';
import { CachingReader, diskReader } from '../../server/src/node/files';
import { CODES } from '../../server/src/service/codes';
import { checkDocument, RULES, type CheckOptions } from '../../server/src/service/engine';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import type { ResolvedFinding } from '../../server/src/service/findings';
import { loadSeeds } from '../fuzz/corpus';
import { Rng } from '../fuzz/rng';
import { diskWorld, KNOWN_NAMES, type DiskWorld } from '../fuzz/workspace';
import { entriesOf, mutatedEntry, type WrittenEntry } from '../support/entryEdges';

const BACKGROUND = 10_000;
const RANDOM_ENTRIES = 40;
const MUTATED_POOL = 2_000;

/** The other entries: remote servers with every field a rule could want, so none reports on them. */
function backgroundEntry(index: number): string {
  const id = String(index).padStart(5, '0');
  return `  "bg-${id}": {"type": "streamable-http", "url": "https://mcp-${id}.example.com/mcp", "description": "Background server ${id}, one of the many entries of this catalog that no rule has anything to say about."}`;
}

function property(entry: WrittenEntry): string {
  return `  ${JSON.stringify(entry.name)}: ${entry.slice.replace(/\n/g, '\n  ')}`;
}

interface Placed {
  text: string;
  /** Where the entry's property starts and ends. */
  start: number;
  end: number;
}

function alone(entry: WrittenEntry): Placed {
  const written = property(entry);
  return { text: `{\n${written}\n}\n`, start: 2, end: 2 + written.length };
}

function amongOthers(entry: WrittenEntry, background: readonly string[]): Placed {
  const before = `{\n${background.slice(0, BACKGROUND / 2).join(',\n')},\n`;
  const written = property(entry);
  return { text: `${before}${written},\n${background.slice(BACKGROUND / 2).join(',\n')}\n}\n`, start: before.length, end: before.length + written.length };
}

/** The findings as offsets into the entry; any finding outside it is a difference by itself. */
function relative(findings: readonly ResolvedFinding[], placed: Placed, shift = 0): string[] {
  const start = placed.start + shift;
  const end = placed.end + shift;
  return findings.map((finding) => {
    const inside = finding.start >= start && finding.end <= end;
    const related = finding.related?.map((location) =>
      location.path === undefined ? { ...location, start: location.start - start, end: location.end - start } : location,
    );
    return JSON.stringify({ ...finding, start: finding.start - start, end: finding.end - start, related, outside: inside ? undefined : true });
  });
}

describe('parity: an entry’s findings alone, in a 2 MB catalog, on opening in the server and after an edit elsewhere', function () {
  this.timeout(600_000);
  let world: DiskWorld;
  let filePath: string;
  let uri: string;
  let log: EditLog;
  let analyzer: Analyzer;
  let facts: WorkspaceFacts;
  // Every code on, those off by default too, so every rule runs on every path.
  const severities = Object.fromEntries(
    Object.entries(CODES)
      .filter(([, code]) => code.severity === 'off')
      .map(([name]) => [name, 'hint' as const]),
  );
  const settings: McpCatalogSettings = { ...DEFAULT_SETTINGS, severity: severities };
  const options: CheckOptions = { severities, maxFileSize: settings.maxFileSizeMB * 1024 * 1024 };
  const background = Array.from({ length: BACKGROUND }, (_, index) => backgroundEntry(index));
  let version = 0;

  before(() => {
    world = diskWorld();
    filePath = world.fileFor('catalog');
    uri = pathToFileURL(filePath).toString();
    log = new EditLog();
    analyzer = new Analyzer({
      reader: new CachingReader(diskReader),
      env: {},
      workspaceFolders: () => [path.dirname(filePath)],
      trusted: () => true,
      onRuleError: (ruleId, _uri, error) => assert.fail(`${ruleId}: ${String(error)}`),
      editsBetween: (at, from, to) => log.take(at, from, to),
    });
    // The facts the server finds around the file (its roots index and .env): every other path is given the same.
    facts = analyzer.analyze(TextDocument.create(uri, 'json', ++version, '{}'), settings)!.facts;
  });
  after(() => world.dispose());

  /** The entries to compare: every fixture entry and seeded mutations of them, each with what it gives alone. */
  function pool(): { entry: WrittenEntry; codes: Set<string> }[] {
    const fixtures = loadSeeds().flatMap((seed) => entriesOf(seed.text));
    const rng = Rng.forCase(3_939, 0);
    const mutated = Array.from({ length: MUTATED_POOL }, () => mutatedEntry(fixtures, KNOWN_NAMES, rng));
    // An entry named `mcpServers` makes the whole file another tool's (SPEC §1, otherTools.ts), which
    // the server rightly leaves alone: no path of the engine to compare.
    return [...fixtures, ...mutated]
      .filter((entry) => entry.name !== 'mcpServers')
      .map((entry) => ({
        entry,
        codes: new Set(checkDocument(alone(entry).text, 'catalog', facts, options).findings.map((f) => f.code)),
      }));
  }

  /** For every code: the first entry that fires it, and the entry of the same fields nearest in the pool that does not. */
  function firingAndSilent(entries: ReturnType<typeof pool>): WrittenEntry[] {
    const chosen = new Set<WrittenEntry>();
    const codes = new Set(entries.flatMap(({ codes }) => [...codes]));
    const shape = (entry: WrittenEntry): string =>
      entry.value !== null && typeof entry.value === 'object' ? Object.keys(entry.value).sort().join(',') : typeof entry.value;
    for (const code of codes) {
      const firing = entries.find((candidate) => candidate.codes.has(code))!;
      chosen.add(firing.entry);
      const silent =
        entries.find((candidate) => !candidate.codes.has(code) && shape(candidate.entry) === shape(firing.entry)) ??
        entries.find((candidate) => !candidate.codes.has(code));
      if (silent) chosen.add(silent.entry);
    }
    return [...chosen];
  }

  it('every rule that checks entries fires on some fixture entry (a new rule brings a fixture that shows it)', () => {
    const entries = pool().map(({ entry }) => entry);
    const silentRules = RULES.filter((rule) => rule.appliesTo.includes('catalog') && rule.checkEntry).filter(
      (rule) =>
        !entries.some((entry) =>
          checkDocument(alone(entry).text, 'catalog', facts, { ...options, rules: [rule] }).findings.some((finding) => !finding.code.startsWith('json-')),
        ),
    );
    // duplicate-server compares with the other catalogs of an air.json composition, which this workspace has none of.
    assert.deepEqual(
      silentRules.map((rule) => rule.id),
      ['duplicate-server'],
      'rules that fire on no entry of test/fixtures: add a catalog that shows each',
    );
  });

  it('gives each firing, silent and random entry the same findings on every path', () => {
    const entries = pool();
    const rng = Rng.forCase(3_940, 0);
    const tested = [...firingAndSilent(entries), ...Array.from({ length: RANDOM_ENTRIES }, () => rng.pick(entries).entry)];
    assert.ok(tested.length > 50, `${tested.length} entries`);
    // The edit elsewhere: in the first other entry (after the text's `{\n`), before the tested one.
    const editAt = 2 + backgroundEntry(0).indexOf('Background');
    let incremental = 0;
    for (const entry of tested) {
      const own = alone(entry);
      const expected = relative(checkDocument(own.text, 'catalog', facts, options).findings, own);
      const what = `${JSON.stringify(entry.name)}: ${entry.slice.slice(0, 300)}`;

      const big = amongOthers(entry, background);
      assert.ok(big.text.length > 2_000_000, 'a catalog of 2 MB');
      assert.deepEqual(relative(checkDocument(big.text, 'catalog', facts, options).findings, big), expected, `in a 2 MB catalog — ${what}`);

      analyzer.forget(uri);
      log.forget(uri);
      const document = TextDocument.create(uri, 'json', ++version, big.text);
      const opened = analyzer.analyze(document, settings)!;
      assert.deepEqual(relative(opened.findings, big), expected, `on opening in the server — ${what}`);

      const position = document.positionAt(editAt);
      log.update(document, [{ range: { start: position, end: position }, text: 'Edited ' }], ++version);
      const edited = analyzer.analyze(document, settings)!;
      if (edited.check.incremental) incremental++;
      assert.deepEqual(relative(edited.findings, big, 'Edited '.length), expected, `after an edit elsewhere — ${what}`);
    }
    assert.equal(incremental, tested.length, 'every edit elsewhere was re-checked as an edit, not from scratch');
  });
});
