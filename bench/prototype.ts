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
 * `node --expose-gc out/bench-build/prototype.js [SIZE...]` prints timings and the equivalence check.
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
import { findSecrets } from '../server/src/service/rules/hygiene';
import { codexToolPrefix } from '../server/src/service/runtime/codex';
import { isNpxEntry, npxPackageSpecs } from '../server/src/service/runtime/npmCache';
import { generateCatalog, writeFixture } from './generate';
import { oursFacts } from './ours';
import { createPeer } from './peer';
import { collectGarbage, median } from './util';
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
const CODEX_SAFE = /^[A-Za-z0-9_-]*$/;
/** Every prefix findSecrets knows; an entry whose text has none of them holds no literal secret. */
const SECRET_PREFIXES = /github_pat_|ghp_|glpat-|xox[bp]-|sk-|AKIA/;
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
  // Hygiene (issue 8): literal secrets where a runtime sends them, credentials over plain http,
  // a name in another composed catalog. (Document-wide groupings are decided in fastCheck.)
  const maySecret = SECRET_PREFIXES.test(slice) || slice.includes('\\');
  for (const map of maySecret ? ['env', 'headers'] : []) {
    const object = entry[map];
    if (object !== null && typeof object === 'object' && !Array.isArray(object)) {
      for (const item of Object.values(object)) if (typeof item === 'string' && findSecrets(item).length > 0) return false;
    }
  }
  if (maySecret && Array.isArray(entry.args) && entry.args.some((item) => typeof item === 'string' && findSecrets(item).length > 0)) return false;
  if (typeof entry.url === 'string' && ((maySecret && findSecrets(entry.url).length > 0) || /^http:/i.test(entry.url))) return false;
  if (facts.composition?.catalogs.some((catalog) => catalog.servers.has(name))) return false;
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
  /** What an incremental re-check starts from (absent after a fallback). */
  state?: FastState;
}

/** Per-document state kept between versions: entry spans, and trees only for entries a rule may report on. */
export interface FastState {
  text: string;
  spans: EntrySpan[];
  /** Span index → tree and its parse-level findings (duplicate keys), for flagged entries only. */
  flagged: Map<number, { entry: IndexEntry; parseFindings: Finding[] }>;
  /** Span index → its npx specs key, and the members of groups (shared specs, colliding names). */
  specKeys: Map<number, string>;
  groupMembers: Set<number>;
}

function specKeyOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !isNpxEntry(value as Record<string, unknown>)) return undefined;
  const args = (value as Record<string, unknown>).args;
  const specs = npxPackageSpecs(Array.isArray(args) ? args : []);
  return specs.length > 0 ? JSON.stringify([...specs].sort()) : undefined;
}

function fallback(text: string, facts: WorkspaceFacts): FastResult {
  return { findings: checkDocument(text, 'catalog', facts).findings, treeEntries: -1, fellBack: true };
}

/** Scan, JSON.parse and pre-check one entry; flagged entries get their tree. False: the document needs the full parser. */
function checkSpan(text: string, span: EntrySpan, index: number, state: FastState, facts: WorkspaceFacts, known: readonly string[], names?: Set<string>): boolean {
  const keySlice = text.slice(span.keyStart, span.keyEnd);
  const name = keySlice.includes('\\') ? (JSON.parse(keySlice) as string) : keySlice.slice(1, -1);
  if (names) {
    if (names.has(name)) return false;
    names.add(name);
  }
  const slice = text.slice(span.valueStart, span.valueEnd);
  let value: unknown;
  try {
    value = JSON.parse(slice);
  } catch {
    return false;
  }
  state.flagged.delete(index);
  // Summaries only: the value itself dies young, so the garbage collector never copies it.
  const specKey = specKeyOf(value);
  if (specKey === undefined) state.specKeys.delete(index);
  else state.specKeys.set(index, specKey);
  if (name === '$schema') return typeof value === 'string';
  if (!entryIsClean(name, value, slice, span.keyCount, facts, known)) {
    const parseFindings: Finding[] = [];
    state.flagged.set(index, { entry: entryTree(text, span, parseFindings), parseFindings });
  }
  return true;
}

