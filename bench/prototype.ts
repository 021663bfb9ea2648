/**
 * A feasibility prototype of the engine change proposed in bench/NOTES.md — NOT product code, and
 * not used by `npm run bench`. It answers two questions with numbers before anyone rewrites the
 * engine: how fast can a full check be without building a tree for every entry, and does such a
 * check still report exactly what `checkDocument` reports?
 *
 * The idea: a strict top-level span scanner finds each entry's key and value spans and counts the
 * keys inside each value; `JSON.parse` of each value slice gives plain values (and proves the slice
 * is strict JSON); cheap per-rule predicates on the plain value decide whether any rule *could*
 * report on the entry. Only those few entries get a tree (the existing `parseJson`, offsets shifted)
 * and the existing rules, so every message and range still comes from one implementation.
 * Anything unusual (a syntax error, a duplicate top-level name, a BOM) falls back to `checkDocument`.
 *
 * `node --expose-gc out/bench/prototype.js [SIZE...]` prints timings and the equivalence check.
 */

import { checkDocument, resolveSeverities, RULES } from '../server/src/service/engine';
import type { WorkspaceFacts } from '../server/src/service/facts';
import type { Finding, ResolvedFinding } from '../server/src/service/findings';
import { isRemoteType, SERVER_NAME_PATTERN, parseServerReference, type IndexEntry } from '../server/src/service/model';
import { parseJson, type JsonNode } from '../server/src/service/parse';
import { findPlaceholders, isUpperCaseName } from '../server/src/service/placeholders';
import type { RuleContext } from '../server/src/service/rules/rule';
import { nearMiss } from '../server/src/service/rules/structure';
import { knownFields, validateEntryValue } from '../server/src/service/schema';
import { codePointLength, collapseAsciiWhitespace } from '../server/src/service/text';
import { MAX_REASON_LENGTH } from '../server/src/service/unavailable';
import { generateCatalog, writeFixture } from './generate';
import { oursFacts } from './ours';
import { collectGarbage, median, now } from './util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface EntrySpan {
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  /** Object keys anywhere inside the value, as written (duplicates included). */
  keyCount: number;
}

const enum C {
  Quote = 0x22,
  Backslash = 0x5c,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
  OpenBracket = 0x5b,
  CloseBracket = 0x5d,
  Comma = 0x2c,
  Colon = 0x3a,
  Space = 0x20,
  Tab = 0x09,
  LF = 0x0a,
  CR = 0x0d,
}

function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === C.Space || c === C.LF || c === C.CR || c === C.Tab) i++;
    else return i;
  }
}

/** Index just past the string starting at `i` (a `"`), or -1 when it never closes. */
function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let j = quote - 1; text.charCodeAt(j) === C.Backslash; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** End of the value starting at `i`, counting object keys; -1 when unbalanced. Validity is JSON.parse's job. */
function skipValue(text: string, i: number, counter: { keys: number }): number {
  const first = text.charCodeAt(i);
  if (first === C.Quote) return skipString(text, i);
  if (first !== C.OpenBrace && first !== C.OpenBracket) {
    let j = i;
    for (;;) {
      const c = text.charCodeAt(j);
      if (c === C.Comma || c === C.CloseBrace || c === C.CloseBracket || c === C.Space || c === C.LF || c === C.CR || c === C.Tab || Number.isNaN(c)) return j;
      j++;
    }
  }
  let depth = 0;
  let j = i;
  const length = text.length;
  while (j < length) {
    const c = text.charCodeAt(j);
    if (c === C.Quote) {
      j = skipString(text, j);
      if (j < 0) return -1;
      const next = skipWhitespace(text, j);
      if (text.charCodeAt(next) === C.Colon) counter.keys++;
      continue;
    }
    if (c === C.OpenBrace || c === C.OpenBracket) depth++;
    else if (c === C.CloseBrace || c === C.CloseBracket) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return -1;
}

/** The top-level entries of a strict JSON object, or undefined when anything is unusual. */
export function scanEntries(text: string): EntrySpan[] | undefined {
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  let i = skipWhitespace(text, 0);
  if (text.charCodeAt(i) !== C.OpenBrace) return undefined;
  i = skipWhitespace(text, i + 1);
  const entries: EntrySpan[] = [];
  if (text.charCodeAt(i) === C.CloseBrace) return skipWhitespace(text, i + 1) === text.length ? entries : undefined;
  for (;;) {
    if (text.charCodeAt(i) !== C.Quote) return undefined;
    const keyStart = i;
    const keyEnd = skipString(text, i);
    if (keyEnd < 0) return undefined;
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== C.Colon) return undefined;
    const valueStart = skipWhitespace(text, i + 1);
    const counter = { keys: 0 };
    const valueEnd = skipValue(text, valueStart, counter);
    if (valueEnd < 0 || valueEnd === valueStart) return undefined;
    entries.push({ keyStart, keyEnd, valueStart, valueEnd, keyCount: counter.keys });
    i = skipWhitespace(text, valueEnd);
    const c = text.charCodeAt(i);
    if (c === C.Comma) {
      i = skipWhitespace(text, i + 1);
      continue;
    }
    if (c === C.CloseBrace) return skipWhitespace(text, i + 1) === text.length ? entries : undefined;
    return undefined;
  }
}

