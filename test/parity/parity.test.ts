/**
 * One rule, one place: whatever path a document takes to the rules, an entry gets the same
 * findings. For every index kind the engine checks entry by entry (catalogs, roots, skills, hooks,
 * plugins and references indexes: every kind a rule's `checkEntry` applies to), and for every rule's
 * firing and silent entries of that kind — found mechanically among the entries of the fixtures of
 * that kind under test/fixtures (loadSeeds, classified as the product classifies files) and seeded
 * mutations of them towards every edge (test/support/entryEdges.ts) — and for seeded random
 * entries, the findings of each entry are the same:
 *   - checked alone, in an index of its own;
 *   - inside an index of 10,000 other entries (~2 MB), as `mcp-catalog check` checks it;
 *   - on opening that index in the server (lsp/analysis.ts, as the server analyses a document);
 *   - after an unrelated edit elsewhere in it (the server's re-check keeps this entry's findings);
 *   - after a space typed inside its own value and taken back (the server's re-check parses this
 *     entry again and runs every rule's `checkEntry` on it alone).
 * Each kind's index lies in its own folder of the disk world (test/fuzz/workspace.ts) beside the
 * sibling indexes its IDs name. The other entries are ones no rule reports on, so nothing else may
 * appear. A new rule needs no change here: it must fire on some entry of each kind it checks, and
 * each of its codes on some entry (put an index that shows it under test/fixtures), whether it
 * checks entry by entry or the whole document.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS, type McpCatalogSettings } from '../../shared/src/settings';
import { Analyzer } from '../../server/src/lsp/analysis';
import { nodePlatform } from '../../server/src/lsp/nodePlatform';
import { useUriMapping } from '../../server/src/lsp/paths';
import { EditLog } from '../../server/src/lsp/editLog';
import { CachingReader, diskReader } from '../../server/src/node/files';
import type { IndexFileKind } from '../../server/src/node/airJsons';
import { classifyFile, INDEX_NOUN } from '../../server/src/service/classify';
import { CODES } from '../../server/src/service/codes';
import { checkDocument, RULES, type CheckOptions } from '../../server/src/service/engine';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import type { ResolvedFinding } from '../../server/src/service/findings';
import { sniffSchemaUrl } from '../../server/src/service/schemaUrl';
import { loadSeeds } from '../fuzz/corpus';
import { Rng } from '../fuzz/rng';
import { diskWorld, KNOWN_NAMES, type DiskWorld } from '../fuzz/workspace';
import { entriesOf, mutatedEntry, type WrittenEntry } from '../support/entryEdges';

const BACKGROUND = 10_000;

/** Codes no entry alone in its index of the disk world can show, whatever the fixtures hold, and why. */
const ALONE_CANNOT_SHOW_WHY: Record<string, string> = {
  'ambiguous-reference': 'a short ID two readable scopes define: on disk every index is in the local scope (AIR scope.ts)',
  'catalog-not-found': 'the world always has the sibling catalog',
  'roots-not-found': 'the world always has the sibling roots index',
  'duplicate-server': 'one name in two catalogs an air.json composes; the world composes none',
  'duplicate-id': 'one ID in two indexes of one type an air.json composes; the world composes none',
  'npx-cache-isolated': 'two entries of one catalog with the same npx package',
  'unavailable-default': "a root whose default server is declared unavailable: the world's sibling catalog has none",
  'invalid-hook-json': 'a HOOK.json in the folder a path names: the world holds only the background targets',
  'path-not-checked': 'a path that leaves the workspace folder: fixture paths stay inside the world',
};
const ALONE_CANNOT_SHOW = new Set(Object.keys(ALONE_CANNOT_SHOW_WHY));

/** The index kinds the engine checks entry by entry: every kind a rule with `checkEntry` applies to (an air.json has no entries). */
const KINDS = [...new Set(RULES.filter((rule) => rule.checkEntry).flatMap((rule) => rule.appliesTo))].filter((kind): kind is IndexFileKind => kind !== 'air');

