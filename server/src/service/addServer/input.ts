import { nodeValue, scanJson } from '../parse';
import { nestsDeeperThan, TOO_DEEP_REASON } from '../runtime/valueDepth';
import { define } from '../translate/entries';

/**
 * What Add Server… reads from the user (SPEC §13): another tool's MCP file, the clipboard or an MCP
 * registry `server.json` — text from anywhere, so hostile until proven otherwise (SPEC §8). Each
 * way it can be unusable is a sentence for the user, never an exception.
 */

/** More than any real MCP file or server.json (the registry's largest are a few kilobytes). */
export const MAX_IMPORT_LENGTH = 1_000_000;

export type JsonObject = Record<string, unknown>;

export type ReadResult = { ok: true; value: JsonObject } | { ok: false; message: string };

export function readImport(text: string): ReadResult {
  if (typeof text !== 'string') return { ok: false, message: 'There is no text to import.' };
  if (text.length > MAX_IMPORT_LENGTH) {
    return { ok: false, message: `The text to import is ${text.length} characters long; more than ${MAX_IMPORT_LENGTH} is not an MCP configuration.` };
  }
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { ok: false, message: 'The text to import is empty.' };
  const value = parseLenient(trimmed);
  if (value === NOT_JSON) return { ok: false, message: 'The text to import is not JSON (an MCP file or a server.json is a JSON object).' };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      message: `The text to import is ${Array.isArray(value) ? 'an array' : `a ${value === null ? 'null' : typeof value}`}, not a JSON object.`,
    };
  }
  if (nestsDeeperThan(value)) return { ok: false, message: `It cannot be imported: ${TOO_DEEP_REASON}.` };
  return { ok: true, value: value as JsonObject };
}

const NOT_JSON = Symbol('not JSON');

/**
 * JSON.parse, or, for the comments and trailing commas VS Code's own `.vscode/mcp.json` and
 * Cursor's files allow (they read JSONC), the same value read from the strict parser's tree —
 * iteratively, `__proto__` kept as data. Anything else that is not JSON stays refused.
 */
function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const parsed = scanJson(text);
    return parsed.findings.some((finding) => finding.code === 'json-syntax') ? NOT_JSON : nodeValue(parsed.root);
  }
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The object's string-valued members; anything else is named in `warnings`. */
export function stringMap(value: unknown, what: string, warnings: string[]): JsonObject | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    warnings.push(`${what} is not an object and is left out.`);
    return undefined;
  }
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') define(out, key, item);
    else if (typeof item === 'number' || typeof item === 'boolean') define(out, key, String(item));
    else warnings.push(`${what}: ${quoted(key)} is not a string and is left out.`);
  }
  return out;
}

/** A name from the imported text as a message quotes it: JSON-escaped (no control character reaches a message) and at most 60 characters. */
export function quoted(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}\u2026` : name);
}
