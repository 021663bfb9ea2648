import { KEY_END, KEY_START, SPAN_FIELDS, type ScannedObject } from './entrySpans';
import { ENTRY_SCAN_WASM } from './generated/entryScanWasm';
import { ensureMemory, lazyModule, type WasmMemory } from './wasmModule';

/**
 * The fast path's scanner and fused predicate in WebAssembly (server/wasm/, from entryScan.ts; bench/NOTES.md,
 * "What changed in the ninth session"): one pass over the catalog's UTF-8 bytes finds every entry as
 * `scanEntrySpans` does and tells, per entry, whether its text has the clean shape — so that most
 * entries need neither `JSON.parse` nor the walk over their value. This module owns the module's
 * memory: the sets of names it looks up, the text's bytes, the rows it writes.
 */

/** Per entry, ROW int32 in `rows`: the span table's SPAN_FIELDS fields, then these. */
export const ROW = 21;
/** NOT_CLEAN (-1), or the fused predicate's `shape` answer (rules/cleanEntry.ts). */
export const VERDICT = 6;
/** 1 when the entry's key holds an escape, so its name is not its text. */
export const ESCAPED_KEY = 7;
/** Spans (start, end) of the values the asked rules read; 0, 0 when absent. */
export const ARGS = 8;
export const TIMEOUT = 10;
export const UNAVAILABLE = 12;
export const ROOTS = 14;
/** The line of the entry's key and where that line starts. */
const LINE = 16;
const LINE_START = 17;
/**
 * An npx entry's one package spec (start, end of the string's content) when its `args` are `-y` or
 * `--yes` flags and then the spec: the npx-cache rule's group key, read without the entry's value. 0, 0 otherwise.
 */
export const SPEC = 18;
/** The held bits whose asked rule the module proved quiet on the entry (server/wasm/rows.ts QUIET). */
export const QUIET = 20;

/**
 * The shortest text the scanner takes; shorter ones take the JavaScript scanner. The module costs a
 * process ~1.5 MB of resident memory the first time it runs (V8's WebAssembly engine, its code,
 * the optimising compile) and saves time in proportion to the text: at 1,000 servers (340 kB) a
 * few milliseconds of a warm check and nothing of the first, while that size's peak-memory goal
 * is decided by a megabyte; at 10,000 servers (3.4 MB) about 40 % of the check (bench/NOTES.md,
 * "What changed in the ninth session"). Tests lower it to run every check through the module.
 */
export const wasmScanPolicy = { minLength: 1 << 20 };

export interface VerdictScan {
  object: ScannedObject;
  /** ROW int32 per entry; valid until the next scan or `textFromUtf8` (either reuses the memory after the text). */
  rows: Int32Array;
  /**
   * The entry whose key is written `name` without an escape, or -1 (until the next scan). No two
   * keys are written alike (the scan refuses a duplicate); a key with an escape (ESCAPED_KEY) is for
   * the caller to compare by its decoded name.
   */
  indexOfName(name: string): number;
  /** Per entry, its key's offset, line and line start (text.ts `positionsOf` starts from them). */
  lineAnchors: Int32Array;
}

interface Exports {
  memory: WasmMemory;
  heapBase(): number;
  setScratch(at: number): void;
  setRootsIndexed(indexed: boolean): void;
  buildSet(id: number, blob: number, length: number, table: number, slots: number): void;
  scan(text: number, length: number, rows: number, capacity: number, keys: number, slots: number): number;
  findKey(start: number, length: number): number;
  isAscii(start: number, end: number): number;
  utf16Of(start: number, end: number, out: number): number;
}

/** The room for a name `indexOfName` looks up (longer ones are compared in JavaScript). */
const NAME_BYTES = 4096;
/** The scratch the module keeps a map's keys in (32 keys of two int32). */
const SCRATCH_BYTES = 256;

const newInstance = lazyModule<Exports>(ENTRY_SCAN_WASM);
let instance: Exports | undefined;

/**
 * The module's instance, or undefined where WebAssembly cannot run (then the JavaScript scanner
 * does it all). One is kept while its memory is small: a page of memory the module grew into stays
 * the process's until the instance is garbage.
 */
function moduleInstance(): Exports | undefined {
  instance ??= newInstance();
  return instance;
}

/**
 * The text whose UTF-8 the instance's memory holds at `textStart`, and its length in bytes: what
 * the last scan or `textFromUtf8` placed there (nothing else writes at the text's place), so that
 * a text decoded there, or scanned again, is not encoded again. It keeps that one text alive
 * until the next scan or large decode replaces it, or `forgetPlacedText`.
 */
let placed: { wasm: Exports; text: string; length: number } | undefined;

/** Where the text lies in the module's memory: first, after the scratch. */
function textStart(wasm: Exports): number {
  return align(align(wasm.heapBase()) + SCRATCH_BYTES);
}

