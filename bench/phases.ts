/**
 * Where the time of our check goes: its stages (the strict parse, each rule over every entry, the
 * re-check of one edited entry) timed on their own, next to the floors (`JSON.parse`,
 * jsonc-parser's `visit()` and `parseTree`, the editor document store's update). The full check
 * itself is the "ours" column of the main table. Medians of `runs` runs.
 */

import { parseTree, visit } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkDocument, recheckDocument, resolveSeverities, RULES } from '../server/src/service/engine';
import type { WorkspaceFacts } from '../server/src/service/facts';
import { indexEntries } from '../server/src/service/model';
import { parseJson, scanJson } from '../server/src/service/parse';
import type { RuleContext } from '../server/src/service/rules/rule';
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
  add('strict parse (parse.ts → strictTree.ts)', 'the tree every rule and feature reads', () => parseJson(text));
  add('strict parse on the scanner alone (scanJson)', 'what a file with a finding (a comment, a duplicate key) takes', () => scanJson(text));
  const parsed = parseJson(text);
  const entries = indexEntries(parsed.root);
  const context: RuleContext = { kind: 'catalog', text, parsed, root: parsed.root!, entries, facts, report: () => undefined };
  for (const rule of RULES) {
    if (!rule.appliesTo.includes('catalog')) continue;
    add(
      `rule: ${rule.id}`,
      `${rule.checkEntry ? 'checkEntry on every entry' : ''}${rule.checkEntry && rule.checkDocument ? ' + ' : ''}${rule.checkDocument ? 'checkDocument' : ''}`,
      () => {
        rule.checkDocument?.(context);
        if (rule.checkEntry) for (const entry of entries) rule.checkEntry(entry, context);
      },
    );
  }
  const result = checkDocument(text, 'catalog', facts);
  add('the whole check', `${result.entryCount} entries, ${result.findings.length} findings`, () => checkDocument(text, 'catalog', facts));
  // One character typed in the middle entry's value, then taken back: each run re-checks an edit.
  const middle = entries[entries.length >> 1].valueNode!;
  const at = middle.offset + 1;
  const edited = `${text.slice(0, at)} ${text.slice(at)}`;
  let current = checkDocument(text, 'catalog', facts);
  let odd = false;
  add('re-check after a one-character edit (recheckDocument)', 'the edited entry parsed again, its checkEntry and every checkDocument', () => {
    odd = !odd;
    current = odd
      ? recheckDocument(current, [{ start: at, end: at, text: ' ' }], edited, 'catalog', facts)
      : recheckDocument(current, [{ start: at, end: at + 1, text: '' }], text, 'catalog', facts);
  });
  // The same keystroke in the document store every server on vscode-languageserver keeps (ours and the
  // protocol floor's TextDocuments): its update concatenates, and the next edit's substring flattens
  // the whole text again, so it grows with the file and is part of every edit's floor.
  const store = TextDocument.create('file:///catalog-mcp.json', 'json', 1, text);
  const position = store.positionAt(at);
  let version = 1;
  add('document store: one-character update (TextDocument.update)', "what every keystroke costs before any server's own work", () => {
    version++;
    const range = { start: position, end: version % 2 === 0 ? position : { line: position.line, character: position.character + 1 } };
    TextDocument.update(store, [{ range, text: version % 2 === 0 ? ' ' : '' }], version);
  });
  add('resolveSeverities', 'dedupe + sort', () => resolveSeverities(result.findings));
  add('LineIndex + reportFindings', 'offsets → LSP ranges (server and CLI only)', () =>
    reportFindings(text, result.findings, { read: () => undefined, list: () => undefined, realPath: (p) => ({ real: p }) }, new LineIndex(text)),
  );
  return phases;
}
