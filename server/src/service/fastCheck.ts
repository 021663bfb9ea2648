import type { TextSource } from './pieceText';
import type { WorkspaceFacts } from './facts';
import type { Finding } from './findings';
import { DEPTH, KEY_COUNT, KEY_END, KEY_START, scanEntrySpans, skipValue, spanAt, SPAN_FIELDS, VALUE_END, VALUE_START, type ScannedObject } from './entrySpans';
import { entryAt, entryTree, readEntry, shiftFinding, shiftTree, type TreeEntry } from './fastEntries';
import { judge, judgeEntries, SCHEMA } from './fastJudge';
import type { JsonNode, ParsedJson } from './parse';
import { cleanEntryPredicate, type CleanEntry } from './rules/cleanEntry';
import { OVERWRITTEN } from './rules/ineffective';
import { scanWithVerdicts, wasmScanPolicy } from './wasmScan';
import type { GroupKeys as Keys, PlainContext, Rule, RuleContext } from './rules/rule';

/**
 * The fast path for catalogs (bench/NOTES.md). A big catalog is almost all clean entries,
 * and building a node tree for each was most of a check's cost. So:
 *
 * 1. `scanEntrySpans` finds each entry's key and value without a tree;
 * 2. each value is read with `JSON.parse` (which also proves the slice strict);
 * 3. one fused walk (rules/cleanEntry.ts) clears the usual clean entry; for any other, every rule's
 *    conservative `mayReport` and `groupKeys` decide whether the entry needs a tree;
 * 4. only those entries are parsed by `parseJson`, and the unchanged rules run on them.
 *
 * Every message and range still comes from the one implementation of each rule. Anything unusual —
 * a syntax problem, a duplicate top-level name, a `$schema` that is not a string, deep nesting, a
 * rule without `mayReport` — returns undefined and the engine takes the full parser.
 *
 * The state also lets an edit inside one entry's value re-check that entry alone (`recheckEdits`).
 */

/**
 * What the fast path keeps per document, in flat arrays indexed by entry (the garbage collector
 * copies young objects that survive; a table of 10,000 small objects was a tenth of a check).
 */