/** Lets the placed text go (a document was closed: its text need not outlive it here); its next scan encodes it again. */
export function forgetPlacedText(): void {
  placed = undefined;
}

/** Whether the module's memory holds `text`'s UTF-8, placed by a scan or `textFromUtf8` (for tests). */
export function holdsText(text: string): boolean {
  return instance !== undefined && placedLength(instance, text) >= 0;
}

/** The length of `text`'s UTF-8 when it is what lies at `textStart`, else -1. */
function placedLength(wasm: Exports, text: string): number {
  return placed !== undefined && placed.wasm === wasm && placed.text.length === text.length && placed.text === text ? placed.length : -1;
}

/** The most memory an instance keeps between scans: a 10,000-server catalog's text and rows fit. */
const KEPT_BYTES = 16 << 20;

const encoder = new TextEncoder();
/** Names a placeholder can resolve to: upper case, as placeholders.ts `placeholdersAllResolved` reads them. */
const PLACEHOLDER_NAME = /^[A-Z_][A-Z0-9_]*$/;
/** What a plain string the module reads can hold: printable ASCII but the quote and the backslash. */
const PLAIN_NAME = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * The entries of `text` with the module's verdicts, or undefined when the module cannot run, the
 * text is not one object of entries the way it reads it, or its entries are tiny (the JavaScript
 * scanner then decides).
 * `known`: the variable names placeholders resolve to; `refused`: the env keys a clean entry may
 * not set; `roots`: the root names a `default_in_roots` item may give unasked, or undefined when the
 * roots rule reports on every entry with roots.
 */
export function scanWithVerdicts(text: string, known: Iterable<string>, refused: Iterable<string>, roots?: Iterable<string>): VerdictScan | undefined {
  return withInstance((wasm) => {
    // Without root names no entry's roots are proven quiet (server/wasm/rows.ts QUIET).
    wasm.setRootsIndexed(roots !== undefined);
    return scanIn(wasm, text, [setBlob(known, PLACEHOLDER_NAME), setBlob(refused, PLACEHOLDER_NAME), setBlob(roots ?? [], PLAIN_NAME)]);
  });
}

/**
 * `use`'s answer with the module's instance, or undefined when there is none. A throw (memory the
 * process cannot give, or a trap, which would be a bug) drops the instance and answers undefined:
 * the caller's JavaScript path decides. An instance that grew past KEPT_BYTES is let go after.
 */
function withInstance<T>(use: (wasm: Exports) => T | undefined): T | undefined {
  const wasm = moduleInstance();
  if (!wasm) return undefined;
  try {
    return use(wasm);
  } catch {
    dropInstance();
    return undefined;
  } finally {
    if (instance && instance.memory.buffer.byteLength > KEPT_BYTES) dropInstance();
  }
}

function dropInstance(): void {
  instance = undefined;
  placed = undefined;
}

/**
 * The text of the UTF-8 `bytes` as `Buffer#toString('utf8')` reads them, decoded in the module's
 * memory where the scan will find them (bench/NOTES.md, "The message reader"): a large `didOpen`'s
 * text is then neither decoded by V8's UTF-8 decoder, whose path for characters beyond ASCII takes
 * 10–14 ms for a 3.4 MB catalog with a few dashes in it, nor encoded again for its scan. Undefined
 * when the bytes are shorter than a text the module scans, the module cannot run, or they are not
 * well-formed UTF-8 (the caller decodes those, with Buffer's replacement characters).
 */
export function textFromUtf8(bytes: Uint8Array): string | undefined {
  // Buffer's decoders, Node's: several times faster than TextDecoder's for these encodings.
  if (bytes.length < wasmScanPolicy.minLength || typeof Buffer === 'undefined') return undefined;
  return withInstance((wasm) => {
    // What was placed is overwritten here; forgotten first, so a failure leaves nothing stale.
    placed = undefined;
    const textAt = textStart(wasm);
    const end = textAt + bytes.length;
    // UTF-16 after the bytes: two bytes a code unit at most, and 32 the module writes past the last.
    const out = align(end + 16);
    const needed = out + 2 * bytes.length + 32;
    // Beyond the memory an instance keeps, the instance would go with the bytes (a 50,000-server catalog): Buffer decodes.
    if (needed > KEPT_BYTES) return undefined;
    ensureMemory(wasm.memory, needed);
    new Uint8Array(wasm.memory.buffer, textAt, bytes.length).set(bytes);
    let text: string;
    if (wasm.isAscii(textAt, end)) text = Buffer.from(wasm.memory.buffer, textAt, bytes.length).toString('latin1');
    else {
      const units = wasm.utf16Of(textAt, end, out);
      if (units < 0) return undefined;
      text = Buffer.from(wasm.memory.buffer, out, units * 2).toString('utf16le');
    }
    placed = { wasm, text, length: bytes.length };
    return text;
  });
}

