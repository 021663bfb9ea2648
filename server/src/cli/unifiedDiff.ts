/**
 * Unified diffs (the format of `diff -u` and `git diff`) for `fix --dry-run` and the runtime
 * configs of `diff`. A change replaces old lines `[oldStart, oldEnd)` (0-based) with new lines;
 * lines keep their terminators, so a missing final newline is shown as diff shows it.
 */

export interface LineChange {
  oldStart: number;
  oldEnd: number;
  newLines: string[];
}

/** Lines with their `\n` (the last one may have none). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The line changes that sorted, non-overlapping offset edits make; exact and linear in the text. */
export function changesFromEdits(text: string, edits: readonly { start: number; end: number; newText: string }[]): LineChange[] {
  const lines = splitLines(text);
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
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
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const groups: { first: number; last: number; edits: typeof sorted }[] = [];
  for (const edit of sorted) {
    const first = lineAt(edit.start);
    // An edit ending exactly at a line start does not touch that line.
    const last = edit.end > edit.start && edit.end === starts[lineAt(edit.end)] ? lineAt(edit.end) - 1 : lineAt(edit.end);
    const previous = groups[groups.length - 1];
    if (previous && first <= previous.last) {
      previous.last = Math.max(previous.last, last);
      previous.edits.push(edit);
    } else groups.push({ first, last: Math.max(first, last), edits: [edit] });
  }
  return groups.map((group) => {
    const from = starts[group.first] ?? text.length;
    const to = group.last + 1 < starts.length ? starts[group.last + 1] : text.length;
    let replaced = '';
    let cursor = from;
    for (const edit of group.edits) {
      replaced += text.slice(cursor, edit.start) + edit.newText;
      cursor = edit.end;
    }
    replaced += text.slice(cursor, to);
    return { oldStart: group.first, oldEnd: Math.min(lines.length, group.last + 1), newLines: splitLines(replaced) };
  });
}

/** Largest middle part (after the common start and end) compared line by line; beyond it one change replaces it all. */
const MAX_COMPARED_CELLS = 4_000_000;

/** The changes from one list of lines to another (a longest common subsequence of the differing middle). */
export function changesBetween(before: readonly string[], after: readonly string[]): LineChange[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  const a = before.slice(prefix, before.length - suffix);
  const b = after.slice(prefix, after.length - suffix);
  if (a.length === 0 && b.length === 0) return [];
  if ((a.length + 1) * (b.length + 1) > MAX_COMPARED_CELLS || a.length === 0 || b.length === 0) {
    return [{ oldStart: prefix, oldEnd: prefix + a.length, newLines: b }];
  }
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1] + 1 : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const changes: LineChange[] = [];
  let pending: LineChange | undefined;
  const flush = (): void => {
    if (pending) changes.push(pending);
    pending = undefined;
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      i++;
      j++;
    } else if (j < b.length && (i === a.length || table[i * width + j + 1] >= table[(i + 1) * width + j])) {
      pending ??= { oldStart: prefix + i, oldEnd: prefix + i, newLines: [] };
      pending.newLines.push(b[j++]);
    } else {
      pending ??= { oldStart: prefix + i, oldEnd: prefix + i, newLines: [] };
      pending.oldEnd = prefix + ++i;
    }
  }
  flush();
  return changes;
}

/** `--- a/x` / `+++ b/x` and hunks with `context` lines around each change; empty when nothing changes. */
export function unifiedDiff(oldLabel: string, newLabel: string, oldText: string, changes: readonly LineChange[], context = 3): string {
  if (changes.length === 0) return '';
  const old = splitLines(oldText);
  const out: string[] = [`--- ${oldLabel}\n`, `+++ ${newLabel}\n`];
  const line = (prefix: string, text: string): void => {
    out.push(`${prefix}${text.endsWith('\n') ? text : `${text}\n\\ No newline at end of file\n`}`);
  };
  let delta = 0;
  let index = 0;
  while (index < changes.length) {
    let last = index;
    while (last + 1 < changes.length && changes[last + 1].oldStart - changes[last].oldEnd <= 2 * context) last++;
    const from = Math.max(0, changes[index].oldStart - context);
    const to = Math.min(old.length, changes[last].oldEnd + context);
    const body: string[] = [];
    let newCount = 0;
    let hunkDelta = 0;
    let cursor = from;
    const start = out.length;
    for (let c = index; c <= last; c++) {
      const change = changes[c];
      for (; cursor < change.oldStart; cursor++, newCount++) line(' ', old[cursor]);
      for (; cursor < change.oldEnd; cursor++) line('-', old[cursor]);
      for (const added of change.newLines) line('+', added);
      newCount += change.newLines.length;
      hunkDelta += change.newLines.length - (change.oldEnd - change.oldStart);
    }
    for (; cursor < to; cursor++, newCount++) line(' ', old[cursor]);
    body.push(...out.splice(start));
    const oldCount = to - from;
    const newFrom = from + delta;
    out.push(`@@ -${oldCount === 0 ? from : from + 1},${oldCount} +${newCount === 0 ? newFrom : newFrom + 1},${newCount} @@\n`, ...body);
    delta += hunkDelta;
    index = last + 1;
  }
  return out.join('');
}