/** The existing rules over the flagged entries only. */
function flaggedFindings(state: FastState, facts: WorkspaceFacts): ResolvedFinding[] {
  const ordered = [...state.flagged.entries()].sort((a, b) => a[0] - b[0]).map(([, value]) => value);
  const entries = ordered.map((f) => f.entry);
  const findings: Finding[] = ordered.flatMap((f) => f.parseFindings);
  const text = state.text;
  const root: JsonNode = { type: 'object', offset: 0, length: text.length, children: entries.map((e) => e.property) };
  const context: RuleContext = { kind: 'catalog', text, parsed: { text, root, findings: [], strictErrors: false, maxDepth: 0 }, root, entries, facts, report: (f) => findings.push(f) };
  for (const rule of RULES) {
    if (!rule.appliesTo.includes('catalog')) continue;
    if (rule.id !== 'structure') rule.checkDocument?.(context);
    if (rule.checkEntry) for (const entry of entries) rule.checkEntry(entry, context);
  }
  return resolveSeverities(findings);
}

export function fastCheck(text: string, facts: WorkspaceFacts): FastResult {
  const spans = scanEntries(text);
  if (!spans) return fallback(text, facts);
  const known = knownFields('catalog');
  const names = new Set<string>();
  const state: FastState = { text, spans, flagged: new Map(), specKeys: new Map(), groupMembers: new Set() };
  for (let i = 0; i < spans.length; i++) {
    if (!checkSpan(text, spans[i], i, state, facts, known, names)) return fallback(text, facts);
  }
  flagGroups(text, state, [...names]);
  return { findings: flaggedFindings(state, facts), treeEntries: state.flagged.size, fellBack: false, state };
}

/**
 * Rules that compare entries (tool-name collisions, shared npx packages) report on every member of
 * a group: flag all members, so the rules see whole groups. Cheap: one Map over names and specs.
 */
function flagGroups(text: string, state: FastState, names: string[]): void {
  const groups: number[][] = [];
  const byPrefix = new Map<string, number[]>();
  names.forEach((name, index) => {
    if (name === '$schema') return;
    if (name.includes('__')) groups.push([index, index]);
    // Names Codex keeps as they are can only collide with a sanitised name: index those by themselves.
    const prefix = CODEX_SAFE.test(name) ? name : codexToolPrefix(name).slice(5, -2);
    const group = byPrefix.get(prefix);
    if (group) group.push(index);
    else byPrefix.set(prefix, [index]);
  });
  const bySpecs = new Map<string, number[]>();
  for (const [index, key] of state.specKeys) {
    const group = bySpecs.get(key);
    if (group) group.push(index);
    else bySpecs.set(key, [index]);
  }
  groups.push(...byPrefix.values(), ...bySpecs.values());
  for (const group of groups) {
    if (group.length < 2) continue;
    for (const index of group) {
      state.groupMembers.add(index);
      if (state.flagged.has(index)) continue;
      const parseFindings: Finding[] = [];
      state.flagged.set(index, { entry: entryTree(text, state.spans[index], parseFindings), parseFindings });
    }
  }
}

/**
 * Re-check after replacing [start, end) with `insert`: when the change sits inside one entry's
 * value and that value still ends where it did (shifted), only that entry is scanned and parsed
 * again; later spans and trees move by the length difference. Otherwise a full fastCheck.
 */
export function incrementalEdit(state: FastState, start: number, end: number, insert: string, facts: WorkspaceFacts): FastResult {
  const text = state.text.slice(0, start) + insert + state.text.slice(end);
  const delta = insert.length - (end - start);
  const spans = state.spans;
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (spans[mid].valueStart <= start) low = mid;
    else high = mid - 1;
  }
  const span = spans[low];
  if (!span || start <= span.valueStart || end >= span.valueEnd) return fastCheck(text, facts);
  const counter = { keys: 0 };
  const newEnd = skipValue(text, span.valueStart, counter);
  if (newEnd !== span.valueEnd + delta) return fastCheck(text, facts);
  const updated: EntrySpan = { ...span, valueEnd: newEnd, keyCount: counter.keys };
  if (delta !== 0) {
    for (let i = low + 1; i < spans.length; i++) {
      const s = spans[i];
      spans[i] = { keyStart: s.keyStart + delta, keyEnd: s.keyEnd + delta, valueStart: s.valueStart + delta, valueEnd: s.valueEnd + delta, keyCount: s.keyCount };
    }
    for (const [index, flagged] of state.flagged) {
      if (index <= low) continue;
      shift(flagged.entry.property, delta);
      flagged.parseFindings = flagged.parseFindings.map((f) => ({ ...f, start: f.start + delta, end: f.end + delta }));
    }
  }
  spans[low] = updated;
  state.text = text;
  const oldSpecKey = state.specKeys.get(low);
  if (!checkSpan(text, updated, low, state, facts, knownFields('catalog'))) return fastCheck(text, facts);
  // A changed npx package moves the entry between groups: start over (rare; a real engine would
  // update the group maps). A group member keeps its tree either way.
  if (state.specKeys.get(low) !== oldSpecKey) return fastCheck(text, facts);
  if (state.groupMembers.has(low) && !state.flagged.has(low)) {
    const parseFindings: Finding[] = [];
    state.flagged.set(low, { entry: entryTree(text, updated, parseFindings), parseFindings });
  }
  return { findings: flaggedFindings(state, facts), treeEntries: state.flagged.size, fellBack: false, state };
}

