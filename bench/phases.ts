/**
 * Where the time of our full check goes: the fast path's stages (scan, JSON.parse per entry, each
 * rule's mayReport) timed on their own, next to the floors (`JSON.parse`, jsonc-parser's `visit()`
 * and `parseTree`) and the full parser the fast path avoids. The full check itself is the "ours"
 * column of the main table. Medians of `runs` runs.
 */

import { parseTree, visit } from 'jsonc-parser';
import { checkDocument, resolveSeverities, RULES } from '../server/src/service/engine';
import { scanEntrySpans } from '../server/src/service/entrySpans';
import { readEntry } from '../server/src/service/fastCheck';
import type { WorkspaceFacts } from '../server/src/service/facts';
import type { PlainEntry } from '../server/src/service/rules/rule';
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
  add(
    'full parser: checkDocument with fastPath: false',
    'a tree for every entry and every rule on every entry (the engine before the fast path; still the path for broken or unusual files)',
    () => checkDocument(text, 'catalog', facts, { fastPath: false }),
  );

  // The fast path's stages (engine.ts → fastCheck.ts), each on its own.
  add('fast path: scanEntrySpans', 'entry boundaries and key counts, no tree', () => scanEntrySpans(text));
  const scanned = scanEntrySpans(text)!;
  const indices = Array.from({ length: scanned.count }, (_, index) => index);
  const read = (): PlainEntry[] => indices.map((index) => readEntry(text, scanned.spans, index)!);
  add('fast path: reading every entry', 'JSON.parse of each key and value slice', read);
  const plain = read();
  const entries = plain.filter((entry) => entry.name !== '$schema');
  const context = { kind: 'catalog' as const, facts };
  for (const rule of RULES) {
    if (!rule.appliesTo.includes('catalog') || !rule.mayReport) continue;
    add(
      `fast path: ${rule.id} mayReport${rule.groupKeys ? ' + groupKeys' : ''}`,
      `over all entries; says yes to ${entries.filter((entry) => rule.mayReport!(entry, context)).length}`,
      () => {
        for (const entry of entries) {
          rule.mayReport!(entry, context);
          rule.groupKeys?.(entry, context);
        }
      },
    );
  }
  const result = checkDocument(text, 'catalog', facts);
  add('fast path: the whole check', `${result.fast?.trees.size ?? 'no'} of ${result.entryCount} entries get a tree`, () =>
    checkDocument(text, 'catalog', facts),
  );
  add('resolveSeverities', 'dedupe + sort', () => resolveSeverities(result.findings));
  const lines = new LineIndex(text);
  add('LineIndex + reportFindings', 'offsets → LSP ranges (server and CLI only)', () =>
    reportFindings(text, result.findings, { read: () => undefined, list: () => undefined }, new LineIndex(text)),
  );
  const middle = text.length >> 1;
  const edited = `${text.slice(0, middle)}X${text.slice(middle + 1)}`;
  add('LineIndex.afterEdit', 'the server carries the line index through an edit instead', () => lines.afterEdit(middle, middle + 1, 'X', edited));
  return phases;
}
