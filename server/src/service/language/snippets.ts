/**
 * Snippet text (LSP/TextMate snippet syntax: `$1`, `${1:default}`, `${1|a,b|}`) and its plain-text
 * degradation for clients without snippet support (Neovim 0.7 by default): tab stops vanish,
 * placeholders keep their default, choices keep their first option.
 */

/** Escape literal text for a snippet: `$`, `}` and `\` would otherwise be syntax. */
export function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, (ch) => `\\${ch}`);
}

/** The text a snippet inserts when the client cannot expand snippets. */
export function snippetToPlain(snippet: string): string {
  let out = '';
  let i = 0;
  while (i < snippet.length) {
    const ch = snippet[i];
    if (ch === '\\' && i + 1 < snippet.length && '$}\\'.includes(snippet[i + 1])) {
      out += snippet[i + 1];
      i += 2;
      continue;
    }
    if (ch === '$') {
      const simple = /^\$(\d+)/.exec(snippet.slice(i));
      if (simple) {
        i += simple[0].length;
        continue;
      }
      const choice = /^\$\{\d+\|([^,|]*)[^|]*\|\}/.exec(snippet.slice(i));
      if (choice) {
        out += choice[1];
        i += choice[0].length;
        continue;
      }
      const placeholder = /^\$\{\d+(?::|\})/.exec(snippet.slice(i));
      if (placeholder) {
        // `${1:text}`: keep the text (which may itself hold escapes or nested stops), drop the wrapper.
        i += placeholder[0].length;
        if (placeholder[0].endsWith('}')) continue;
        let depth = 1;
        let inner = '';
        while (i < snippet.length && depth > 0) {
          const c = snippet[i];
          if (c === '\\' && i + 1 < snippet.length) {
            inner += c + snippet[i + 1];
            i += 2;
            continue;
          }
          if (c === '{' && snippet[i - 1] === '$') depth++;
          if (c === '}') depth--;
          if (depth > 0) inner += c;
          i++;
        }
        out += snippetToPlain(inner);
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}

/** Renumber tab stops by `by` (`$1` → `$2`, `${1:x}` → `${2:x}`), to make room for a stop before them. */
export function shiftTabStops(snippet: string, by: number): string {
  return snippet.replace(/(?<!\\)\$(\{?)(\d+)/g, (_m, brace: string, n: string) => `$${brace}${Number(n) + by}`);
}

/**
 * A schema `defaultSnippets` body (an object whose string values carry snippet syntax) as JSON
 * text: one property per line, arrays of scalars on one line. `indent` is the text before each
 * property line; the closing brace gets `closeIndent`.
 */
export function renderSnippetBody(body: Record<string, unknown>, indent: string, closeIndent: string, eol: string): string {
  const lines = Object.entries(body).map(([key, value]) => `${indent}${JSON.stringify(key)}: ${renderSnippetValue(value)}`);
  if (lines.length === 0) return '{}';
  return `{${eol}${lines.join(`,${eol}`)}${eol}${closeIndent}}`;
}

function renderSnippetValue(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (Array.isArray(value)) return `[${value.map(renderSnippetValue).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${JSON.stringify(k)}: ${renderSnippetValue(v)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return String(value);
}
