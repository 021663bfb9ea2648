import type { WorkspaceFacts } from './facts';
import type { Finding } from './findings';
import type { IndexEntry } from './model';
import { countKeys, scanEntrySpans, skipValue, type EntrySpan, type ScannedObject } from './entrySpans';
import { parseJson, type JsonNode } from './parse';
import type { PlainContext, PlainEntry, Rule, RuleContext } from './rules/rule';

/**
 * The fast path for catalogs (issue 6; bench/NOTES.md). A big catalog is almost all clean entries,
 * and building a node tree for each was most of a check's cost. So:
 *
 * 1. `scanEntrySpans` finds each entry's key and value without a tree;
 * 2. each value is read with `JSON.parse` (which also proves the slice strict);
 * 3. every rule's conservative `mayReport` and `groupKeys` decide whether the entry needs a tree;
 * 4. only those entries are parsed by `parseJson`, and the unchanged rules run on them.
 *
 * Every message and range still comes from the one implementation of each rule. Anything unusual —
 * a syntax problem, a duplicate top-level name, a `$schema` that is not a string, deep nesting, a
 * rule without `mayReport` — returns undefined and the engine takes the full parser.
 *
 * The state also lets an edit inside one entry's value re-check that entry alone (`recheckEdits`).
 */

/** Entries nested deeper than this take the full parser, whose walks are all iterative. */
const MAX_PLAIN_DEPTH = 48;

interface TreeEntry {
  /** The rules (bit `1 << index`) that see this entry: those that may report on it or group it. */
  rules: number;
  entry: IndexEntry;
  /** The entry's own parse findings (duplicate keys inside it), in document offsets. */
  parseFindings: Finding[];
}

interface EntryFacts {
  /** `$schema` is not an entry: it only has to be a string. */
  isSchema: boolean;
  /** Its group keys: `groupKeys[i]` is a key of the rule at index `groupRules[i]`. */
  groupRules: readonly number[];
  groupKeys: readonly string[];
  /** The rules (bit `1 << index`) that may report on it; all of them when a duplicate key hides inside it. */
  reporters: number;
}

const NONE: readonly never[] = [];

export interface FastState {
  readonly text: string;
  readonly object: ScannedObject;
  /** Parallel to object.spans. */
  readonly entries: EntryFacts[];
  /** Span index → tree, for entries that need one (mayReport or a group member). */
  readonly trees: Map<number, TreeEntry>;
  /** Per rule (by index), group key → number of entries carrying it. */
  readonly groupSizes: readonly Map<string, number>[];
  readonly rules: readonly Rule[];
  readonly facts: WorkspaceFacts;
}

export interface FastResult {
  state: FastState;
  /** Unresolved findings (before severities and the size cap). */
  findings: Finding[];
  /** Entries (not counting `$schema`). */
  entryCount: number;
}

export type RunRule = (rule: Rule, run: () => void) => void;

/** A text edit in the previous version's offsets: [start, end) replaced by `text`. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/** Only rules that can say "no tree needed" allow the fast path. */
export function fastPathPossible(rules: readonly Rule[]): boolean {
  return rules.length <= MAX_RULES && rules.every((rule) => rule.mayReport !== undefined);
}

/** Rule sets are bit masks. */
const MAX_RULES = 30;

export function fastCheck(text: string, facts: WorkspaceFacts, rules: readonly Rule[], runRule: RunRule): FastResult | undefined {
  if (!fastPathPossible(rules)) return undefined;
  const object = scanEntrySpans(text);
  if (!object) return undefined;
  const context: PlainContext = { kind: 'catalog', facts };
  const names = new Set<string>();
  const entries: EntryFacts[] = [];
  for (const span of object.spans) {
    const read = readEntry(text, span);
    if (!read || names.has(read.name)) return undefined;
    names.add(read.name);
    const facts = entryFacts(read, span, rules, context);
    if (!facts) return undefined;
    entries.push(facts);
  }
  const groupSizes = rules.map(() => new Map<string, number>());
  for (const entry of entries) {
    entry.groupKeys.forEach((key, i) => {
      const sizes = groupSizes[entry.groupRules[i]];
      sizes.set(key, (sizes.get(key) ?? 0) + 1);
    });
  }
  const state: FastState = { text, object, entries, trees: new Map(), groupSizes, rules, facts };
  entries.forEach((entry, index) => {
    const rules = rulesSeeing(state, entry);
    if (rules !== 0) state.trees.set(index, entryTree(text, object.spans[index], rules));
  });
  return result(state, runRule);
}

/**
 * The next version after `edits` (each in the offsets of the text the previous ones produced).
 * When every edit falls strictly inside one entry's value, and each such value still scans to its
 * shifted end, only those entries are read again; otherwise undefined (check the whole text).
 * The previous state is consumed: its trees are moved, not copied.
 */
