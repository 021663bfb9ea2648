import { isOtherToolsEnvelope, mayBeEnvelope } from './otherTools';
import { getProperty, parseJson, propertyValue } from './parse';

/**
 * The top-level `$schema` string of a document — the **last** one when it is written twice, as
 * JSON.parse keeps it (SPEC §1). The usual spot (first property) is read with a cheap look at the
 * start, trusted only when no other key spelled `$schema` (in any escaping) follows; otherwise,
 * and for `$schema` elsewhere, the document is parsed and its effective property read.
 */
export function schemaUrlOf(text: string): string | undefined {
  return findSchemaUrl(text).url;
}

/**
 * What `schemaUrlOf` found and how: `lead` — from the leading `$schema` property ending at `leadEnd`,
 * with no other key spelled `$schema` after it; `none` — no key spelled `$schema` anywhere; `parsed`
 * — from a parse of the whole document. The first two can be carried through an edit by looking at
 * the edited text alone (`sniffAfterEdit`); an editor asks on every keystroke, and searching a
 * 3 MB catalog for the key was most of a keystroke's cost (bench/NOTES.md).
 */
export interface SchemaSniff {
  url: string | undefined;
  how: 'lead' | 'none' | 'parsed';
  leadEnd: number;
  /**
   * The top-level object is another tool's envelope (`mcpServers`, VS Code's `servers`/`inputs`:
   * service/otherTools.ts, SPEC §1), judged with the `$schema` so it is carried through the same
   * edits: in a text that spells no such key, only an edit that writes one can change it.
   */
  envelope: boolean;
  /** The text names such a key somewhere (`mayBeEnvelope`), so an edit elsewhere may still change `envelope`. */
  envelopeKeys: boolean;
}

export function sniffSchemaUrl(text: string): SchemaSniff {
  return { ...findSchemaUrl(text), ...envelopeOf(text) };
}

/** The `$schema` part of the sniff: a caller that wants the URL alone (a file discovery looks at) judges no envelope, which may cost a parse. */
function findSchemaUrl(text: string): Pick<SchemaSniff, 'url' | 'how' | 'leadEnd'> {
  const match = /^\uFEFF?[ \t\r\n]*\{[ \t\r\n]*"\$schema"[ \t\r\n]*:[ \t\r\n]*"((?:[^"\\\r\n]|\\.)*)"/.exec(text.slice(0, 4096));
  if (match && !SCHEMA_KEY.test(text.slice(match[0].length))) {
    let url: string | undefined;
    try {
      url = JSON.parse(`"${match[1]}"`) as string;
    } catch {
      url = undefined;
    }
    return { url, how: 'lead', leadEnd: match[0].length };
  }
  if (!match && !SCHEMA_KEY.test(text)) return { url: undefined, how: 'none', leadEnd: 0 };
  const value = propertyValue(getProperty(parseJson(text).root, '$schema'))?.value;
  return { url: typeof value === 'string' ? value : undefined, how: 'parsed', leadEnd: 0 };
}

function envelopeOf(text: string): { envelope: boolean; envelopeKeys: boolean } {
  const envelopeKeys = mayBeEnvelope(text);
  return { envelope: envelopeKeys && isOtherToolsEnvelope(text), envelopeKeys };
}

/** The longest spelling of the key: its quotes and seven `\uXXXX` escapes. */
const LONGEST_KEY = 2 + 7 * 6;

/**
 * The sniff of `text`, made from `previous` (the sniff of the text before `edit`) when the edit can
 * not have changed it: it lies after the leading property, and no key spelled `$schema` overlaps
 * what it wrote (a new one would have to). Undefined: sniff the whole text again.
 */
export function sniffAfterEdit(previous: SchemaSniff, edit: { start: number; end: number; text: string }, text: string): SchemaSniff | undefined {
  if (previous.how === 'parsed' || (previous.how === 'lead' && edit.start < previous.leadEnd)) return undefined;
  const from = Math.max(previous.leadEnd, edit.start - LONGEST_KEY);
  const window = text.slice(from, edit.start + edit.text.length + LONGEST_KEY);
  // With such a key anywhere, any edit may move it to the top level (a brace, or a parser's recovery
  // from a broken text): judged again. A text with none keeps its verdict unless the edit writes one.
  if (previous.envelopeKeys || mayBeEnvelope(window)) return undefined;
  return SCHEMA_KEY.test(window) ? undefined : previous;
}

/**
 * A JSON string that decodes to `$schema`, each character literal or `\uXXXX`-escaped. A match
 * inside a value only costs a parse; it can never make the answer wrong.
 */
const SCHEMA_KEY = new RegExp(
  `"${[...'$schema']
    .map(
      (ch) =>
        `(?:${ch === '$' ? '\\$' : ch}|\\\\u${ch
          .charCodeAt(0)
          .toString(16)
          .padStart(4, '0')
          .replace(/[a-f]/g, (hex) => `[${hex}${hex.toUpperCase()}]`)})`,
    )
    .join('')}"`,
);
