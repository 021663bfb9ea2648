/**
 * The editor's catalog view (service/catalogView.ts `catalogViewAfterCheck`) and readiness memo
 * (service/readiness `ReadinessMemo`): the readiness view asks for both on every version, so they
 * reuse the analysis's check and the previous version's entries — and must always give what
 * `readCatalog` and `computeReadiness` give for the text alone.
 */
import { strict as assert } from 'node:assert';
import { generateCatalog } from '../../bench/generate';
import { catalogViewAfterCheck, readCatalog, type CatalogView } from '../../server/src/service/catalogView';
import { checkDocument, recheckDocument, type CheckOptions, type CheckResult } from '../../server/src/service/engine';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import { computeReadiness, ReadinessMemo, type ReadinessOptions } from '../../server/src/service/readiness';
import { VariableIndex } from '../../server/src/service/variables';
import { loadSeeds } from '../fuzz/corpus';
import { Rng } from '../fuzz/rng';
import { engineWorld } from '../fuzz/workspace';
import { applyEdit, randomEdit } from '../support/typing';

const OPTIONS: ReadinessOptions = { declareKnownHint: 'declare it known' };

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** One version after another, as the editor analyses them: each re-check continues from the last. */
function* typing(
  start: string,
  facts: WorkspaceFacts,
  seed: number,
  steps: number,
  options: CheckOptions = {},
): Generator<{ text: string; check: CheckResult }> {
  let text = start;
  let check = checkDocument(text, 'catalog', facts, options);
  yield { text, check };
  const rng = Rng.forCase(seed, 0);
  for (let step = 0; step < steps; step++) {
    const edit = randomEdit(rng, text);
    const next = applyEdit(text, edit);
    check = recheckDocument(check, [edit], next, 'catalog', facts, options);
    text = next;
    yield { text, check };
  }
}

describe('the editor catalog view and readiness: what the text alone gives, at every version', function () {
  this.timeout(120_000);
  const world = engineWorld();
  const seeds = loadSeeds();

  it('while typing in the Zimmer catalog, a generated one and the corpus catalogs', () => {
    const facts = world.factsFor('catalog', 'full');
    const texts = [world.catalogText, generateCatalog(200).text, ...seeds.filter((seed) => seed.name.endsWith('mcp.json')).map((seed) => seed.text)];
    let reused = 0;
    for (const [t, start] of texts.entries()) {
      let view: CatalogView | undefined;
      const memo = new ReadinessMemo(facts.variables, OPTIONS);
      let step = 0;
      for (const { text, check } of typing(start, facts, 5150 + t, 80)) {
        const previous = view;
        view = catalogViewAfterCheck(text, check, facts, undefined, previous);
        const expected = readCatalog(text, facts);
        assert.deepEqual(json(view), json(expected), `text ${t}, step ${step}`);
        assert.deepEqual(
          json(computeReadiness(view, facts, OPTIONS, memo)),
          json(computeReadiness(expected, facts, OPTIONS)),
          `readiness: text ${t}, step ${step}`,
        );
        if (previous) reused += view.entries.filter((entry, i) => entry.value !== undefined && entry.value === previous.entries[i]?.value).length;
        step++;
      }
    }
    // Most random keystrokes break the syntax (the full parser then reads it all); the others keep entries.
    assert.ok(reused > 100, `entries kept from the previous version: ${reused}`);
  });

  it('keeps the parsed value of every entry written as before, and reads the edited one again', () => {
    const facts = world.factsFor('catalog', 'full');
    const text = generateCatalog(50).text;
    const first = checkDocument(text, 'catalog', facts);
    const before = catalogViewAfterCheck(text, first, facts, undefined);
    const target = before.entries[20];
    const at = text.indexOf('"description": "', text.indexOf(JSON.stringify(target.name))) + '"description": "'.length;
    const edit = { start: at, end: at, text: 'Now ' };
    const next = applyEdit(text, edit);
    const after = catalogViewAfterCheck(next, recheckDocument(first, [edit], next, 'catalog', facts), facts, undefined, before);
    assert.equal(after.entries.length, before.entries.length);
    after.entries.forEach((entry, i) => {
      if (i === 20) assert.notEqual(entry.value, before.entries[i].value, 'the edited entry is read again');
      else assert.equal(entry.value, before.entries[i].value, `entry ${i} (${entry.name}) kept`);
    });
    assert.match(String(after.entries[20].value?.description), /^Now /);
    // Entries after the edit moved: their key spans are this version's.
    assert.equal(after.entries[21].keySpan.start, before.entries[21].keySpan.start + 'Now '.length);
    assert.deepEqual(json(after), json(readCatalog(next, facts)));
  });

  it('checks again when the editor check cannot stand for it: a structural code set to another severity', () => {
    const facts = world.factsFor('catalog', 'full');
    const broken = generateCatalog(100).text.replace('"type": "stdio"', '"type": "telepathy"');
    const severities: CheckOptions['severities'] = { 'unknown-type': 'warning' };
    const check = checkDocument(broken, 'catalog', facts, { severities });
    const view = catalogViewAfterCheck(broken, check, facts, severities);
    assert.deepEqual(json(view), json(readCatalog(broken, facts)));
    assert.ok(
      view.entries.some((entry) => entry.problems.some((problem) => problem.includes('telepathy'))),
      'the unknown type keeps its entry out of the runtime configs whatever its editor severity',
    );
  });

  it('the readiness memo serves only the variables and options it was made for', () => {
    const facts = world.factsFor('catalog', 'full');
    const text = world.catalogText;
    const view = catalogViewAfterCheck(text, checkDocument(text, 'catalog', facts), facts, undefined);
    const memo = new ReadinessMemo(facts.variables, OPTIONS);
    computeReadiness(view, facts, OPTIONS, memo);
    // The same entries under other variables (a .env edited): every server judged again.
    const bare: WorkspaceFacts = { ...facts, variables: VariableIndex.empty() };
    assert.deepEqual(json(computeReadiness(view, bare, OPTIONS, memo)), json(computeReadiness(view, bare, OPTIONS)));
    const other: ReadinessOptions = { declareKnownHint: 'something else' };
    assert.deepEqual(json(computeReadiness(view, facts, other, memo)), json(computeReadiness(view, facts, other)));
    assert.ok(
      computeReadiness(view, bare, OPTIONS).servers.some((server) => server.state === 'missing_configuration'),
      'without variables some server misses its configuration (else this test proves nothing)',
    );
  });
});