function countKeys(value: unknown): number {
  if (Array.isArray(value)) {
    let n = 0;
    for (const item of value) if (item !== null && typeof item === 'object') n += countKeys(item);
    return n;
  }
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  for (const key in value as Record<string, unknown>) {
    n++;
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object') n += countKeys(item);
  }
  return n;
}

const SUBSTITUTED = new Set(['env', 'headers', 'url', 'args', 'command', 'oauth']);
const KEYED = new Set(['env', 'headers', 'oauth']);
const SKIPPED = new Set(['type', 'startup_timeout_sec']);
const PASSTHROUGH = new Set(['startup_timeout_ms', 'tool_timeout_sec', 'enabled', 'requestTimeoutMs', 'name', 'cwd', 'id']);
const LINE_BREAKS = /[\n\r\v\f]/;
const PLAIN_TIMEOUT = /"startup_timeout_sec"\s*:\s*(\d+)\s*[,}]/;

/** Could any placeholder rule report on a string below a field? */
function placeholdersClean(value: unknown, substituted: boolean, keyed: boolean, facts: WorkspaceFacts): boolean {
  if (typeof value === 'string') {
    if (!value.includes('${')) return true;
    if (!substituted) return false;
    for (const placeholder of findPlaceholders(value)) {
      if (placeholder.kind === 'invalid' || !isUpperCaseName(placeholder.name!)) return false;
      if (!placeholder.hasDefault && !facts.variables.find(placeholder.name!)) return false;
    }
    return true;
  }
  if (Array.isArray(value)) return value.every((item) => placeholdersClean(item, substituted, keyed, facts));
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (keyed && key.includes('${')) return false;
      if (!placeholdersClean(item, substituted, keyed, facts)) return false;
    }
  }
  return true;
}

/** Conservative: true only when no catalog rule can report anything on this entry. */
export function entryIsClean(name: string, value: unknown, slice: string, keyCount: number, facts: WorkspaceFacts, known: readonly string[]): boolean {
  if (!SERVER_NAME_PATTERN.test(name)) return false;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (countKeys(value) !== keyCount) return false; // a duplicate key somewhere inside
  const entry = value as Record<string, unknown>;
  if (validateEntryValue('catalog', entry).length > 0) return false;
  for (const key of Object.keys(entry)) {
    if (key.includes('${')) return false;
    if (!known.includes(key) && !PASSTHROUGH.has(key) && !key.startsWith('$') && nearMiss(key, known)) return false;
    if (!SKIPPED.has(key) && !placeholdersClean(entry[key], SUBSTITUTED.has(key), KEYED.has(key), facts)) return false;
  }
  if ('startup_timeout_sec' in entry && entry.startup_timeout_sec !== null) {
    const match = PLAIN_TIMEOUT.exec(slice);
    const seconds = match ? Number(match[1]) : NaN;
    if (!(seconds >= 5 && seconds <= 600)) return false;
  }
  if ('unavailable' in entry) {
    const reason = entry.unavailable;
    if (typeof reason !== 'string' || LINE_BREAKS.test(reason)) return false;
    const collapsed = collapseAsciiWhitespace(reason);
    if (collapsed.length === 0 || codePointLength(collapsed) > MAX_REASON_LENGTH) return false;
  }
  if (isRemoteType(entry.type as string) && 'env' in entry) return false;
  if ('default_in_roots' in entry) {
    const items = Array.isArray(entry.default_in_roots) ? entry.default_in_roots.filter((item): item is string => typeof item === 'string') : [];
    const roots = facts.roots;
    if (items.length > 0 && !roots) return false;
    for (const item of items) {
      if (item === '*') continue;
      const reference = parseServerReference(item);
      if (reference.kind === 'remote') return false;
      if (!roots!.files.some((file) => file.roots.has(reference.name))) return false;
    }
  }
  return true;
}

function shift(node: JsonNode, by: number): void {
  const work = [node];
  while (work.length) {
    const current = work.pop()!;
    current.offset += by;
    if (current.colonOffset !== undefined) current.colonOffset += by;
    if (current.children) for (const child of current.children) work.push(child);
  }
}

/**
 * The tree of one entry, offsets in the whole document. The entry is parsed inside a one-property
 * object so its depth (and so duplicate-key severities) is what it is in the document.
 */