/** The sets, in the module's order: known variables (0), overwritten env keys (1), root names (2). */
function scanIn(wasm: Exports, text: string, sets: readonly { bytes: Uint8Array; count: number }[]): VerdictScan | undefined {
  wasm.setScratch(align(wasm.heapBase()));
  const textAt = textStart(wasm);
  let length = placedLength(wasm, text);
  if (length < 0) {
    // A throw while placing drops the instance, and with it what was placed (withInstance).
    length = placeText(wasm, text, textAt);
    placed = { wasm, text, length };
  }
  // The sets after the text (sixteen bytes past it, which the module may read).
  let at = align(textAt + length + 16);
  const layout = sets.map((blob) => {
    const slots = tableSlots(blob.count);
    const place = { blob: at, table: align(at + blob.bytes.length), slots };
    at = place.table + slots * 8;
    return place;
  });
  ensureMemory(wasm.memory, at);
  const bytes = new Uint8Array(wasm.memory.buffer);
  sets.forEach((blob, id) => {
    bytes.set(blob.bytes, layout[id].blob);
    wasm.buildSet(id, layout[id].blob, blob.bytes.length, layout[id].table, layout[id].slots);
  });
  const rowsAt = align(at) + 8;
  // Catalog entries are a hundred bytes and more: a text of more, tinier ones (rows of ROW int32
  // each would outweigh it) is left to the JavaScript scanner.
  const capacity = Math.ceil(length / 64) + 16;
  const keysAt = rowsAt + capacity * ROW * 4;
  const slots = tableSlots(capacity);
  const nameAt = keysAt + slots * 12;
  // Room for the names asked after the scan, so that no later growth detaches `rows`.
  ensureMemory(wasm.memory, nameAt + NAME_BYTES);
  // Fewer than none: not scanned, more rows than room, or two keys written alike (a duplicate name).
  const count = wasm.scan(textAt, length, rowsAt, capacity, keysAt, slots);
  if (count < 0) return undefined;
  const header = new Int32Array(wasm.memory.buffer, rowsAt - 8, 2);
  const rows = new Int32Array(wasm.memory.buffer, rowsAt, count * ROW);
  const spans = new Int32Array(count * SPAN_FIELDS);
  const lineAnchors = new Int32Array(count * 3);
  for (let index = 0; index < count; index++) {
    const at = index * ROW;
    for (let field = 0; field < SPAN_FIELDS; field++) spans[index * SPAN_FIELDS + field] = rows[at + field];
    lineAnchors[index * 3] = rows[at + KEY_START];
    lineAnchors[index * 3 + 1] = rows[at + LINE];
    lineAnchors[index * 3 + 2] = rows[at + LINE_START];
  }
  const indexOfName = (name: string): number => {
    if (name.length * 3 <= NAME_BYTES) {
      return wasm.findKey(nameAt, encoder.encodeInto(name, new Uint8Array(wasm.memory.buffer, nameAt, NAME_BYTES)).written);
    }
    // A name longer than the room: compared with each key's text.
    for (let index = 0; index < count; index++) {
      const at = index * ROW;
      const [start, end] = [rows[at + KEY_START] + 1, rows[at + KEY_END] - 1];
      if (rows[at + ESCAPED_KEY] === 0 && end - start === name.length && text.slice(start, end) === name) return index;
    }
    return -1;
  };
  return { object: { start: header[0], end: header[1], count, spans }, rows, indexOfName, lineAnchors };
}

/** Writes `text`'s UTF-8 at `textAt`; returns its length. */
function placeText(wasm: Exports, text: string, textAt: number): number {
  // Room for the ASCII text and a few characters beyond; the rest, if any, after a second look.
  let room = text.length + (text.length >> 6) + 64;
  ensureMemory(wasm.memory, textAt + room);
  const first = encoder.encodeInto(text, new Uint8Array(wasm.memory.buffer, textAt, room));
  let length = first.written;
  if (first.read < text.length) {
    // Up to three bytes a code unit.
    room = length + (text.length - first.read) * 3;
    ensureMemory(wasm.memory, textAt + room);
    length += encoder.encodeInto(text.slice(first.read), new Uint8Array(wasm.memory.buffer, textAt + length, room - length)).written;
  }
  return length;
}

/** The names `pattern` admits, each followed by a newline (a name the module could never match is left out). */
function setBlob(names: Iterable<string>, pattern: RegExp): { bytes: Uint8Array; count: number } {
  let joined = '';
  let count = 0;
  for (const name of names) {
    if (!pattern.test(name)) continue;
    joined += `${name}\n`;
    count++;
  }
  return { bytes: encoder.encode(joined), count };
}

/** A power of two at least twice the names: the module's open addressing always finds an empty slot. */
function tableSlots(count: number): number {
  let slots = 4;
  while (slots < count * 2) slots *= 2;
  return slots;
}

function align(at: number): number {
  return (at + 7) & ~7;
}