export interface FastState {
  /** On a keystroke, the text's pieces (service/pieceText.ts): only the edited entries are read. */
  readonly text: TextSource;
  readonly object: ScannedObject;
  /** Per entry, the rules (bit `1 << index`) that may report on it; all of them for a duplicate key inside. */
  readonly reporters: Int32Array;
  /** The `$schema` entry's index, or -1. */
  readonly schemaIndex: number;
  /** Per rule with `groupKeys`, per entry, its keys. */
  readonly groupKeys: (Keys[] | undefined)[];
  /** Per rule, group key → number of entries in the group. */
  readonly groupSizes: readonly Map<string, number>[];
  /** Per entry, the rules whose groups it joins by its name (`groupsIncludeNamed`). */
  readonly namedMembers: Int32Array;
  /** Entry index → tree, for entries that need one. */
  readonly trees: Map<number, TreeEntry>;
  readonly rules: readonly Rule[];
  readonly facts: WorkspaceFacts;
  /** The fused predicate for these rules and facts, when it knows them all. */
  readonly clean: CleanEntry | undefined;
  /**
   * Per rule with `checkDocument`, what it reported over the entries it sees, kept until one of
   * those entries or its groups change; undefined: run it.
   */
  readonly documentFindings: (Finding[] | undefined)[];
  /**
   * Per entry, its key's offset, line and line start, from the WebAssembly scanner: for the text
   * this state was built from only (an edit's re-check drops them). text.ts `positionsOf` starts
   * there.
   */
  readonly lineAnchors?: Int32Array;
  /**
   * Set once the next version's re-check took this state over (its tables now describe that
   * version): whoever still holds this version must not read them.
   */
  consumed?: boolean;
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

export function fastCheck(text: string, facts: WorkspaceFacts, rules: readonly Rule[], runRule: RunRule, useWasm?: boolean): FastResult | undefined {
  if (!fastPathPossible(rules)) return undefined;
  const context: PlainContext = { kind: 'catalog', facts };
  const clean = cleanEntryPredicate(rules, context);
  // The WebAssembly scanner judges entries as it finds them; without the fused predicate it has nothing to judge for.
  const wasm = clean !== undefined && (useWasm ?? text.length >= wasmScanPolicy.minLength);
  const scan = wasm ? scanWithVerdicts(text, clean.knownNames(), OVERWRITTEN, clean.rootNames()) : undefined;
  const object = scan?.object ?? scanEntrySpans(text);
  if (!object) return undefined;
  const reporters = new Int32Array(object.count);
  const groupKeys: (Keys[] | undefined)[] = rules.map((rule) => (rule.groupKeys ? new Array<Keys>(object.count) : undefined));
  const judged = judgeEntries(text, object, scan, rules, context, clean, groupKeys, reporters);
  if (!judged) return undefined;
  const { entryNamed, schemaIndex } = judged;
  const groupSizes = rules.map(() => new Map<string, number>());
  for (let r = 0; r < groupKeys.length; r++) {
    const perEntry = groupKeys[r];
    if (perEntry) for (let index = 0; index < perEntry.length; index++) countInto(perEntry[index], groupSizes[r]);
  }
  // Groups that take in the entry named like their key (tool names).
  const namedMembers = new Int32Array(object.count);
  rules.forEach((rule, r) => {
    if (!rule.groupsIncludeNamed) return;
    for (const [key, size] of groupSizes[r]) {
      const named = entryNamed(key);
      if (named === undefined || hasKey(groupKeys[r]?.[named], key)) continue;
      groupSizes[r].set(key, size + 1);
      namedMembers[named] |= 1 << r;
    }
  });
  const state: FastState = {
    text,
    object,
    lineAnchors: scan?.lineAnchors,
    reporters,
    schemaIndex,
    groupKeys,
    groupSizes,
    namedMembers,
    trees: new Map(),
    rules,
    facts,
    clean,
    documentFindings: rules.map(() => undefined),
  };
  for (let index = 0; index < object.count; index++) {
    const seeing = rulesSeeing(state, index);
    if (seeing !== 0) state.trees.set(index, entryTree(text, spanAt(object.spans, index), seeing));
  }
  return result(state, runRule);
}

/**
 * The next version after `edits` (each in the offsets of the text the previous ones produced).
 * When every edit falls strictly inside one entry's value, and each such value still scans to its
 * shifted end, only those entries are read again; otherwise undefined (check the whole text).
 * The previous state is consumed: its tables and trees are updated in place.
 */
export function recheckEdits(previous: FastState, edits: readonly OffsetEdit[], text: TextSource, runRule: RunRule): FastResult | undefined {
  if (previous.consumed) return undefined;
  previous.consumed = true;
  const { object, reporters, groupKeys, groupSizes, trees, documentFindings } = previous;
  const spans = object.spans;
  let objectEnd = object.end;
  let totalDelta = 0;
  const dirty = new Set<number>();
  for (const edit of edits) {
    const index = entryAt(object, edit.start);
    if (index < 0) return undefined;
    const at = index * SPAN_FIELDS;
    if (edit.start <= spans[at + VALUE_START] || edit.end >= spans[at + VALUE_END]) return undefined;
    const delta = edit.text.length - (edit.end - edit.start);
    dirty.add(index);
    totalDelta += delta;
    if (delta === 0) continue;
    spans[at + VALUE_END] += delta;
    for (let later = at + SPAN_FIELDS; later < spans.length; later += SPAN_FIELDS) {
      spans[later + KEY_START] += delta;
      spans[later + KEY_END] += delta;
      spans[later + VALUE_START] += delta;
      spans[later + VALUE_END] += delta;
    }
    objectEnd += delta;
    // Trees of untouched entries move with the text, their findings too; edited entries get new ones below.
    for (const [treeIndex, tree] of trees) if (treeIndex > index) shiftTree(tree, delta);
    // Offsets in the previous version from the edit's end on move (inside the edited entry only
    // stale findings lie, and those are recomputed).
    const from = edit.end;
    for (let r = 0; r < documentFindings.length; r++) {
      const kept = documentFindings[r];
      if (kept) documentFindings[r] = kept.map((finding) => shiftFinding(finding, from, delta));
    }
  }
  if (previous.text.length + totalDelta !== text.length) return undefined;
  const next: ScannedObject = { start: object.start, end: objectEnd, count: object.count, spans };
  const context: PlainContext = { kind: 'catalog', facts: previous.facts };
  /** Groups that went from one member to two or back: their other members gain or lose a rule. */
  const regrouped: { rule: number; key: string }[] = [];
  let changedNamedGroup = false;
  for (const index of dirty) {
    const at = index * SPAN_FIELDS;
    const counter = { keys: 0, depth: 0 };
    // The value alone: scanning it inside the whole text would make V8 copy all of the text.
    const value = text.slice(spans[at + VALUE_START], spans[at + VALUE_END]);
    if (skipValue(value, 0, counter) !== value.length) return undefined;
    spans[at + KEY_COUNT] = counter.keys;
    spans[at + DEPTH] = counter.depth;
    const read = readEntry(text, spans, index);
    const before = groupKeys.map((perEntry) => perEntry?.[index]);
    const judged = read && judge(read, counter.keys, previous.rules, context, previous.clean, groupKeys, index);
    if (judged === undefined || (judged === SCHEMA) !== (index === previous.schemaIndex)) return undefined;
    if (judged === SCHEMA) continue;
    reporters[index] = judged;
    groupKeys.forEach((perEntry, r) => {
      if (!perEntry) return;
      const after = perEntry[index];
      if (sameKeys(before[r], after)) return;
      if (previous.rules[r].groupsIncludeNamed) changedNamedGroup = true;
      // An npx entry's package or a name's sanitised form changed: move it between groups.
      const sizes = groupSizes[r];
      forEachKey(before[r], (key) => {
        const size = sizes.get(key)! - 1;
        if (size === 0) sizes.delete(key);
        else sizes.set(key, size);
        if (size === 1) regrouped.push({ rule: r, key });
      });
      forEachKey(after, (key) => {
        const size = (sizes.get(key) ?? 0) + 1;
        sizes.set(key, size);
        if (size === 2) regrouped.push({ rule: r, key });
      });
    });
  }
  // Keys that depend on names cannot change inside a value; if one did, start over.
  if (changedNamedGroup) return undefined;
  const state: FastState = { ...previous, text, object: next, lineAnchors: undefined, consumed: false };
  /** Document rules whose entries changed: they run again, the others' findings are kept. */
  let stale = 0;
  for (const index of dirty) {
    stale |= trees.get(index)?.rules ?? 0;
    trees.delete(index);
    const seeing = rulesSeeing(state, index);
    stale |= seeing;
    if (seeing !== 0) trees.set(index, entryTree(text, spanAt(spans, index), seeing));
  }
  for (const { rule, key } of regrouped) {
    stale |= 1 << rule;
    const perEntry = groupKeys[rule]!;
    for (let index = 0; index < next.count; index++) {
      if (dirty.has(index) || !hasKey(perEntry[index], key)) continue;
      const seeing = rulesSeeing(state, index);
      const tree = trees.get(index);
      stale |= (tree?.rules ?? 0) ^ seeing;
      if (seeing === 0) trees.delete(index);
      else if (!tree) trees.set(index, entryTree(text, spanAt(spans, index), seeing));
      else if (tree.rules !== seeing) {
        tree.rules = seeing;
        tree.findings = undefined;
      }
    }
  }
  for (let r = 0; r < documentFindings.length; r++) if (stale & (1 << r)) documentFindings[r] = undefined;
  return result(state, runRule);
}

/**
 * The parse an editor feature at `offset` needs: when the offset is inside one entry
 * (its key too, when `withKey`), a document holding only that entry's tree — enough for a hover
 * or a completion there, for the cost of one entry instead of the whole catalog. Undefined
 * anywhere else (between entries, on `$schema`): use the whole tree.
 */
export function entryParseAt(state: FastState, offset: number, withKey: boolean): ParsedJson | undefined {
  if (state.consumed) return undefined;
  const index = entryAt(state.object, offset);
  if (index < 0 || index === state.schemaIndex) return undefined;
  const span = spanAt(state.object.spans, index);
  if (offset > span.valueEnd || (withKey ? offset < span.keyStart : offset <= span.valueStart || offset >= span.valueEnd)) return undefined;
  const tree = entryTree(state.text, span, 0);
  const root: JsonNode = { type: 'object', offset: state.object.start, length: state.object.end - state.object.start, children: [tree.entry.property] };
  tree.entry.property.parent = root;
  return { text: state.text.toString(), root, findings: tree.parseFindings, strictErrors: false, maxDepth: 0 };
}

function forEachKey(keys: Keys, visit: (key: string) => void): void {
  if (keys === undefined) return;
  if (typeof keys === 'string') visit(keys);
  else for (const key of keys) visit(key);
}

function hasKey(keys: Keys, key: string): boolean {
  return keys === key || (Array.isArray(keys) && keys.includes(key));
}

function sameKeys(a: Keys, b: Keys): boolean {
  if (a === b) return true;
  const left = typeof a === 'string' ? [a] : (a ?? []);
  const right = typeof b === 'string' ? [b] : (b ?? []);
  return left.length === right.length && left.every((key, i) => key === right[i]);
}

/**
 * Each rule over the entries it sees, in document order, as if the document held only those: a
 * rule's findings on an entry never depend on entries it cannot report on or group with (which is
 * what `mayReport` and `groupKeys` promise), so they are exactly its findings on the whole text.
 * What an entry's `checkEntry` rules and each `checkDocument` reported is kept (TreeEntry.findings,
 * FastState.documentFindings) and only what an edit made stale runs again (bench/NOTES.md).
 */
function result(state: FastState, runRule: RunRule): FastResult {
  const indices = [...state.trees.keys()].sort((a, b) => a - b);
  const trees = indices.map((index) => state.trees.get(index)!);
  const { text, object, rules, documentFindings } = state;
  const root: JsonNode = { type: 'object', offset: object.start, length: object.end - object.start, children: [] };
  for (const tree of trees) {
    tree.entry.property.parent = root;
    root.children!.push(tree.entry.property);
  }
  // The rules read stretches of `text`; the parse's whole text is joined only if something asks for it.
  const parsed = {
    get text(): string {
      return text.toString();
    },
    root,
    findings: [],
    strictErrors: false,
    maxDepth: 0,
  };
  const contexts: (RuleContext | undefined)[] = [];
  const contextFor = (r: number, into: Finding[]): RuleContext => {
    const entries = contexts[r]?.entries ?? trees.filter((tree) => (tree.rules & (1 << r)) !== 0).map((tree) => tree.entry);
    const context: RuleContext = { kind: 'catalog', text, parsed, root, entries, facts: state.facts, report: (finding) => into.push(finding) };
    contexts[r] = context;
    return context;
  };
  const findings: Finding[] = [];
  for (const tree of trees) {
    for (const finding of tree.parseFindings) findings.push(finding);
    if (!tree.findings) {
      const own: Finding[] = [];
      rules.forEach((rule, r) => {
        if (!rule.checkEntry || (tree.rules & (1 << r)) === 0) return;
        const context = contextFor(r, own);
        runRule(rule, () => rule.checkEntry!(tree.entry, context));
      });
      tree.findings = own;
    }
    for (const finding of tree.findings) findings.push(finding);
  }
  rules.forEach((rule, r) => {
    if (!rule.checkDocument) return;
    let kept = documentFindings[r];
    if (!kept) {
      const own: Finding[] = [];
      const context = contextFor(r, own);
      runRule(rule, () => rule.checkDocument!(context));
      documentFindings[r] = kept = own;
    }
    for (const finding of kept) findings.push(finding);
  });
  return { state, findings, entryCount: state.object.count - (state.schemaIndex >= 0 ? 1 : 0) };
}

/**
 * The rules that must see this entry: those that may report on it, and those grouping it with another.
 * Asked for every entry of every check, so plain loops: a closure per rule and entry was a fifth of
 * what a check of 1,000 servers allocated (bench/NOTES.md).
 */
function rulesSeeing(state: FastState, index: number): number {
  let rules = state.reporters[index] | state.namedMembers[index];
  const { groupKeys, groupSizes } = state;
  for (let r = 0; r < groupKeys.length; r++) {
    const keys = groupKeys[r]?.[index];
    if (keys !== undefined && inSharedGroup(keys, groupSizes[r])) rules |= 1 << r;
  }
  return rules;
}

/** Add one to the size of each of these keys' groups. */
function countInto(keys: Keys, sizes: Map<string, number>): void {
  if (keys === undefined) return;
  if (typeof keys === 'string') sizes.set(keys, (sizes.get(keys) ?? 0) + 1);
  else for (let k = 0; k < keys.length; k++) sizes.set(keys[k], (sizes.get(keys[k]) ?? 0) + 1);
}

/** Whether one of these keys names a group of more than one entry. */
function inSharedGroup(keys: string | readonly string[], sizes: ReadonlyMap<string, number>): boolean {
  if (typeof keys === 'string') return (sizes.get(keys) ?? 0) > 1;
  for (let k = 0; k < keys.length; k++) if ((sizes.get(keys[k]) ?? 0) > 1) return true;
  return false;
}

export { readEntry };
export { BATCH } from './fastJudge';