function entryTree(text: string, span: EntrySpan, findings: Finding[]): IndexEntry {
  const base = span.keyStart - 1;
  const parsed = parseJson(`{${text.slice(span.keyStart, span.valueEnd)}}`);
  const property = parsed.root!.children![0];
  shift(property, base);
  for (const finding of parsed.findings) {
    const data = finding.data as { earlierOffset?: number } | undefined;
    findings.push({
      ...finding,
      start: finding.start + base,
      end: finding.end + base,
      data: data?.earlierOffset !== undefined ? { ...data, earlierOffset: data.earlierOffset + base } : finding.data,
      related: finding.related?.map((r) => ({ ...r, start: r.start + base, end: r.end + base })),
    });
  }
  return { name: property.children![0].value as string, property, keyNode: property.children![0], valueNode: property.children![1] };
}

export interface FastResult {
  findings: ResolvedFinding[];
  treeEntries: number;
  fellBack: boolean;
}

export function fastCheck(text: string, facts: WorkspaceFacts): FastResult {
  const spans = scanEntries(text);
  if (!spans) return { findings: checkDocument(text, 'catalog', facts).findings, treeEntries: -1, fellBack: true };
  const known = knownFields('catalog');
  const names = new Set<string>();
  const flagged: IndexEntry[] = [];
  const findings: Finding[] = [];
  for (const span of spans) {
    const keySlice = text.slice(span.keyStart, span.keyEnd);
    const name = keySlice.includes('\\') ? (JSON.parse(keySlice) as string) : keySlice.slice(1, -1);
    if (names.has(name)) return { findings: checkDocument(text, 'catalog', facts).findings, treeEntries: -1, fellBack: true };
    names.add(name);
    const slice = text.slice(span.valueStart, span.valueEnd);
    let value: unknown;
    try {
      value = JSON.parse(slice);
    } catch {
      return { findings: checkDocument(text, 'catalog', facts).findings, treeEntries: -1, fellBack: true };
    }
    if (name === '$schema') {
      if (typeof value !== 'string') return { findings: checkDocument(text, 'catalog', facts).findings, treeEntries: -1, fellBack: true };
      continue;
    }
    if (!entryIsClean(name, value, slice, span.keyCount, facts, known)) flagged.push(entryTree(text, span, findings));
  }
  const root: JsonNode = { type: 'object', offset: 0, length: text.length, children: flagged.map((e) => e.property) };
  const context: RuleContext = { kind: 'catalog', text, parsed: { text, root, findings: [], strictErrors: false, maxDepth: 0 }, root, entries: flagged, facts, report: (f) => findings.push(f) };
  for (const rule of RULES) {
    if (!rule.appliesTo.includes('catalog')) continue;
    if (rule.id !== 'structure') rule.checkDocument?.(context);
    if (rule.checkEntry) for (const entry of flagged) rule.checkEntry(entry, context);
  }
  return { findings: resolveSeverities(findings), treeEntries: flagged.length, fellBack: false };
}

const key = (f: ResolvedFinding): string => `${f.code}@${f.start}-${f.end}:${f.severity}:${f.message}`;

function timeIt(runs: number, run: () => unknown): number {
  run();
  run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const started = now();
    run();
    samples.push(now() - started);
  }
  return median(samples);
}

function main(): void {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-prototype-'));
  try {
    for (const size of sizes.length ? sizes : [1000, 10000, 50000]) {
      const generated = generateCatalog(size);
      const files = writeFixture(path.join(dir, String(size)), generated);
      const facts = oursFacts(files.catalogPath, files.rootsPath, readFileSync(files.rootsPath, 'utf8'), files.envPath);
      const reference = checkDocument(generated.text, 'catalog', facts).findings.map(key);
      const fast = fastCheck(generated.text, facts);
      const got = fast.findings.map(key);
      const missing = reference.filter((k) => !got.includes(k));
      const extra = got.filter((k) => !reference.includes(k));
      const runs = size >= 50000 ? 5 : 7;
      const scanMs = timeIt(runs, () => scanEntries(generated.text));
      const jsonParseMs = timeIt(runs, () => JSON.parse(generated.text));
      const fastMs = timeIt(runs, () => fastCheck(generated.text, facts));
      const fullMs = timeIt(runs, () => checkDocument(generated.text, 'catalog', facts));
      process.stdout.write(
        `${size} servers: checkDocument ${fullMs.toFixed(1)} ms, prototype ${fastMs.toFixed(1)} ms (span scan ${scanMs.toFixed(1)} ms, JSON.parse of the whole text ${jsonParseMs.toFixed(1)} ms); ` +
          `${fast.treeEntries} of ${size} entries needed a tree; findings ${got.length} vs ${reference.length}, missing ${missing.length}, extra ${extra.length}${fast.fellBack ? ' (fell back)' : ''}\n`,
      );
      for (const k of [...missing.slice(0, 5), ...extra.slice(0, 5)]) process.stdout.write(`   ${missing.includes(k) ? 'missing' : 'extra'}: ${k}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) main();
