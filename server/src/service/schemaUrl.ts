import { getProperty, parseJson, propertyValue } from './parse';

/**
 * The top-level `$schema` string of a document. The usual spot (first property) is read with a
 * cheap look at the start; elsewhere in the file costs a parse, done only if the key appears.
 */
export function schemaUrlOf(text: string): string | undefined {
  const match = /^\uFEFF?[ \t\r\n]*\{[ \t\r\n]*"\$schema"[ \t\r\n]*:[ \t\r\n]*"((?:[^"\\\r\n]|\\.)*)"/.exec(text.slice(0, 4096));
  if (match) {
    try {
      return JSON.parse(`"${match[1]}"`) as string;
    } catch {
      return undefined;
    }
  }
  if (!text.includes('"$schema"') && !text.includes('\\u0024schema')) return undefined;
  const value = propertyValue(getProperty(parseJson(text).root, '$schema'))?.value;
  return typeof value === 'string' ? value : undefined;
}