/** Per kind: how many seeded mutations of its fixture entries join the pool, and how many random pool entries are compared. */
function sizes(kind: IndexFileKind): { mutated: number; random: number } {
  return kind === 'catalog' ? { mutated: 2_000, random: 40 } : { mutated: 300, random: 6 };
}

/** Where each background skill, hook and reference points (created once in the disk world): something path rules accept. */
const BACKGROUND_PATHS: Partial<Record<IndexFileKind, string>> = { skills: 'bg/skill', hooks: 'bg/hook', references: 'bg/reference.md' };

/**
 * The other entries, ones no rule reports on: remote servers with every field a rule could want, and
 * roots, skills, hooks, plugins and references with a description (and a `path` that is there).
 */
function backgroundEntry(kind: IndexFileKind, index: number): string {
  const id = String(index).padStart(5, '0');
  const about = `Background ${INDEX_NOUN[kind].entry} ${id}, one of the many entries of this ${INDEX_NOUN[kind].index} that no rule has anything to say about.`;
  if (kind === 'catalog') return `  "bg-${id}": {"type": "streamable-http", "url": "https://mcp-${id}.example.com/mcp", "description": "${about}"}`;
  // Longer than a server's, so that this index too weighs 2 MB.
  const description = `"description": "${about} It is written at length so that the index weighs what a large real one does."`;
  const at = BACKGROUND_PATHS[kind];
  return `  "bg-${id}": {${description}${at ? `, "path": "${at}"` : ''}}`;
}

/** The targets of BACKGROUND_PATHS beside the index of each kind. */
function writeBackgroundTargets(dir: string): void {
  fs.mkdirSync(path.join(dir, 'bg', 'skill'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'bg', 'hook'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'bg', 'skill', 'SKILL.md'), '# Background skill\n');
  fs.writeFileSync(path.join(dir, 'bg', 'hook', 'HOOK.json'), '{"event": "session_start", "command": "true"}\n');
  fs.writeFileSync(path.join(dir, 'bg', 'reference.md'), '# Background reference\n');
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
    // A related location in the document that encloses the entry is the whole index ("the roots of
    // this index"): its span is the document's, the same place whatever the document's size.
    const related = finding.related?.map((location) => {
      if (location.path !== undefined) return location;
      if (location.start <= start && location.end >= end) return { message: location.message, enclosesTheEntry: true };
      return { ...location, start: location.start - start, end: location.end - start };
    });
    return JSON.stringify({ ...finding, start: finding.start - start, end: finding.end - start, related, outside: inside ? undefined : true });
  });
}

/** The fixture files of each kind, as the product classifies them (by `$schema`, then by name). */
function fixtureEntries(): Map<IndexFileKind, WrittenEntry[]> {
  const byKind = new Map<IndexFileKind, WrittenEntry[]>();
  for (const seed of loadSeeds()) {
    const kind = classifyFile(seed.name, sniffSchemaUrl(seed.text).url);
    if (kind === undefined || kind === 'air') continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), ...entriesOf(seed.text)]);
  }
  return byKind;
}