export function recheckEdits(previous: FastState, edits: readonly OffsetEdit[], text: string, runRule: RunRule): FastResult | undefined {
  let spans = previous.object.spans.slice();
  let objectEnd = previous.object.end;
  let totalDelta = 0;
  const dirty = new Set<number>();
  const shifts: { after: number; by: number }[] = [];
  for (const edit of edits) {
    const index = spanAt(spans, edit.start);
    const span = spans[index];
    if (!span || edit.start <= span.valueStart || edit.end >= span.valueEnd) return undefined;
    const delta = edit.text.length - (edit.end - edit.start);
    dirty.add(index);
    totalDelta += delta;
    if (delta === 0) continue;
    spans = spans.map((s, i) => (i < index ? s : i === index ? { ...s, valueEnd: s.valueEnd + delta } : shiftSpan(s, delta)));
    objectEnd += delta;
    shifts.push({ after: index, by: delta });
  }
  if (previous.text.length + totalDelta !== text.length) return undefined;
  const object: ScannedObject = { start: previous.object.start, end: objectEnd, spans };
  const context: PlainContext = { kind: 'catalog', facts: previous.facts };
  const entries = previous.entries.slice();
  const groupSizes = previous.groupSizes;
  /** Groups that went from one member to two or back: their other members gain or lose a rule. */
  const regrouped: { rule: number; key: string }[] = [];
  for (const index of dirty) {
    const span = spans[index];
    const counter = { keys: 0, depth: 0 };
    if (skipValue(text, span.valueStart, counter) !== span.valueEnd) return undefined;
    const rescanned: EntrySpan = { ...span, keyCount: counter.keys, depth: counter.depth };
    spans[index] = rescanned;
    const read = readEntry(text, rescanned);
    const facts = read && entryFacts(read, rescanned, previous.rules, context);
    if (!facts || facts.isSchema !== entries[index].isSchema) return undefined;
    if (!sameGroups(facts, entries[index])) {
      // An npx entry's package or a name's sanitised form changed: move it between groups.
      forEachGroup(entries[index], (rule, key) => {
        const size = groupSizes[rule].get(key)! - 1;
        if (size === 0) groupSizes[rule].delete(key);
        else groupSizes[rule].set(key, size);
        if (size === 1) regrouped.push({ rule, key });
      });
      forEachGroup(facts, (rule, key) => {
        const size = (groupSizes[rule].get(key) ?? 0) + 1;
        groupSizes[rule].set(key, size);
        if (size === 2) regrouped.push({ rule, key });
      });
    }
    entries[index] = facts;
  }
  // Trees of untouched entries move with the text; edited entries get new ones.
  const trees = previous.trees;
  for (const { after, by } of shifts) {
    for (const [index, tree] of trees) if (index > after) shiftTree(tree, by);
  }
  const state: FastState = { text, object, entries, trees, groupSizes, rules: previous.rules, facts: previous.facts };
  for (const index of dirty) {
    trees.delete(index);
    const rules = rulesSeeing(state, entries[index]);
    if (rules !== 0) trees.set(index, entryTree(text, spans[index], rules));
  }
  if (regrouped.length > 0) {
    entries.forEach((entry, index) => {
      if (dirty.has(index) || !entry.groupKeys.some((key, i) => regrouped.some((group) => group.key === key && group.rule === entry.groupRules[i]))) return;
      const rules = rulesSeeing(state, entry);
      const tree = trees.get(index);
      if (rules === 0) trees.delete(index);
      else if (tree) tree.rules = rules;
      else trees.set(index, entryTree(text, spans[index], rules));
    });
  }
  return result(state, runRule);
}

function forEachGroup(entry: EntryFacts, visit: (rule: number, key: string) => void): void {
  entry.groupKeys.forEach((key, i) => visit(entry.groupRules[i], key));
}

/**
 * Each rule over the entries it sees, in document order, as if the document held only those: a
 * rule's findings on an entry never depend on entries it cannot report on or group with (which is
 * what `mayReport` and `groupKeys` promise), so they are exactly its findings on the whole text.
 */
function result(state: FastState, runRule: RunRule): FastResult {
  const indices = [...state.trees.keys()].sort((a, b) => a - b);
  const trees = indices.map((index) => state.trees.get(index)!);
  const findings: Finding[] = [];
  for (const tree of trees) findings.push(...tree.parseFindings);
  const { text, object } = state;
  const root: JsonNode = { type: 'object', offset: object.start, length: object.end - object.start, children: [] };
  for (const tree of trees) {
    tree.entry.property.parent = root;
    root.children!.push(tree.entry.property);
  }
  const parsed = { text, root, findings: [], strictErrors: false, maxDepth: 0 };
  state.rules.forEach((rule, r) => {
    const context: RuleContext = {
      kind: 'catalog',
      text,
      parsed,
      root,
      entries: trees.filter((tree) => (tree.rules & (1 << r)) !== 0).map((tree) => tree.entry),
      facts: state.facts,
      report: (finding) => findings.push(finding),
    };
    if (rule.checkDocument) runRule(rule, () => rule.checkDocument!(context));
    if (rule.checkEntry) for (const entry of context.entries) runRule(rule, () => rule.checkEntry!(entry, context));
  });
  return { state, findings, entryCount: state.entries.filter((entry) => !entry.isSchema).length };
}

