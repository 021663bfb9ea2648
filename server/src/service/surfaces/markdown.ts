import { visibleControls } from './terminal';

/**
 * Markdown built from text nobody vetted (SPEC §8): hovers, completion documentation and the
 * `diff --format markdown` job summary show names, reasons and descriptions from a repository.
 * Such text must stay text — it may not start a block (a heading such as `## ✅ Reviewed`, a list,
 * a quote), open HTML (`<img>`, an unterminated `<!--` that hides the rest), make a link or an image
 * (which a hover loads), close the code span or fence it sits in, or break a table row. The
 * functions here are the only way to turn a string into `SafeMarkdown`, and every place that emits
 * Markdown (the hover and completion builders, the diff summary) takes `SafeMarkdown` only, so a
 * raw string does not compile there.
 *
 * Every form also makes controls visible as `\uNNNN` (a bidi override would reorder what is shown)
 * and turns line breaks into spaces: repository text is always inline, within our own line.
 */

declare const markdownBrand: unique symbol;
/** Markdown whose every repository-derived part went through this module. */
export type SafeMarkdown = string & { readonly [markdownBrand]: true };

const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/g;

function inline(text: string): string {
  return visibleControls(text.replace(LINE_BREAKS, ' '));
}

/**
 * Text that renders exactly as written (CommonMark §2.4 backslash escapes): escaped are the
 * characters that open something inline — code, emphasis, strikethrough, links and images, HTML and
 * autolinks (`<`, and `:` and `@`, which GFM's `https://` and e-mail autolinks need), entities,
 * table pipes, math (`$`) — an `_` at a word's edge (inside a word it emphasises nothing), the `.`
 * of `www.` (GFM's other autolink), and at the start a
 * block marker (`#`, `>`, `-`, `+`, `=`, `1.`, `1)`), since some texts open a paragraph. The rest
 * of the text, prose punctuation included, is left as it is, so a summary's source stays readable.
 */
export function markdownText(text: string): SafeMarkdown {
  return inline(text)
    .replace(/[\\`*~[\]<>&|:@$]|_(?![A-Za-z0-9])|(?<![A-Za-z0-9])_|(?<=\bwww)\./gi, '\\$&')
    .replace(/^(\s*)([#>+=-]|\d+[.)])/, '$1\\$2') as SafeMarkdown;
}

/**
 * Inline code showing `text` as written: a fence one backtick longer than the longest run inside,
 * padded when the text starts or ends with a backtick (CommonMark §6.1). A line break inside would
 * let a blank line end the paragraph, so it is a space, as a code span shows it anyway. In a GFM
 * table cell a `|` would end the cell even inside code, so there such text is shown escaped instead.
 */
export function markdownCode(text: string, where: 'inline' | 'table' = 'inline'): SafeMarkdown {
  const body = inline(text);
  if (where === 'table' && body.includes('|')) return markdownText(text);
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = body.startsWith('`') || body.endsWith('`') || (body.startsWith(' ') && body.endsWith(' ') && body.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}` as SafeMarkdown;
}

/** A fenced code block (CommonMark §4.5): the fence longer than any backtick run inside, so no line of `text` can close it. */
export function markdownCodeBlock(text: string, info: 'diff' | 'json' | 'toml' | ''): SafeMarkdown {
  const body = visibleControls(text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n'));
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${body}\n${fence}` as SafeMarkdown;
}

/** Text inside our own HTML (a `<summary>`): entity-escaped, one line. */
export function htmlText(text: string): SafeMarkdown {
  return inline(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`) as SafeMarkdown;
}

/**
 * Markdown written here, in our own code or our own schemas' descriptions: trusted as it is. The
 * template form is the usual one — only its literal parts are ours, every value must already be
 * `SafeMarkdown` (or a number). A non-ASCII character in the literal parts is written as a `\u`
 * escape: the bundles stay ASCII (scripts/build.mjs), and esbuild cannot escape a tagged
 * template's raw text for us.
 */
export function safeMd(strings: TemplateStringsArray, ...values: readonly (SafeMarkdown | number)[]): SafeMarkdown {
  return strings.reduce((out, part, index) => out + part + (index < values.length ? String(values[index]) : ''), '') as SafeMarkdown;
}

/** Our own documentation text (the shipped schemas' `markdownDescription`), which is Markdown by design. */
export function ourMarkdown(text: string): SafeMarkdown {
  return text as SafeMarkdown;
}

export function joinMarkdown(parts: readonly SafeMarkdown[], separator: SafeMarkdown): SafeMarkdown {
  return parts.join(separator) as SafeMarkdown;
}
