import type { Code } from './codes';
import { checkDocument, DEFAULT_MAX_FILE_SIZE, type CheckOptions, type CheckResult } from './engine';
import type { WorkspaceFacts } from './facts';
import type { ResolvedFinding } from './findings';
import { nodeValue, type ParsedJson } from './parse';
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
 * The view of a catalog the editor has already checked (lsp/analysis.ts), from that check's model
 * and findings when they are the ones readCatalog's own check would give (no severity is set for
 * a structural code, the text is within the default size limit); otherwise readCatalog. The
 * readiness view asks for every version, so with the previous version's view each entry written
 * as before keeps its value (a keystroke builds one entry's value again; bench/NOTES.md "Readiness").
 */
export function catalogViewAfterCheck(
  text: string,
  check: CheckResult,
  facts: WorkspaceFacts,
  severities: CheckOptions['severities'],
  previous?: CatalogView,
): CatalogView {
  const sameFindings =
    check.parsed !== undefined && text.length <= DEFAULT_MAX_FILE_SIZE && !STRUCTURAL_CODES_LIST.some((code) => severities?.[code] !== undefined);
  return sameFindings ? viewOfCheck(text, check, previous) : readCatalog(text, facts);
}

/** Each view's entries by how they are written (key and value), for the next version's view. */
const written = new WeakMap<CatalogView, Map<string, CatalogEntry>>();

function viewOfCheck(text: string, result: CheckResult, previous?: CatalogView): CatalogView {
  const problems = structuralProblemsByEntry(result.findings);
  const root = result.parsed?.root;
  if (!result.parsed || !root || root.type !== 'object') {
    return { usable: false, syntaxErrors: result.parsed?.strictErrors ?? true, entries: [] };
  }
  const before = previous && written.get(previous);
  const byText = new Map<string, CatalogEntry>();
  const entries = result.entries.map((entry): CatalogEntry => {
    const keySpan = { start: entry.keyNode.offset, end: entry.keyNode.offset + entry.keyNode.length };
    const found = problems.get(entry.name) ?? [];
    // A key without a value (`"a": }`) has no node at all; it cannot be used either.
    if (!entry.valueNode && found.length === 0) found.push(`The server entry "${entry.name}" has no value.`);
    const writtenAs = text.slice(entry.property.offset, entry.property.offset + entry.property.length);
    const earlier = before?.get(writtenAs);
    const value = earlier ? earlier.value : entry.valueNode?.type === 'object' ? (nodeValue(entry.valueNode) as Record<string, unknown>) : undefined;
    const view = { name: entry.name, keySpan, value, problems: found };
    byText.set(writtenAs, view);
    return view;
  });
  const view: CatalogView = { usable: true, syntaxErrors: result.parsed.strictErrors, entries };
  written.set(view, byText);
  return view;
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