describe('parity: an entry’s findings alone, in a 2 MB index, on opening in the server, after an edit elsewhere and after an edit inside it', function () {
  this.timeout(900_000);
  let world: DiskWorld;
  let log: EditLog;
  let analyzer: Analyzer;
  const facts = new Map<IndexFileKind, WorkspaceFacts>();
  // Every code on, those off by default too, so every rule runs on every path.
  const severities = Object.fromEntries(
    Object.entries(CODES)
      .filter(([, code]) => code.severity === 'off')
      .map(([name]) => [name, 'hint' as const]),
  );
  const settings: McpCatalogSettings = { ...DEFAULT_SETTINGS, severity: severities };
  const options: CheckOptions = { severities, maxFileSize: settings.maxFileSizeMB * 1024 * 1024 };
  const fixtures = fixtureEntries();
  let version = 0;

  before(() => {
    world = diskWorld();
    log = new EditLog();
    // The server maps document URIs to paths as its platform says (lsp/paths.ts); startServer sets
    // it, and this tier drives the analyser without a server.
    useUriMapping(nodePlatform().uris);
    analyzer = new Analyzer({
      reader: new CachingReader(diskReader),
      env: {},
      workspaceFolders: () => [world.base],
      trusted: () => true,
      onRuleError: (ruleId, _uri, error) => assert.fail(`${ruleId}: ${String(error)}`),
      editsBetween: (at, from, to) => log.take(at, from, to),
    });
    for (const kind of KINDS) {
      writeBackgroundTargets(path.dirname(world.fileFor(kind)));
      // The facts the server finds around the file (its sibling indexes, .env, what paths point at): every other path is given the same.
      const uri = pathToFileURL(world.fileFor(kind)).toString();
      facts.set(kind, analyzer.analyze(TextDocument.create(uri, 'json', ++version, '{}'), settings)!.facts);
      analyzer.forget(uri);
    }
  });
  after(() => world.dispose());

  const pools = new Map<IndexFileKind, ReturnType<typeof computePool>>();
  /** The entries of a kind to compare (computed once per kind): see computePool. */
  function pool(kind: IndexFileKind): ReturnType<typeof computePool> {
    if (!pools.has(kind)) pools.set(kind, computePool(kind));
    return pools.get(kind)!;
  }

  /** The entries of a kind to compare: every fixture entry and seeded mutations of them, each with what it gives alone. */
  function computePool(kind: IndexFileKind): { entry: WrittenEntry; codes: Set<string> }[] {
    const own = fixtures.get(kind) ?? [];
    const rng = Rng.forCase(3_939, KINDS.indexOf(kind));
    const mutated = Array.from({ length: sizes(kind).mutated }, () => mutatedEntry(own, KNOWN_NAMES, rng));
    // An entry named `mcpServers` makes the whole file another tool's (SPEC §1, otherTools.ts), which
    // the server rightly leaves alone: no path of the engine to compare.
    return [...own, ...mutated]
      .filter((entry) => entry.name !== 'mcpServers')
      .map((entry) => ({
        entry,
        codes: new Set(checkDocument(alone(entry).text, kind, facts.get(kind)!, options).findings.map((f) => f.code)),
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

  it('checks the entries of every index kind a rule checks entry by entry', () => {
    assert.deepEqual([...KINDS].sort(), ['catalog', 'hooks', 'plugins', 'references', 'roots', 'skills']);
  });

  for (const kind of KINDS) {
    describe(`${INDEX_NOUN[kind].index} entries`, () => {
      it(`every rule that checks a ${INDEX_NOUN[kind].entry} fires on some fixture ${INDEX_NOUN[kind].entry} (a new rule brings a fixture that shows it)`, () => {
        const entries = fixtures.get(kind) ?? [];
        const silentRules = RULES.filter((rule) => rule.appliesTo.includes(kind) && rule.checkEntry).filter(
          (rule) =>
            !entries.some((entry) =>
              checkDocument(alone(entry).text, kind, facts.get(kind)!, { ...options, rules: [rule] }).findings.some(
                (finding) => !finding.code.startsWith('json-'),
              ),
            ),
        );
        // duplicate-server and duplicate-id compare with the other indexes of their type in an air.json composition, which this workspace has none of.
        assert.deepEqual(
          silentRules.map((rule) => rule.id),
          kind === 'catalog' ? ['duplicate-server'] : kind === 'roots' ? [] : ['duplicate-id'],
          `rules that fire on no ${INDEX_NOUN[kind].entry} of test/fixtures: add a ${INDEX_NOUN[kind].index} that shows each`,
        );
      });

      it('its background entry gives no finding', () => {
        const text = `{\n${backgroundEntry(kind, 0)}\n}\n`;
        assert.deepEqual(checkDocument(text, kind, facts.get(kind)!, options).findings, []);
      });

      it('gives each firing, silent and random entry the same findings on every path', () => {
        const kindFacts = facts.get(kind)!;
        const uri = pathToFileURL(world.fileFor(kind)).toString();
        const background = Array.from({ length: BACKGROUND }, (_, index) => backgroundEntry(kind, index));
        const entries = pool(kind);
        const rng = Rng.forCase(3_940, KINDS.indexOf(kind));
        const tested = [...firingAndSilent(entries), ...Array.from({ length: sizes(kind).random }, () => rng.pick(entries).entry)];
        assert.ok(tested.length > 10, `${tested.length} entries`);
        // The edit elsewhere: in the first other entry (after the text's `{\n`), before the tested one.
        const editAt = 2 + background[0].indexOf('Background');
        let incremental = 0;
        let edits = 0;
        for (const entry of tested) {
          const own = alone(entry);
          const expected = relative(checkDocument(own.text, kind, kindFacts, options).findings, own);
          const what = `${JSON.stringify(entry.name)}: ${entry.slice.slice(0, 300)}`;

          const big = amongOthers(entry, background);
          assert.ok(big.text.length > 2_000_000, 'an index of 2 MB');
          assert.deepEqual(relative(checkDocument(big.text, kind, kindFacts, options).findings, big), expected, `in a big ${INDEX_NOUN[kind].index} — ${what}`);

          analyzer.forget(uri);
          log.forget(uri);
          const document = TextDocument.create(uri, 'json', ++version, big.text);
          const opened = analyzer.analyze(document, settings)!;
          assert.deepEqual(relative(opened.findings, big), expected, `on opening in the server — ${what}`);

          const position = document.positionAt(editAt);
          log.update(document, [{ range: { start: position, end: position }, text: 'Edited ' }], ++version);
          const edited = analyzer.analyze(document, settings)!;
          edits++;
          if (edited.check.incremental) incremental++;
          assert.deepEqual(relative(edited.findings, big, 'Edited '.length), expected, `after an edit elsewhere — ${what}`);

          // Inside the entry's own value (an object or array: a space after its bracket, typed and
          // then taken back), so the edit re-checks this entry, not the others.
          if (entry.slice.startsWith('{') || entry.slice.startsWith('[')) {
            const inside = big.start + 'Edited '.length + `  ${JSON.stringify(entry.name)}: `.length + 1;
            const at = document.positionAt(inside);
            log.update(document, [{ range: { start: at, end: at }, text: ' ' }], ++version);
            if (analyzer.analyze(document, settings)!.check.incremental) incremental++;
            log.update(document, [{ range: { start: at, end: document.positionAt(inside + 1) }, text: '' }], ++version);
            const retyped = analyzer.analyze(document, settings)!;
            if (retyped.check.incremental) incremental++;
            assert.deepEqual(relative(retyped.findings, big, 'Edited '.length), expected, `after an edit inside it — ${what}`);
            edits += 2;
          }
        }
        analyzer.forget(uri);
        assert.ok(edits > tested.length, `${edits - tested.length} edits inside the tested entries`);
        assert.equal(incremental, edits, 'every edit, elsewhere or inside the entry, was re-checked as an edit, not from scratch');
      });
    });
  }

  it('every code of every rule fired on some entry compared above, so a rule that checks less in a big index cannot pass unseen (a new code brings a fixture that shows it)', () => {
    const fired = new Set(KINDS.flatMap((kind) => pool(kind).flatMap(({ codes }) => [...codes])));
    const codes = new Set(RULES.flatMap((rule) => Object.keys(rule.codes)));
    assert.deepEqual(
      [...codes].filter((code) => !fired.has(code) && !ALONE_CANNOT_SHOW.has(code)).sort(),
      [],
      'codes no entry alone in its index shows: add an index under test/fixtures that shows each',
    );
  });
});
