/**
 * The fused predicate (rules/cleanEntry.ts) may only ever say "clean" when no rule's own
 * `mayReport` would say yes and ajv accepts the entry: it replaces those calls on the fast path.
 * Checked on generated catalogs, on every seed and fixture catalog's entries, and on entries
 * mutated field by field towards every edge the rules and the schema draw (lengths, types,
 * placeholders, secrets, URLs, Zimmer-written env keys, OAuth, timeouts, roots, reasons, names),
 * under each facts variant and rule set. It must also clear the usual entry, or it saves nothing.
 */
import { strict as assert } from 'node:assert';
import { generateCatalog, knownVariableNames } from '../../bench/generate';
import { cleanEntryPredicate, NOT_CLEAN } from '../../server/src/service/rules/cleanEntry';
import { countKeys } from '../../server/src/service/entrySpans';
import type { PlainContext, PlainEntry, Rule } from '../../server/src/service/rules/rule';
import { entryValueIsValid } from '../../server/src/service/schema';
import { loadSeeds } from '../fuzz/corpus';
import { Rng } from '../fuzz/rng';
import { engineWorld } from '../fuzz/workspace';
import { entriesOf, mutatedEntry, predicateCases } from '../support/entryEdges';

describe('the fused predicate', function () {
  this.timeout(120_000);
  const world = engineWorld();
  const { benchFacts, factsVariants, defaultRules, ruleSets } = predicateCases(world);

  /** Asserts the implication for each entry, facts variant and rule set; returns [clean, not clean]. */
  function check(entries: readonly PlainEntry[], what: string): [number, number] {
    let clean = 0;
    let notClean = 0;
    for (const [factsName, facts] of factsVariants) {
      const context: PlainContext = { kind: 'catalog', facts };
      for (const [rulesName, rules] of ruleSets) {
        const predicate = cleanEntryPredicate(rules, context)!;
        assert.ok(predicate, `a predicate for ${rulesName}`);
        for (const entry of entries) {
          const keys = predicate(entry);
          if (keys === NOT_CLEAN) {
            notClean++;
            continue;
          }
          clean++;
          const where = `${what}, ${factsName} facts, ${rulesName}: ${JSON.stringify(entry.name)} ${entry.slice.slice(0, 400)}`;
          // The fast path finds a duplicate key by this count: one too many or too few would hide one or cost a tree.
          assert.equal(keys, countKeys(entry.value), `the keys counted on the way — ${where}`);
          assert.ok(entryValueIsValid('catalog', entry.value), `ajv accepts what is clean — ${where}`);
          for (const rule of rules) assert.equal(rule.mayReport!(entry, context), false, `${rule.id} may report on what is clean — ${where}`);
        }
      }
    }
    return [clean, notClean];
  }

  it('clears almost every entry of a generated catalog, and only entries no rule may report on', () => {
    const entries = entriesOf(generateCatalog(1000).text);
    const context: PlainContext = { kind: 'catalog', facts: benchFacts };
    const predicate = cleanEntryPredicate(defaultRules, context)!;
    const cleared = entries.filter((entry) => predicate(entry) !== NOT_CLEAN).length;
    assert.ok(cleared >= entries.length * 0.95, `${cleared} of ${entries.length} generated entries are clean`);
    // Every generated entry some rule may report on is refused (it carries a deliberate mistake or a finding).
    for (const entry of entries) {
      const reported = defaultRules.some((rule) => rule.mayReport!(entry, context));
      if (reported) assert.equal(predicate(entry), NOT_CLEAN, entry.name);
    }
    check(entries, 'generated');
  });

  it('holds on every seed and fixture catalog', () => {
    const entries = loadSeeds().flatMap((seed) => entriesOf(seed.text));
    assert.ok(entries.length > 100, `${entries.length} entries from the seeds and fixtures`);
    const [clean, notClean] = check(entries, 'seeds');
    assert.ok(clean > 0 && notClean > 0, `both answers occur (${clean} clean, ${notClean} not)`);
  });

  it('holds on entries mutated towards every edge of the schema and the rules', () => {
    const bases = [...entriesOf(generateCatalog(200).text), ...entriesOf(world.catalogText)];
    const variables = knownVariableNames();
    const rng = new Rng(0x5eed);
    const entries: PlainEntry[] = [];
    for (let i = 0; i < 6000; i++) entries.push(mutatedEntry(bases, variables, rng));
    const [clean, notClean] = check(entries, 'mutated');
    assert.ok(clean > 3000 && notClean > 3000, `both answers are common (${clean} clean, ${notClean} not)`);
  });

  it('answers only for rule sets it knows, on catalogs', () => {
    const context: PlainContext = { kind: 'catalog', facts: benchFacts };
    const injected: Rule = { id: 'injected', appliesTo: ['catalog'], mayReport: () => true, checkEntry: () => undefined };
    assert.equal(cleanEntryPredicate([...defaultRules, injected], context), undefined, 'an unknown rule: every mayReport runs');
    assert.equal(cleanEntryPredicate(defaultRules, { kind: 'roots', facts: benchFacts }), undefined, 'a roots index');
    assert.ok(cleanEntryPredicate([], context), 'no rules at all');
  });
});
