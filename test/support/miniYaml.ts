/**
 * A strict reader for the YAML subset our action.yml and .pre-commit-hooks.yaml use: block
 * mappings and block sequences by indentation, plain, single- and double-quoted scalars, `|`
 * literal blocks, and `#` comments. Anything else (flow collections, anchors, tags, multi-line
 * plain scalars, tabs) is an error, so a definition that drifts outside the subset fails its test
 * instead of being half-read. No dependency: the project adds none for tests.
 */

export type YamlValue = string | YamlValue[] | { [key: string]: YamlValue };

interface Line {
  indent: number;
  text: string;
  number: number;
}

export function parseYaml(source: string): YamlValue {
  const lines: Line[] = [];
  source.split('\n').forEach((raw, index) => {
    if (raw.includes('\t')) throw new Error(`line ${index + 1}: tabs are not allowed`);
    const text = raw.replace(/\r$/, '');
    if (text.trim() === '' || text.trim().startsWith('#')) {
      lines.push({ indent: -1, text: '', number: index + 1 });
      return;
    }
    lines.push({ indent: text.length - text.trimStart().length, text: text.trimStart(), number: index + 1 });
  });
  let position = 0;
  const skipBlank = (): void => {
    while (position < lines.length && lines[position].indent < 0) position++;
  };

  const scalar = (text: string, line: number): string => {
    const value = stripComment(text).trim();
    if (value.startsWith('"')) {
      if (!value.endsWith('"') || value.length < 2) throw new Error(`line ${line}: unterminated double-quoted scalar`);
      return JSON.parse(value) as string;
    }
    if (value.startsWith("'")) {
      if (!value.endsWith("'") || value.length < 2) throw new Error(`line ${line}: unterminated single-quoted scalar`);
      return value.slice(1, -1).replace(/''/g, "'");
    }
    if (/^[[{&*!%@`]/.test(value)) throw new Error(`line ${line}: "${value}" is outside the supported subset`);
    return value;
  };

  const literal = (indent: number): string => {
    const body: string[] = [];
    let blockIndent: number | undefined;
    while (position < lines.length) {
      const line = lines[position];
      if (line.indent >= 0 && line.indent <= indent) break;
      const raw = source.split('\n')[line.number - 1].replace(/\r$/, '');
      if (line.indent >= 0) blockIndent ??= line.indent;
      body.push(line.indent < 0 ? '' : raw.slice(blockIndent));
      position++;
    }
    while (body.length > 0 && body[body.length - 1] === '') body.pop();
    return `${body.join('\n')}\n`;
  };

  const value = (rest: string, indent: number, line: number): YamlValue => {
    const trimmed = stripComment(rest).trim();
    if (trimmed === '|' || trimmed === '|-') {
      const text = literal(indent);
      return trimmed === '|-' ? text.replace(/\n$/, '') : text;
    }
    if (trimmed !== '') return scalar(trimmed, line);
    skipBlank();
    if (position >= lines.length || lines[position].indent <= indent) {
      // `key:` with a sequence at the same indentation is allowed (`steps:\n- run: x`).
      if (position < lines.length && lines[position].indent === indent && lines[position].text.startsWith('- ')) return block(indent);
      return '';
    }
    return block(lines[position].indent);
  };

  const mappingEntry = (text: string, line: number, into: Record<string, YamlValue>, indent: number): void => {
    const match = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^:#'"][^:#]*?)\s*:(?:\s+(.*)|$)/.exec(text);
    if (!match) throw new Error(`line ${line}: expected "key: value", got "${text}"`);
    const key = match[1].startsWith('"') || match[1].startsWith("'") ? scalar(match[1], line) : match[1];
    if (key in into) throw new Error(`line ${line}: duplicate key "${key}"`);
    into[key] = value(match[2] ?? '', indent, line);
  };

  const block = (indent: number): YamlValue => {
    skipBlank();
    const first = lines[position];
    if (first.text.startsWith('- ') || first.text === '-') {
      const items: YamlValue[] = [];
      while (position < lines.length) {
        skipBlank();
        const line = lines[position];
        if (!line || line.indent < indent) break;
        if (line.indent > indent) throw new Error(`line ${line.number}: unexpected indentation`);
        if (!line.text.startsWith('- ')) break;
        const rest = line.text.slice(2);
        position++;
        if (/^[^'"\s][^:]*:(\s|$)/.test(rest) || /^"[^"]*"\s*:/.test(rest)) {
          const item: Record<string, YamlValue> = {};
          const itemIndent = indent + 2;
          mappingEntry(rest, line.number, item, itemIndent);
          while (position < lines.length) {
            skipBlank();
            const next = lines[position];
            if (!next || next.indent !== itemIndent || next.text.startsWith('- ')) {
              if (next && next.indent > itemIndent) throw new Error(`line ${next.number}: unexpected indentation`);
              break;
            }
            position++;
            mappingEntry(next.text, next.number, item, itemIndent);
          }
          items.push(item);
        } else items.push(scalar(rest, line.number));
      }
      return items;
    }
    const mapping: Record<string, YamlValue> = {};
    while (position < lines.length) {
      skipBlank();
      const line = lines[position];
      if (!line || line.indent < indent) break;
      if (line.indent > indent) throw new Error(`line ${line.number}: unexpected indentation`);
      if (line.text.startsWith('- ')) break;
      position++;
      mappingEntry(line.text, line.number, mapping, indent);
    }
    return mapping;
  };

  skipBlank();
  const result = block(lines[position]?.indent ?? 0);
  skipBlank();
  if (position < lines.length) throw new Error(`line ${lines[position].number}: unexpected content`);
  return result;
}

/** A ` #` comment ends a plain value; inside quotes it does not. */
function stripComment(text: string): string {
  if (text.startsWith('"') || text.startsWith("'")) return text.replace(/\s+#.*$/, (match) => (/^\s+#/.test(match) && endsQuoted(text) ? '' : match));
  const index = text.search(/\s#/);
  return index >= 0 ? text.slice(0, index) : text;
}

function endsQuoted(text: string): boolean {
  const quote = text[0];
  return text.replace(/\s+#.*$/, '').endsWith(quote);
}
