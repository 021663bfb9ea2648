import { ensureMemory, lazyModule, type WasmMemory } from '../service/wasmModule';
import { textFromUtf8 } from '../service/wasmScan';
import { JSON_STRINGS_WASM } from './generated/jsonStringsWasm';

/**
 * A JSON-RPC message body parsed from its bytes with one copy of each large string, not three
 * (bench/NOTES.md, "The message reader"). `JSON.parse(bytes.toString())` builds the whole message
 * as a string, then copies every string out of it. A 10,000-server `didOpen` is 3.8 MB of UTF-8 and,
 * with one non-ASCII character in the catalog, a 6.7 MB two-byte message string, then another
 * 6.7 MB for the document text. Each fresh page of memory is a page fault, and on the benchmark's
 * machine a fault costs ~11 µs: ~40 ms of an open. Here a large body is received into the memory
 * of a small WebAssembly module (server/wasm-json/jsonStrings.ts), which the next one reuses; the
 * module finds each string of at least `largeBodyPolicy.minString` bytes and unescapes it in place, and it is
 * decoded once; the rest of the message, with a marker where each large string was, goes to `JSON.parse`.
 *
 * The result is exactly `JSON.parse(bytes.toString('utf8', 0, length))`'s, and whatever that would
 * reject is rejected by it: anything this path cannot prove it reads the same way (an escape it
 * does not expect, a lone surrogate, a raw control character, a marker spelled by the message
 * itself, a large key) goes to that very call.
 */

/**
 * What counts as large. `minBody`: bodies shorter are parsed the plain way, in an ordinary buffer;
 * below it the module would cost more resident memory than the copies it saves (the 1,000-server
 * catalog's `didOpen` is 0.4 MB; the engine's own module starts at the same size,
 * service/wasmScan.ts). `minString`: shorter strings are left to JSON.parse, where extracting
 * them would cost more than it saves. Tests lower both to send every case through the module.
 */
export const largeBodyPolicy = { minBody: 1 << 20, minString: 1 << 16 };
/** Bodies longer than this are not put in the module's memory, which never shrinks while it lives. */
const MODULE_BODY_LIMIT = 1 << 28;
/** The module's memory is kept for the next message up to this size, else let go with its instance. */
const KEPT_MODULE_BYTES = 1 << 25;
/** How many large strings a body may have before it is parsed the plain way. */
const LIST_CAPACITY = 4096;

/**
 * Per process, so that no message spells it by chance. Exactness does not rest on it: a message
 * that spells a marker anyway finds two of one index, or one too many (`markerSlots`), and is read
 * the plain way. (Not node:crypto: the server loads it only when a feature needs it.)
 */
