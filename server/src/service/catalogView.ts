import type { Code } from './codes';
import { checkDocument, DEFAULT_MAX_FILE_SIZE, type CheckOptions, type CheckResult } from './engine';
import type { WorkspaceFacts } from './facts';
import type { ResolvedFinding } from './findings';
import { KEY_END, KEY_START, SPAN_FIELDS, VALUE_END, VALUE_START } from './entrySpans';
import { readEntry } from './fastCheck';
import { indexEntries } from './model';
import { nodeValue, type ParsedJson } from './parse';
import type { TextSource } from './pieceText';
import { plainObject } from './rules/rule';
import { VariableIndex } from './variables';

/**
 * A catalog as readiness and the runtime generators see it: its effective entries (last duplicate
 * wins, as JSON.parse does), each with JSON.parse's value and the structural problems that keep it
 * out of a runtime config. Structure is judged by the same engine as the diagnostics, at default
 * severities, so a preview never disagrees with the editor about which entries are broken.
 */

export interface CatalogEntry {
  name: string;
  /** The name's key, quotes included, in document offsets. */
  keySpan: { start: number; end: number };
  /** The entry as JSON.parse reads it; undefined when it is not an object. */
  value: Record<string, unknown> | undefined;
  /** Messages of the structural errors of this entry; empty when the entry is usable. */
  problems: string[];
}

export interface CatalogView {
  /** False when there is no top-level object at all (empty file, an array, text too large). */
  usable: boolean;
  /** JSON.parse would reject the file (comments, trailing commas, …): AIR would not load it. */
  syntaxErrors: boolean;
  entries: CatalogEntry[];
}

/** Codes whose error-severity findings make an entry unusable (SPEC §10: state `invalid`). */
const STRUCTURAL_CODES_LIST: readonly Code[] = ['not-an-object', 'invalid-name', 'unknown-type', 'missing-field', 'forbidden-field', 'invalid-value'];
const STRUCTURAL_CODES: ReadonlySet<Code> = new Set<Code>(STRUCTURAL_CODES_LIST);

export function readCatalog(text: string, facts?: WorkspaceFacts, parsed?: ParsedJson): CatalogView {
  const checkFacts: WorkspaceFacts = facts ?? { variables: VariableIndex.empty() };
  return viewOfCheck(text, checkDocument(text, 'catalog', checkFacts, { parsed }));
}

/**
 * The view of a catalog the editor has already checked (lsp/analysis.ts), without checking it
 * again when that check's findings are the ones readCatalog's own check would give: it took the
 * fast path, no severity is set for a structural code, and the text is within the default size
 * limit; otherwise readCatalog. The readiness view asks for every version, so with the previous
 * version's view each entry whose key and value are written as before keeps its JSON.parse value
 * (a keystroke reads one entry again; bench/NOTES.md "Readiness").
 */
export function catalogViewAfterCheck(
  text: TextSource,
  check: CheckResult,
  facts: WorkspaceFacts,
  severities: CheckOptions['severities'],
  previous?: CatalogView,
): CatalogView {
  const sameFindings =
    check.fast !== undefined &&
    !check.fast.consumed &&
    text.length <= DEFAULT_MAX_FILE_SIZE &&
    !STRUCTURAL_CODES_LIST.some((code) => severities?.[code] !== undefined);
  return sameFindings ? viewOfCheck(text, check, previous) : readCatalog(text.toString(), facts);
}

/** What a fast-path view keeps for the next version's: each entry's key and value as written. */
interface WrittenEntries {
  keys: string[];
  values: string[];
  /** Per entry of the view (the `$schema` entry has none). */
  entryIndex: Int32Array;
}

const written = new WeakMap<CatalogView, WrittenEntries>();

function viewOfCheck(text: TextSource, result: CheckResult, previous?: CatalogView): CatalogView {
  const problems = structuralProblemsByEntry(result.findings);
  // Checked on the fast path: the entries are read from its table, with no tree.
  if (result.fast) {
    const { object, schemaIndex } = result.fast;
    const before = previous && written.get(previous);
    const keys: string[] = new Array<string>(object.count);
    const values: string[] = new Array<string>(object.count);
    const entryIndex = new Int32Array(object.count).fill(-1);
    const entries: CatalogEntry[] = [];
    for (let index = 0; index < object.count; index++) {
      const at = index * SPAN_FIELDS;
      const keyStart = object.spans[at + KEY_START];
      const keyEnd = object.spans[at + KEY_END];
      keys[index] = text.slice(keyStart, keyEnd);
      values[index] = text.slice(object.spans[at + VALUE_START], object.spans[at + VALUE_END]);
      if (index === schemaIndex) continue;
      const earlier =
        before && before.keys[index] === keys[index] && before.values[index] === values[index] ? previous.entries[before.entryIndex[index]] : undefined;
      let name: string;
      let value: Record<string, unknown> | undefined;
      if (earlier) ({ name, value } = earlier);
      else {
        // The check already read every entry this way, so none is undefined here.
        const read = readEntry(text, object.spans, index)!;
        name = read.name;
        value = plainObject(read.value);
      }
      entryIndex[index] = entries.length;
      entries.push({ name, keySpan: { start: keyStart, end: keyEnd }, value, problems: problems.get(name) ?? [] });
    }
    const view: CatalogView = { usable: true, syntaxErrors: false, entries };
    written.set(view, { keys, values, entryIndex });
    return view;
  }
  const root = result.parsed?.root;
  if (!result.parsed || !root || root.type !== 'object') {
    return { usable: false, syntaxErrors: result.parsed?.strictErrors ?? true, entries: [] };
  }
  const entries = indexEntries(root).map((entry): CatalogEntry => {
    const value = entry.valueNode?.type === 'object' ? (nodeValue(entry.valueNode) as Record<string, unknown>) : undefined;
    const found = problems.get(entry.name) ?? [];
    // A key without a value (`"a": }`) has no node at all; it cannot be used either.
    if (!entry.valueNode && found.length === 0) found.push(`The server entry "${entry.name}" has no value.`);
    return { name: entry.name, keySpan: { start: entry.keyNode.offset, end: entry.keyNode.offset + entry.keyNode.length }, value, problems: found };
  });
  return { usable: true, syntaxErrors: result.parsed.strictErrors, entries };
}

function structuralProblemsByEntry(findings: readonly ResolvedFinding[]): Map<string, string[]> {
  const byEntry = new Map<string, string[]>();
  for (const finding of findings) {
    if (finding.severity !== 'error' || !STRUCTURAL_CODES.has(finding.code)) continue;
    const name = finding.data?.path?.[0];
    if (typeof name !== 'string' || name === '$schema') continue;
    const list = byEntry.get(name) ?? [];
    list.push(finding.message);
    byEntry.set(name, list);
  }
  return byEntry;
}

/** One line for a list or tooltip: the first problem, and how many more there are. */
export function summariseProblems(problems: readonly string[]): string {
  if (problems.length <= 1) return problems[0] ?? '';
  return `${problems[0]} (and ${problems.length - 1} more problem${problems.length === 2 ? '' : 's'})`;
}
