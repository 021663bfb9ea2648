import type { Code } from './codes';
import { checkDocument } from './engine';
import type { WorkspaceFacts } from './facts';
import type { ResolvedFinding } from './findings';
import { KEY_END, KEY_START, SPAN_FIELDS } from './entrySpans';
import { readEntry } from './fastCheck';
import { indexEntries } from './model';
import { nodeValue, type ParsedJson } from './parse';
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
const STRUCTURAL_CODES: ReadonlySet<Code> = new Set<Code>([
  'not-an-object',
  'invalid-name',
  'unknown-type',
  'missing-field',
  'forbidden-field',
  'invalid-value',
]);

export function readCatalog(text: string, facts?: WorkspaceFacts, parsed?: ParsedJson): CatalogView {
  const checkFacts: WorkspaceFacts = facts ?? { variables: VariableIndex.empty() };
  const result = checkDocument(text, 'catalog', checkFacts, { parsed });
  const problems = structuralProblemsByEntry(result.findings);
  // Checked on the fast path: the entries are read from its table, with no tree.
  if (result.fast) {
    const { object, schemaIndex } = result.fast;
    const entries: CatalogEntry[] = [];
    for (let index = 0; index < object.count; index++) {
      if (index === schemaIndex) continue;
      // The check already read every entry this way, so none is undefined here.
      const { name, value } = readEntry(text, object.spans, index)!;
      const at = index * SPAN_FIELDS;
      entries.push({
        name,
        keySpan: { start: object.spans[at + KEY_START], end: object.spans[at + KEY_END] },
        value: plainObject(value),
        problems: problems.get(name) ?? [],
      });
    }
    return { usable: true, syntaxErrors: false, entries };
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
