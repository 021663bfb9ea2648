/**
 * Where the time of our full check goes: each stage of `checkDocument` timed on its own, next to
 * the floors a faster engine could approach (`JSON.parse`, jsonc-parser's `visit()` and
 * `parseTree`). Mirrors engine.ts's pipeline with the same exported pieces; the full check itself is
 * the "ours" column of the main table. Medians of `runs` runs.
 */

import { parseTree, visit } from 'jsonc-parser';
import { checkDocument, resolveSeverities, RULES } from '../server/src/service/engine';
import type { WorkspaceFacts } from '../server/src/service/facts';
import type { Finding } from '../server/src/service/findings';
import { indexEntries } from '../server/src/service/model';
import { nodeValue, parseJson } from '../server/src/service/parse';
import type { RuleContext } from '../server/src/service/rules/rule';
import { validateEntryValue } from '../server/src/service/schema';
import { reportFindings } from '../server/src/node/report';
import { LineIndex } from '../server/src/service/text';
import { collectGarbage, median, now } from './util';

export interface Phase {
  name: string;
  ms: number;
  note: string;
}

function time(runs: number, run: () => unknown): number {
  const samples: number[] = [];
  run();
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const started = now();
    run();
    samples.push(now() - started);
  }
  return median(samples);
}

export function measurePhases(text: string, facts: WorkspaceFacts, runs = 5): Phase[] {
  const phases: Phase[] = [];
  const add = (name: string, note: string, run: () => unknown): void => {
    phases.push({ name, ms: time(runs, run), note });
  };

  add('JSON.parse (floor)', 'V8 reading the bytes: the least any checker can do', () => JSON.parse(text));
  add('jsonc-parser visit() (no-op visitor)', "the scanner's streaming pass", () => visit(text, {}));
  add('jsonc-parser parseTree', 'a full node tree, no decoding of duplicates', () => parseTree(text));
  add('parseJson (ours)', 'strict scanner pass + tree + duplicate keys', () => parseJson(text));

  const parsed = parseJson(text);
  const root = parsed.root!;
  add('indexEntries', 'effective top-level properties', () => indexEntries(root));
  const entries = indexEntries(root);
  const objects = entries.filter((entry) => entry.valueNode?.type === 'object');
  add('nodeValue for every entry', 'tree → plain JS values for ajv', () => objects.map((entry) => nodeValue(entry.valueNode)));
  const values = objects.map((entry) => nodeValue(entry.valueNode));
  add('ajv validate every entry', 'precompiled validator, values prebuilt', () => values.map((value) => validateEntryValue('catalog', value)));

  const findings: Finding[] = [];
  const context: RuleContext = { kind: 'catalog', text, parsed, root, entries, facts, report: (finding) => findings.push(finding) };
  for (const rule of RULES) {
    if (!rule.appliesTo.includes('catalog')) continue;
    add(`rule: ${rule.id}`, rule.id === 'structure' ? 'includes nodeValue + ajv + finding mapping' : 'checkDocument + checkEntry over all entries', () => {
      findings.length = 0;
      rule.checkDocument?.(context);
      if (rule.checkEntry) for (const entry of entries) rule.checkEntry(entry, context);
    });
  }
  const all = checkDocument(text, 'catalog', facts).findings;
  add('resolveSeverities', 'dedupe + sort', () => resolveSeverities([...parsed.findings, ...all]));
  add('LineIndex + reportFindings', 'offsets → LSP ranges (server and CLI only)', () => reportFindings(text, all, { read: () => undefined, list: () => undefined }, new LineIndex(text)));
  return phases;
}