/** The rules that must see this entry: those that may report on it, and those grouping it with another. */
function rulesSeeing(state: FastState, entry: EntryFacts): number {
  let rules = entry.reporters;
  entry.groupKeys.forEach((key, i) => {
    const rule = entry.groupRules[i];
    if ((state.groupSizes[rule].get(key) ?? 0) > 1) rules |= 1 << rule;
  });
  return rules;
}

/** The entry's name and plain value, or undefined when only the full parser can judge it. */
function readEntry(text: string, span: EntrySpan): PlainEntry | undefined {
  if (span.depth > MAX_PLAIN_DEPTH) return undefined;
  const keySlice = text.slice(span.keyStart, span.keyEnd);
  let name: string;
  try {
    name = keySlice.includes('\\') ? (JSON.parse(keySlice) as string) : keySlice.slice(1, -1);
    // A raw control character is a syntax error JSON.parse was not asked about.
    if (/[\u0000-\u001f]/.test(keySlice)) return undefined;
    const slice = text.slice(span.valueStart, span.valueEnd);
    return { name, value: JSON.parse(slice) as unknown, slice };
  } catch {
    return undefined;
  }
}

function entryFacts(entry: PlainEntry, span: EntrySpan, rules: readonly Rule[], context: PlainContext): EntryFacts | undefined {
  if (entry.name === '$schema') return typeof entry.value === 'string' ? { isSchema: true, groupRules: NONE, groupKeys: NONE, reporters: 0 } : undefined;
  // A duplicate key: the tree's findings (and its shadowed properties) are every rule's business.
  const duplicateKey = countKeys(entry.value) !== span.keyCount;
  let reporters = 0;
  let groupRules: number[] | undefined;
  let groupKeys: string[] | undefined;
  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r];
    if (duplicateKey || rule.mayReport!(entry, context)) reporters |= 1 << r;
    if (!rule.groupKeys) continue;
    for (const key of rule.groupKeys(entry, context)) {
      (groupRules ??= []).push(r);
      (groupKeys ??= []).push(key);
    }
  }
  return { isSchema: false, groupRules: groupRules ?? NONE, groupKeys: groupKeys ?? NONE, reporters };
}

/**
 * The tree of one entry with offsets in the whole document. It is parsed inside a one-property
 * object so its depth — and so duplicate-key severities and paths — is what it is in the document.
 */
function entryTree(text: string, span: EntrySpan, rules: number): TreeEntry {
  const base = span.keyStart - 1;
  const parsed = parseJson(`{${text.slice(span.keyStart, span.valueEnd)}}`);
  const property = parsed.root!.children![0];
  const tree: TreeEntry = {
    rules,
    entry: { name: property.children![0].value as string, property, keyNode: property.children![0], valueNode: property.children![1] },
    parseFindings: parsed.findings,
  };
  shiftTree(tree, base);
  return tree;
}

function shiftTree(tree: TreeEntry, by: number): void {
  const work: JsonNode[] = [tree.entry.property];
  while (work.length) {
    const node = work.pop()!;
    node.offset += by;
    if (node.colonOffset !== undefined) node.colonOffset += by;
    if (node.children) for (const child of node.children) work.push(child);
  }
  tree.parseFindings = tree.parseFindings.map((finding) => {
    const data = finding.data as { earlierOffset?: number } | undefined;
    return {
      ...finding,
      start: finding.start + by,
      end: finding.end + by,
      data: data?.earlierOffset !== undefined ? { ...data, earlierOffset: data.earlierOffset + by } : finding.data,
      related: finding.related?.map((related) => (related.path === undefined ? { ...related, start: related.start + by, end: related.end + by } : related)),
    };
  });
}

function shiftSpan(span: EntrySpan, by: number): EntrySpan {
  return { ...span, keyStart: span.keyStart + by, keyEnd: span.keyEnd + by, valueStart: span.valueStart + by, valueEnd: span.valueEnd + by };
}

/** Index of the last span starting at or before `offset` (-1 before the first). */
function spanAt(spans: readonly EntrySpan[], offset: number): number {
  let low = 0;
  let high = spans.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (spans[mid].keyStart <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

function sameGroups(a: EntryFacts, b: EntryFacts): boolean {
  return a.groupKeys.length === b.groupKeys.length && a.groupKeys.every((key, i) => key === b.groupKeys[i] && a.groupRules[i] === b.groupRules[i]);
}