const key = (f: ResolvedFinding): string => `${f.code}@${f.start}-${f.end}:${f.severity}:${f.message}`;

/** Median CPU time (user + system) of `runs` runs after two warm-ups: steadier than wall time on a shared machine. */
async function timeIt(runs: number, run: () => unknown): Promise<number> {
  await run();
  await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const started = process.cpuUsage();
    await run();
    const used = process.cpuUsage(started);
    samples.push((used.user + used.system) / 1000);
  }
  return median(samples);
}

async function main(): Promise<void> {
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
      const peer = createPeer();
      const scanMs = await timeIt(runs, () => scanEntries(generated.text));
      const jsonParseMs = await timeIt(runs, () => JSON.parse(generated.text));
      const fastMs = await timeIt(runs, () => fastCheck(generated.text, facts));
      const fullMs = await timeIt(runs, () => checkDocument(generated.text, 'catalog', facts));
      const peerMs = await timeIt(runs, () => peer.run(generated.text));
      // One-character edits in the middle entry's description, alternating, as the benchmark types them.
      const state = fastCheck(generated.text, facts).state!;
      const at = generated.text.indexOf('"description": "', generated.text.indexOf(`${JSON.stringify(generated.middleName)}: {`)) + '"description": "'.length + 1;
      const original = generated.text[at];
      let flip = false;
      const editMs = await timeIt(21, () => {
        flip = !flip;
        return incrementalEdit(state, at, at + 1, flip ? 'X' : original, facts);
      });
      // And equivalence after an edit that changes the findings: break the middle entry's type.
      const typeAt = state.text.indexOf('"type": "', state.text.indexOf(`${JSON.stringify(generated.middleName)}: {`)) + '"type": "'.length;
      const broken = incrementalEdit(state, typeAt, typeAt + 1, 'x', facts);
      const brokenReference = checkDocument(state.text, 'catalog', facts).findings.map(key);
      const brokenGot = broken.findings.map(key);
      const brokenSame = brokenGot.length === brokenReference.length && brokenGot.every((k) => brokenReference.includes(k));
      process.stdout.write(
        `${size} servers, CPU time: checkDocument ${fullMs.toFixed(1)} ms, prototype ${fastMs.toFixed(1)} ms, peer ${peerMs.toFixed(1)} ms (prototype/peer ${(fastMs / peerMs).toFixed(2)}×; span scan ${scanMs.toFixed(1)} ms, JSON.parse of the whole text ${jsonParseMs.toFixed(1)} ms); ` +
          `${fast.treeEntries} of ${size} entries needed a tree; findings ${got.length} vs ${reference.length}, missing ${missing.length}, extra ${extra.length}${fast.fellBack ? ' (fell back)' : ''}; ` +
          `incremental one-character edit ${editMs.toFixed(2)} ms; after an edit that breaks a type: ${brokenSame ? 'same findings as checkDocument' : 'DIFFERENT findings'} (${brokenGot.length})\n`,
      );
      for (const k of [...missing.slice(0, 5), ...extra.slice(0, 5)]) process.stdout.write(`   ${missing.includes(k) ? 'missing' : 'extra'}: ${k}\n`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run as a command only when this file is the entry point (bundles inline it into the other scripts).
if (require.main === module && /prototype\.js$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
