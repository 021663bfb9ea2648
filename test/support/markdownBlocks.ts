/**
 * The fenced code blocks of a Markdown file, with the `##` section each is under, so the tests can
 * run what the README tells a user to run (README "Install") instead of a copy that could drift.
 * Fences may be indented (inside a list item); the indent is removed from the block's lines.
 */
export interface CodeBlock {
  /** The fence's info string: `sh`, `lua`, `toml`, … */
  language: string;
  code: string;
  /** The text of the nearest `## ` heading above it. */
  section: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export function fencedBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split(/\r?\n/);
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^##\s+(.*)$/.exec(lines[i]);
    if (heading) section = heading[1].trim();
    const open = /^(\s*)(`{3,})([\w-]*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, language] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[j]); j++) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    if (j === lines.length) throw new Error(`line ${i + 1}: a code fence that is never closed`);
    blocks.push({ language, code: `${body.join('\n')}\n`, section, line: i + 1 });
    i = j;
  }
  return blocks;
}
