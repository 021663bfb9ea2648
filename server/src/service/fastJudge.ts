import { countKeys, KEY_COUNT, KEY_END, KEY_START, SPAN_FIELDS, VALUE_END, VALUE_START, type ScannedObject } from './entrySpans';
import { entryOf, parseValues } from './fastEntries';
import { NOT_CLEAN, NPX, ROOTS, TIMEOUT, UNAVAILABLE, type CleanEntry } from './rules/cleanEntry';
import type { GroupKeys as Keys, PlainContext, PlainEntry, Rule } from './rules/rule';
import {
  ARGS,
  ESCAPED_KEY,
  QUIET,
  ROW,
  ROOTS as ROOTS_SPAN,
  SPEC,
  TIMEOUT as TIMEOUT_SPAN,
  UNAVAILABLE as UNAVAILABLE_SPAN,
  VERDICT,
  type VerdictScan,
} from './wasmScan';

/**
 * How the fast path judges each entry (fastCheck.ts, bench/NOTES.md): which rules may report on it
 * and which groups it joins. An entry the WebAssembly scanner found clean (service/wasmScan.ts) is
 * judged from its name and the few values the asked rules read, without `JSON.parse` of the rest;
 * every other entry is read BATCH at a time with `JSON.parse` and judged by the fused predicate or,
 * outside its shape, by every rule's `mayReport`.
 */

/**
 * Entries are read BATCH at a time, each batch with one `JSON.parse` (V8's parser is the floor;
 * one parse per entry cost more in calls and slices, bench/NOTES.md). The whole document in one
 * parse kept every entry's value alive until the last was judged: at 10,000 servers tens of
 * megabytes that the garbage collector copied from the young generation and that raised the
 * server's peak memory; a batch's values die young. Small batches parse fastest: measured at
 * 10,000 servers, batches of 32–64 entries took half the CPU time of batches of 256 and less than
 * one parse of the whole text. A batch is its names and values as one array (`parseValues`).
 */
export const BATCH = 32;

/** `judge`'s answer for `$schema`, which is not an entry. */
export const SCHEMA = -1;

export interface Judged {
  /** The index of the entry named `name`, or undefined. */
  readonly entryNamed: (name: string) => number | undefined;
  /** The `$schema` entry's index, or -1. */
  schemaIndex: number;
}

/**
 * Every entry's reporters (into `reporters`) and group keys (into `groupKeys`), or undefined when
 * only the full parser can judge the document (a duplicate top-level name, a value JSON.parse
 * refuses, a `$schema` that is not a string).
 */
export function judgeEntries(
  text: string,
  object: ScannedObject,
  scan: VerdictScan | undefined,
  rules: readonly Rule[],
  context: PlainContext,
  clean: CleanEntry | undefined,
  groupKeys: (Keys[] | undefined)[],
  reporters: Int32Array,
): Judged | undefined {
  // With the WebAssembly scanner, names written without an escape are its keys' bytes, which it
  // proved unique and finds by name; only names with an escape are kept here, by their decoded text.
  const wasmScan = clean ? scan : undefined;
  const rows = wasmScan?.rows;
  const names = new Map<string, number>();
  /** False for a name seen before (a duplicate top-level name: the full parser reports it). */
  const addName = (name: string, index: number): boolean => {
    if (rows) {
      if (rows[index * ROW + ESCAPED_KEY] === 0) return true;
      const written = wasmScan.indexOfName(name);
      if (written >= 0 && rows[written * ROW + ESCAPED_KEY] === 0) return false;
    }
    const size = names.size;
    names.set(name, index);
    return names.size !== size;
  };
  let schemaIndex = -1;
  const parsed: number[] = [];
  for (let index = 0; index < object.count; index++) {
    const verdict = rows ? rows[index * ROW + VERDICT] : NOT_CLEAN;
    if (verdict === NOT_CLEAN) {
      parsed.push(index);
      continue;
    }
    // What the entry holds that a rule may still report on: not what the scanner proved quiet.
    const asking = verdict & ~rows![index * ROW + QUIET];
    // Nothing an asked or grouping rule reads: no rule may report on it, it joins no group.
    if ((asking & clean!.reads) === 0) continue;
    // An npx entry of one spec, which the scanner read, that only the npx-cache grouping looks at: the spec is its key.
    const spec = rows![index * ROW + SPEC];
    if (spec !== 0 && (asking & clean!.askedReads) === 0 && clean!.specGroup >= 0 && clean!.grouped(verdict) === 1 << clean!.specGroup) {
      groupKeys[clean!.specGroup]![index] = text.slice(spec, rows![index * ROW + SPEC + 1]);
      continue;
    }
    const entry = verdictEntry(text, rows!, index, asking);
    // An asked rule may report: the entry is judged again from its whole value.
    if (clean!.asks(entry, asking)) parsed.push(index);
    else setGroupKeys(entry, rules, context, groupKeys, index, clean!.grouped(verdict));
  }
  const spans = object.spans;
  let batch: { items: unknown[]; slices: string[] } | undefined;
  for (let at = 0; at < parsed.length; at++) {
    if (at % BATCH === 0) {
      batch = parseValues(text, spans, parsed, at, Math.min(parsed.length, at + BATCH));
      if (!batch) return undefined;
    }
    const index = parsed[at];
    const read = entryOf(spans, index, batch!, at % BATCH);
    if (!read) return undefined;
    if ((!rows || rows[index * ROW + VERDICT] === NOT_CLEAN) && !addName(read.name, index)) return undefined;
    const judged = judge(read, spans[index * SPAN_FIELDS + KEY_COUNT], rules, context, clean, groupKeys, index);
    if (judged === undefined) return undefined;
    if (judged === SCHEMA) schemaIndex = index;
    else reporters[index] = judged;
  }
  const entryNamed = (name: string): number | undefined => {
    const written = wasmScan?.indexOfName(name) ?? -1;
    return written >= 0 && rows![written * ROW + ESCAPED_KEY] === 0 ? written : names.get(name);
  };
  return { entryNamed, schemaIndex };
}

