/**
 * Unified diffs (the format of `diff -u` and `git diff`, three lines of context) for `fix
 * --dry-run` and the runtime configs of `diff`. The `diff` package (jsdiff) finds the changes and
 * writes the hunks; a missing final newline is marked as diff marks it. Empty when nothing changes.
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatchHunk } from 'diff';

const CONTEXT = 3;

/** Two texts compared line by line (jsdiff's Myers diff). */
export function unifiedDiff(oldLabel: string, newLabel: string, oldText: string, newText: string): string {
  if (oldText === newText) return '';
  return formatPatch(structuredPatch(oldLabel, newLabel, oldText, newText, undefined, undefined, { context: CONTEXT }), FILE_HEADERS_ONLY);
}

/** Lines with their `\n` (the last one may have none). */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * The diff that sorted, non-overlapping offset edits make (a fix's), without searching for it: a
 * search is O(lines × changes), seconds to minutes for a fix-all of a catalog of 1,000 servers or
 * more (ARCHITECTURE.md, "Libraries and why"), where the edits already say which lines change.
 * Linear in the text; the hunks are then jsdiff's to write.
 */
export function unifiedDiffOfEdits(
  oldLabel: string,
  newLabel: string,
  text: string,
  edits: readonly { start: number; end: number; newText: string }[],
): string {
  const old = splitLines(text);
  const starts: number[] = [];
  let offset = 0;
  for (const line of old) {
    starts.push(offset);
    offset += line.length;
  }
  const lineAt = (position: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= position) low = mid;
      else high = mid - 1;
    }
    return Math.max(0, low);
  };
  // Edits touching the same line make one change of whole lines: old lines [first, last] → newLines.
  const changes: { first: number; last: number; edits: { start: number; end: number; newText: string }[] }[] = [];
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const first = lineAt(edit.start);
    // An edit ending exactly at a line start leaves that line alone when what it leaves before it still ends a line.
    const endsLine = edit.newText.endsWith('\n') || (edit.newText === '' && (edit.start === 0 || text[edit.start - 1] === '\n'));
    const last = edit.end > edit.start && edit.end === starts[lineAt(edit.end)] && endsLine ? lineAt(edit.end) - 1 : lineAt(edit.end);
    const previous = changes[changes.length - 1];
    if (previous && first <= previous.last) {
      previous.last = Math.max(previous.last, last);
      previous.edits.push(edit);
    } else changes.push({ first, last: Math.max(first, last), edits: [edit] });
  }
  const replaced = changes.flatMap((change) => {
    const from = starts[change.first] ?? text.length;
    const to = change.last + 1 < starts.length ? starts[change.last + 1] : text.length;
    let lines = '';
    let cursor = from;
    for (const edit of change.edits) {
      lines += text.slice(cursor, edit.start) + edit.newText;
      cursor = edit.end;
    }
    lines += text.slice(cursor, to);
    // Edits that put back what was there change nothing to show.
    return lines === text.slice(from, to) ? [] : [{ oldStart: change.first, oldEnd: Math.min(old.length, change.last + 1), newLines: splitLines(lines) }];
  });
  // Changes closer than twice the context share a hunk, as `diff -u` writes them.
  const hunks: StructuredPatchHunk[] = [];
  let delta = 0;
  for (let index = 0; index < replaced.length;) {
    let last = index;
    while (last + 1 < replaced.length && replaced[last + 1].oldStart - replaced[last].oldEnd <= 2 * CONTEXT) last++;
    const from = Math.max(0, replaced[index].oldStart - CONTEXT);
    const to = Math.min(old.length, replaced[last].oldEnd + CONTEXT);
    const lines: string[] = [];
    const push = (prefix: string, line: string): void => {
      lines.push(prefix + line.replace(/\n$/, ''));
      if (!line.endsWith('\n')) lines.push('\\ No newline at end of file');
    };
    let cursor = from;
    let added = 0;
    for (let c = index; c <= last; c++) {
      const { oldStart, oldEnd, newLines } = replaced[c];
      for (; cursor < oldStart; cursor++) push(' ', old[cursor]);
      for (; cursor < oldEnd; cursor++) push('-', old[cursor]);
      for (const line of newLines) push('+', line);
      added += newLines.length - (oldEnd - oldStart);
    }
    for (; cursor < to; cursor++) push(' ', old[cursor]);
    hunks.push({ oldStart: from + 1, oldLines: to - from, newStart: from + delta + 1, newLines: to - from + added, lines });
    delta += added;
    index = last + 1;
  }
  if (hunks.length === 0) return '';
  return formatPatch({ oldFileName: oldLabel, newFileName: newLabel, oldHeader: undefined, newHeader: undefined, hunks }, FILE_HEADERS_ONLY);
}
