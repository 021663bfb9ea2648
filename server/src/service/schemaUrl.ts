import { getProperty, parseJson, propertyValue } from './parse';

/**
 * The top-level `$schema` string of a document — the **last** one when it is written twice, as
 * JSON.parse keeps it (SPEC §1). The usual spot (first property) is read with a cheap look at the
 * start, trusted only when no other key spelled `$schema` (in any escaping) follows; otherwise,
 * and for `$schema` elsewhere, the document is parsed and its effective property read.
 */
export function schemaUrlOf(text: string): string | undefined {
  const match = /^\uFEFF?[ \t\r\n]*\{[ \t\r\n]*"\$schema"[ \t\r\n]*:[ \t\r\n]*"((?:[^"\\\r\n]|\\.)*)"/.exec(text.slice(0, 4096));
  if (match && !SCHEMA_KEY.test(text.slice(match[0].length))) {
    try {
      return JSON.parse(`"${match[1]}"`) as string;
    } catch {
      return undefined;
    }
  }
  if (!match && !SCHEMA_KEY.test(text)) return undefined;
  const value = propertyValue(getProperty(parseJson(text).root, '$schema'))?.value;
  return typeof value === 'string' ? value : undefined;
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