/** What a clean entry without any asked value holds: no field any asked or grouping rule reads. */
const NO_FIELDS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * A clean entry as the rules that judge it from its verdict see it: its name (a clean name has no
 * escape), its text, and a value holding only what those rules read — `type`, `command` and `args`
 * of an npx server, the timeout, the reason, the roots (test/unit/wasmScan.test.ts proves each
 * answers the same as on the whole value).
 */
export function verdictEntry(text: string, rows: Int32Array, index: number, verdict: number): PlainEntry {
  const at = index * ROW;
  const name = text.slice(rows[at + KEY_START] + 1, rows[at + KEY_END] - 1);
  const slice = text.slice(rows[at + VALUE_START], rows[at + VALUE_END]);
  if ((verdict & (NPX | TIMEOUT | UNAVAILABLE | ROOTS)) === 0) return { name, value: NO_FIELDS, slice };
  const value: Record<string, unknown> = {};
  // What the scanner proved lets these be read without JSON.parse: a clean string has no escape and
  // no quote, a clean timeout is digits.
  if ((verdict & NPX) !== 0) {
    value.type = 'stdio';
    value.command = 'npx';
    if (rows[at + ARGS + 1] !== 0) value.args = plainStrings(text, rows[at + ARGS], rows[at + ARGS + 1]);
  }
  if ((verdict & TIMEOUT) !== 0) value.startup_timeout_sec = Number(text.slice(rows[at + TIMEOUT_SPAN], rows[at + TIMEOUT_SPAN + 1]));
  if ((verdict & UNAVAILABLE) !== 0) value.unavailable = text.slice(rows[at + UNAVAILABLE_SPAN] + 1, rows[at + UNAVAILABLE_SPAN + 1] - 1);
  if ((verdict & ROOTS) !== 0) value.default_in_roots = plainStrings(text, rows[at + ROOTS_SPAN], rows[at + ROOTS_SPAN + 1]);
  return { name, value, slice };
}

/** The items of an array of clean strings written in [start, end): between each pair of quotes. */
function plainStrings(text: string, start: number, end: number): string[] {
  const items: string[] = [];
  for (let open = text.indexOf('"', start); open !== -1 && open < end;) {
    const close = text.indexOf('"', open + 1);
    items.push(text.slice(open + 1, close));
    open = text.indexOf('"', close + 1);
  }
  return items;
}

/** The group keys of the rules in `only` (bit `1 << index`; all by default); the others' stay undefined. */
function setGroupKeys(entry: PlainEntry, rules: readonly Rule[], context: PlainContext, groupKeys: (Keys[] | undefined)[], index: number, only = -1): void {
  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r];
    if (rule.groupKeys && (only & (1 << r)) !== 0) groupKeys[r]![index] = emptyToUndefined(rule.groupKeys(entry, context));
  }
}

/**
 * The rules that may report on an entry (a bit mask), its group keys written into `groupKeys`,
 * SCHEMA for a string `$schema`, or undefined when only the full parser can judge the document.
 */
export function judge(
  entry: PlainEntry,
  keyCount: number,
  rules: readonly Rule[],
  context: PlainContext,
  clean: CleanEntry | undefined,
  groupKeys: (Keys[] | undefined)[],
  index: number,
): number | undefined {
  if (entry.name === '$schema') return typeof entry.value === 'string' ? SCHEMA : undefined;
  let reporters = 0;
  // A duplicate key (fewer keys than scanned; a clean entry's counted on the way) is every rule's business.
  const cleanKeys = clean === undefined ? NOT_CLEAN : clean(entry);
  if ((cleanKeys === NOT_CLEAN ? countKeys(entry.value) : cleanKeys) !== keyCount) reporters = (1 << rules.length) - 1;
  else if (cleanKeys === NOT_CLEAN) {
    for (let r = 0; r < rules.length; r++) if (rules[r].mayReport!(entry, context)) reporters |= 1 << r;
  }
  setGroupKeys(entry, rules, context, groupKeys, index);
  return reporters;
}

function emptyToUndefined(keys: Keys): Keys {
  return typeof keys === 'string' || keys === undefined ? keys : keys.length === 0 ? undefined : keys.length === 1 ? keys[0] : keys;
}