const NONCE = `${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
const MARKER_JSON = `\\u0000${NONCE}:`;
const MARKER = `\u0000${NONCE}:`;
/** For tests: the marker of large string `index`, as a message would have to spell it. */
export const markerFor = (index: number): string => `${MARKER}${index}`;

interface Exports {
  memory: WasmMemory;
  heapBase(): number;
  findLargeStrings(body: number, length: number, minimum: number, list: number, capacity: number): number;
  unescapeInPlace(start: number, end: number): number;
}

const newInstance = lazyModule<Exports>(JSON_STRINGS_WASM);
let instance: Exports | undefined;

/** The module's instance, or undefined where WebAssembly cannot run (then every body is parsed the plain way). */
function moduleInstance(): Exports | undefined {
  instance ??= newInstance();
  return instance;
}

const align = (at: number): number => (at + 15) & ~15;

/** Where a body of `length` bytes lies in the module's memory, and the list after it (sixteen bytes of slack between: the module reads sixteen at a time). */
function layout(wasm: Exports, length: number): { body: number; list: number; end: number } {
  const body = align(wasm.heapBase());
  const list = align(body + length + 16);
  return { body, list, end: list + LIST_CAPACITY * 8 };
}

/**
 * A buffer to receive a body of `length` bytes into: for a large body, a view of the module's
 * memory (which the next large body reuses), else undefined (the reader keeps its own). Valid
 * until the next call.
 */
export function moduleBodyBuffer(length: number): Buffer | undefined {
  if (length < largeBodyPolicy.minBody || length > MODULE_BODY_LIMIT) return undefined;
  const wasm = moduleInstance();
  if (!wasm) return undefined;
  const { body, end } = layout(wasm, length);
  try {
    ensureMemory(wasm.memory, end);
  } catch {
    return undefined;
  }
  return Buffer.from(wasm.memory.buffer, body, length);
}

/**
 * Parses bytes[0, length) as JSON. A buffer from `moduleBodyBuffer` has its large strings
 * unescaped in place, so the caller must not read it again.
 */
export function parseJsonBody(bytes: Buffer, length: number): unknown {
  const wasm = instance;
  if (!wasm || bytes.buffer !== wasm.memory.buffer) return JSON.parse(bytes.toString('utf8', 0, length));
  try {
    return parseLarge(wasm, bytes, length);
  } finally {
    if (wasm.memory.buffer.byteLength > KEPT_MODULE_BYTES) instance = undefined;
  }
}

function parseLarge(wasm: Exports, bytes: Buffer, length: number): unknown {
  const { body, list } = layout(wasm, length);
  const count = wasm.findLargeStrings(body, length, largeBodyPolicy.minString, list, LIST_CAPACITY);
  if (count <= 0) return JSON.parse(bytes.toString('utf8', 0, length));
  const spans = new Int32Array(wasm.memory.buffer, list, count * 2).slice();
  const skeleton = skeletonOf(bytes, length, spans);
  let parsed: unknown;
  try {
    parsed = JSON.parse(skeleton);
  } catch {
    // Malformed around the large strings: the plain parse gives the error it always gives.
    return JSON.parse(bytes.toString('utf8', 0, length));
  }
  const slots = markerSlots(parsed, count);
  if (!slots) return JSON.parse(bytes.toString('utf8', 0, length));
  for (let index = 0; index < count; index++) {
    const start = spans[index * 2];
    const decodedEnd = wasm.unescapeInPlace(body + start, body + spans[index * 2 + 1]) - body;
    // A text the scanner will take is decoded in its memory, where its bytes then stay for the scan (service/wasmScan.ts).
    const text = textFromUtf8(bytes.subarray(start, decodedEnd)) ?? bytes.toString('utf8', start, decodedEnd);
    const { holder, key } = slots[index];
    // An own "__proto__" from JSON.parse is a plain property: defined, never assigned (that would set the prototype).
    Object.defineProperty(holder, key, { value: text, writable: true, enumerable: true, configurable: true });
  }
  return parsed;
}

/** The text with each large string's content replaced by its marker (checked content: nothing else changes). */
function skeletonOf(bytes: Buffer, length: number, spans: Int32Array): string {
  let skeleton = '';
  let from = 0;
  for (let index = 0; index < spans.length / 2; index++) {
    skeleton += `${bytes.toString('utf8', from, spans[index * 2])}${MARKER_JSON}${index}`;
    from = spans[index * 2 + 1];
  }
  return skeleton + bytes.toString('utf8', from, length);
}

/** Where a marker stands in the parsed skeleton: the object or array holding it, and its key or index. */
interface Slot {
  holder: object;
  key: string | number;
}

/**
 * Where each large string goes, found by walking without recursion (a message may nest deeper
 * than the stack); undefined unless the markers are exactly one per large string, all in values
 * (a message that spells a marker itself, or has a large key, is left to the plain parse).
 */
function markerSlots(root: unknown, count: number): Slot[] | undefined {
  const slots: (Slot | undefined)[] = new Array<Slot | undefined>(count).fill(undefined);
  let found = 0;
  const place = (value: string, holder: object, key: string | number): boolean => {
    const index = Number(value.slice(MARKER.length));
    if (!Number.isInteger(index) || index < 0 || index >= count || `${MARKER}${index}` !== value || slots[index]) return false;
    slots[index] = { holder, key };
    found++;
    return true;
  };
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    const keys: (string | number)[] = Array.isArray(node) ? [...node.keys()] : Object.keys(node);
    for (const key of keys) {
      if (typeof key === 'string' && key.startsWith(MARKER)) return undefined;
      const value: unknown = (node as Record<string | number, unknown>)[key];
      if (typeof value === 'string') {
        if (value.startsWith(MARKER) && !place(value, node, key)) return undefined;
      } else if (typeof value === 'object' && value !== null) pending.push(value);
    }
  }
  return found === count ? (slots as Slot[]) : undefined;
}
