import { checkAirJson } from './air';
import { INDEX_NOUN, type IndexKind } from './classify';
import { CODES, type Code, type Severity, type SeveritySetting } from './codes';
import { surfaceOf, type WorkspaceFacts } from './facts';
import type { Surface } from './surface';
import type { Finding, ResolvedFinding } from './findings';
import { maskCredentials } from './masking';
import { indexEntries, type DocumentModel, type IndexEntry } from './model';
import { parseJson, type JsonNode, type ParsedJson } from './parse';
import { RULES } from './generated/rules';
import type { Rule, RuleContext } from './rules/rule';
import { strictEntryProperty } from './strictTree';

/**
 * The validation pipeline (DESIGN), one pass: text → strict parse (parse.ts) → the entries
 * (model.ts) → every rule (RULES: each module under rules/ that exports one, listed by
 * `npm run generate`) → findings (severities, masking, the size cap). Pure: the same function
 * serves the language server, the command line and the tests.
 */

export { RULES };

/** SPEC §8: a document over this size gets one clear diagnostic instead of a stall. */
export const DEFAULT_MAX_FILE_SIZE = 20 * 1024 * 1024;

export interface CheckOptions {
  /** Per-code severity overrides, including `off`. */
  severities?: Partial<Record<string, SeveritySetting>>;
  /** Called when a rule throws; the other rules still run. */
  onRuleError?: (ruleId: string, error: unknown) => void;
  /** Largest document checked, in UTF-16 units. */
  maxFileSize?: number;
  /** Reuse an existing parse of the same text. */
  parsed?: ParsedJson;
  /**
   * Test seam: the rules to run instead of RULES, so a test can inject a rule that
   * throws and prove the others still report. Production callers never pass it.
   */
  rules?: readonly Rule[];
}

/** A text edit in offsets of the text it applies to. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/** A checked document: the model every feature reads (model.ts) and the findings. */
export interface CheckResult extends DocumentModel {
  findings: ResolvedFinding[];
  /** `entries.length`. */
  entryCount: number;
  /** Only the edited entry was read again (recheckDocument). */
  readonly incremental?: boolean;
  /** What `recheckDocument` reuses: per entry, its `checkEntry` findings; then the document rules'. */
  readonly kept?: KeptFindings;
}

interface KeptFindings {
  readonly facts: WorkspaceFacts;
  readonly rules: readonly Rule[];
  readonly perEntry: readonly (readonly Finding[])[];
}

export function checkDocument(text: string, kind: IndexKind, facts: WorkspaceFacts, options: CheckOptions = {}): CheckResult {
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  if (text.length > maxFileSize) {
    return {
      parsed: undefined,
      entries: [],
      entryCount: 0,
      findings: [
        {
          code: 'json-syntax',
          severity: 'information',
          message: tooLargeMessage(text.length, maxFileSize, surfaceOf(facts)),
          start: 0,
          end: 0,
          data: { path: [], tooLarge: true },
        },
      ],
    };
  }
  const rules = activeRules(kind, options);
  const parsed = options.parsed ?? parseJson(text);
  const findings: Finding[] = [...parsed.findings];
  if (kind === 'air') {
    // An air.json has no entries: its own checker (paths, composition, `exclude`) replaces the rules.
    try {
      findings.push(...checkAirJson(parsed, facts.air, facts.documentPath));
    } catch (error) {
      options.onRuleError?.('air', error);
    }
    return { parsed, entries: [], entryCount: 0, findings: capFindings(resolveSeverities(findings, options.severities)) };
  }
  const root = parsed.root;
  if (root && root.type !== 'object') {
    findings.push({
      code: 'not-an-object',
      message: `The ${INDEX_NOUN[kind].index} is ${root.type === 'array' ? 'an array' : root.type === 'null' ? 'null' : `a ${root.type}`}, not an object of named entries, so AIR loads nothing from it.`,
      start: root.offset,
      end: root.type === 'array' ? root.offset + 1 : root.offset + root.length,
      data: { path: [] },
    });
  }
  if (!root || root.type !== 'object') {
    return { parsed, entries: [], entryCount: 0, findings: capFindings(resolveSeverities(findings, options.severities)) };
  }
  const entries = indexEntries(root);
  const context = ruleContext(kind, text, parsed, entries, facts, findings);
  const runRule = ruleRunner(options);
  const entryFindings = entryChecker(rules, context, runRule);
  const perEntry = entries.map(entryFindings);
  // One by one: an entry can have hundreds of thousands (a 1 MB name of placeholders), too many for a spread's arguments.
  for (const own of perEntry) for (const finding of own) findings.push(finding);
  runDocumentRules(rules, context, runRule);
  return {
    parsed,
    entries,
    entryCount: entries.length,
    findings: capFindings(resolveSeverities(findings, options.severities)),
    kept: parsed.findings.length === 0 ? { facts, rules, perEntry } : undefined,
  };
}

/**
 * The next version of a document checked before, when the edits (in order, each in offsets of the
 * text before it) all fall inside one entry's value and the entry is still strict JSON: that
 * entry is parsed again and put in the previous tree, the nodes after it shifted; `checkEntry`
 * runs on it alone (rules/rule.ts: an entry's findings depend on that entry only) and every
 * `checkDocument` runs again. Anything else is a fresh `checkDocument`. Rule-agnostic: the same
 * findings as `checkDocument(text, …)` (test/parity). The facts and options must be the ones the
 * previous check used; the previous result's tree is taken over (it describes `text` afterwards).
 */
export function recheckDocument(
  previous: CheckResult,
  edits: readonly OffsetEdit[],
  text: string,
  kind: IndexKind,
  facts: WorkspaceFacts,
  options: CheckOptions = {},
): CheckResult {
  const reused = reuse(previous, edits, text, kind, facts, options);
  if (reused) return reused;
  return checkDocument(text, kind, facts, options);
}

function reuse(
  previous: CheckResult,
  edits: readonly OffsetEdit[],
  text: string,
  kind: IndexKind,
  facts: WorkspaceFacts,
  options: CheckOptions,
): CheckResult | undefined {
  const { parsed, kept } = previous;
  const rules = activeRules(kind, options);
  if (!parsed?.root || !kept || kept.facts !== facts || edits.length === 0 || text.length > (options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE)) return undefined;
  if (kept.rules.length !== rules.length || kept.rules.some((rule, i) => rule !== rules[i])) return undefined;
  const root = parsed.root;
  const properties = root.children!;
  // The edited property: every edit strictly inside its value (its key and its brackets or quotes untouched).
  const first = edits[0];
  const index = properties.findIndex((property) => property.offset <= first.start && first.end <= property.offset + property.length);
  const property = properties[index];
  const value = property?.children?.[1];
  if (!value) return undefined;
  let valueEnd = value.offset + value.length;
  for (const edit of edits) {
    if (edit.start <= value.offset || edit.end >= valueEnd) return undefined;
    valueEnd += edit.text.length - (edit.end - edit.start);
  }
  const delta = valueEnd - (value.offset + value.length);
  if (text.length !== parsed.text.length + delta) return undefined;
  // A copy of the entry's text, not a slice of the document's: the new nodes' strings are slices
  // of what they were parsed from, and a slice of this version's whole text would keep that text
  // alive for as long as the entry is not edited again — a copy of the document per edited entry.
  const fresh = strictEntryProperty(copyOf(text.slice(property.offset, valueEnd)), property.offset);
  if (!fresh) return undefined;
  // Into the previous tree: the new property in place of the old, everything after it shifted.
  fresh.parent = root;
  properties[index] = fresh;
  for (let i = index + 1; i < properties.length; i++) shiftNodes(properties[i], delta);
  root.length += delta;
  const next: ParsedJson = { ...parsed, text, root };
  const entries = previous.entries.map((entry) => (entry.property === property ? entryOf(fresh) : entry));
  const findings: Finding[] = [];
  const context = ruleContext(kind, text, next, entries, facts, findings);
  const runRule = ruleRunner(options);
  const perEntry = entries.map((entry, i) => {
    if (entry.property === fresh) return entryChecker(rules, context, runRule)(entry);
    const own = kept.perEntry[i];
    return entry.property.offset > property.offset ? own.map((finding) => shiftFinding(finding, delta)) : own;
  });
  // One by one: an entry can have hundreds of thousands (a 1 MB name of placeholders), too many for a spread's arguments.
  for (const own of perEntry) for (const finding of own) findings.push(finding);
  runDocumentRules(rules, context, runRule);
  return {
    parsed: next,
    entries,
    entryCount: entries.length,
    findings: capFindings(resolveSeverities(findings, options.severities)),
    kept: { facts, rules, perEntry },
    incremental: true,
  };
}

function ruleContext(
  kind: IndexKind,
  text: string,
  parsed: ParsedJson,
  entries: readonly IndexEntry[],
  facts: WorkspaceFacts,
  findings: Finding[],
): RuleContext {
  return { kind, text, parsed, root: parsed.root!, entries, facts, report: (finding) => findings.push(finding) };
}

/**
 * An entry's `checkEntry` findings, every rule in order. One context for every entry of a check
 * (the rules report synchronously), and one shared empty list for the many entries without a
 * finding: both are kept or made once per entry of every check otherwise.
 */
function entryChecker(rules: readonly Rule[], context: RuleContext, runRule: RuleRunner): (entry: IndexEntry) => readonly Finding[] {
  let own: Finding[] | undefined;
  const entryContext: RuleContext = { ...context, report: (finding) => (own ??= []).push(finding) };
  return (entry) => {
    own = undefined;
    for (const rule of rules) if (rule.checkEntry) runRule(rule, () => rule.checkEntry!(entry, entryContext));
    return own ?? NO_FINDINGS;
  };
}

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

function runDocumentRules(rules: readonly Rule[], context: RuleContext, runRule: RuleRunner): void {
  for (const rule of rules) if (rule.checkDocument) runRule(rule, () => rule.checkDocument!(context));
}

function entryOf(property: JsonNode): IndexEntry {
  return { name: property.children![0].value as string, property, keyNode: property.children![0], valueNode: property.children![1] };
}

/** `text` in a string of its own: V8 writes a joined string out flat, and the slice is then of that. */
function copyOf(text: string): string {
  return `${text} `.slice(0, -1);
}

/**
 * Moves a subtree by `delta` (iterative: any depth). Half the document's nodes on a keystroke in
 * its middle: a leaf (no children, no colon) is moved where it is met, not pushed and popped.
 */
function shiftNodes(top: JsonNode, delta: number): void {
  const work = [top];
  while (work.length > 0) {
    const node = work.pop()!;
    node.offset += delta;
    if (node.colonOffset !== undefined) node.colonOffset += delta;
    const children = node.children;
    if (children === undefined) continue;
    for (const child of children) {
      if (child.children === undefined) child.offset += delta;
      else work.push(child);
    }
  }
}

/** A finding of an entry after the edit, moved with it (related locations in this document too). */
function shiftFinding(finding: Finding, delta: number): Finding {
  const related = finding.related?.map((location) =>
    location.path === undefined ? { ...location, start: location.start + delta, end: location.end + delta } : location,
  );
  return { ...finding, start: finding.start + delta, end: finding.end + delta, ...(related ? { related } : {}) };
}

/** The rules for this kind of document, less those whose every code is off. */
function activeRules(kind: IndexKind, options: CheckOptions): Rule[] {
  const on = (code: string): boolean => effectiveSeverity(code as Code, undefined, options.severities) !== undefined;
  return (options.rules ?? RULES).filter((rule) => rule.appliesTo.includes(kind) && (Object.keys(rule.codes).some(on) || (rule.alsoReports ?? []).some(on)));
}

type RuleRunner = (rule: Rule, run: () => void) => void;

/** One throwing rule never stops the others; it is reported once per document. */
function ruleRunner(options: CheckOptions): RuleRunner {
  const failed = new Set<string>();
  return (rule, run) => {
    try {
      run();
    } catch (error) {
      if (failed.has(rule.id)) return;
      failed.add(rule.id);
      options.onRuleError?.(rule.id, error);
    }
  };
}

/**
 * Findings are capped by size (found by the fuzzer): a 60 KB server name made of 15,000
 * `${a}` gave 15,000 findings each carrying the name in `data.path` — a 900 MB LSP message whose
 * JSON.stringify killed the server, and a `check --format json` that failed. Past this many UTF-16
 * units of messages and data (tens of megabytes on the wire), the later findings are left out and
 * one information finding says how many, like the too-large notice above.
 */
export const MAX_FINDINGS_WEIGHT = 16 * 1024 * 1024;

const STRICT_JSON_CODES: readonly Code[] = ['json-syntax', 'json-comment', 'json-trailing-comma', 'json-bom'];

/** Each finding's weight, once: an edit keeps most findings (recheckDocument), and weighing is a JSON.stringify. */
const weights = new WeakMap<ResolvedFinding, number>();

function weightOf(finding: ResolvedFinding): number {
  let weight = weights.get(finding);
  if (weight !== undefined) return weight;
  weight = finding.message.length + 64;
  try {
    weight += JSON.stringify(finding.data)?.length ?? 0;
  } catch {
    weight += MAX_FINDINGS_WEIGHT; // data JSON cannot carry is data no client can receive
  }
  for (const related of finding.related ?? []) weight += related.message.length + (related.path?.length ?? 0) + 64;
  weights.set(finding, weight);
  return weight;
}

function capFindings(findings: ResolvedFinding[]): ResolvedFinding[] {
  let weight = 0;
  for (let i = 0; i < findings.length; i++) {
    const finding = findings[i];
    weight += weightOf(finding);
    if (weight > MAX_FINDINGS_WEIGHT) {
      // The strict-JSON verdict must survive the cut (JSON.parse fails on the file whatever else
      // is wrong): the first left-out finding of each json-* code is kept (fuzzer).
      const kept = findings.slice(0, i);
      const verdicts: ResolvedFinding[] = [];
      for (const code of STRICT_JSON_CODES) {
        if (kept.some((f) => f.code === code)) continue;
        const first = findings.find((f, index) => index >= i && f.code === code);
        if (first) verdicts.push(first);
      }
      const omitted = findings.length - i - verdicts.length;
      const notice: ResolvedFinding = {
        code: 'json-syntax',
        severity: 'information',
        message: `${omitted} more problem${omitted === 1 ? '' : 's'} from here on ${omitted === 1 ? 'is' : 'are'} not shown: more than an editor can receive. Fix the ones above first.`,
        start: finding.start,
        end: finding.start,
        data: { path: [], truncated: true, omitted },
      };
      return [...kept, notice, ...verdicts.sort((a, b) => a.start - b.start)];
    }
  }
  return findings;
}

/**
 * The one finding for a document over the size limit; the CLI uses it too for a file it does not
 * even read. The limit may be fractional: it is shown as set. Only the editor can change it.
 */
export function tooLargeMessage(size: number, limit: number, surface: Surface): string {
  const how = surface.maxFileSize ? ` (${surface.maxFileSize})` : '';
  return `This file is ${(size / 1048576).toFixed(1)} MB, over the ${formatMegabytes(limit)} MB limit${how}, so it was not checked.`;
}

/** `20`, `1.5`, `0.25`: megabytes without a misleading rounding. */
function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / 1048576) * 100) / 100);
}

/**
 * The resolved form of a finding the engine kept from the previous version (recheckDocument), under
 * the same overrides: the same object, so the LSP range derived from it can be kept too.
 */
const resolvedForms = new WeakMap<Finding, { overrides: CheckOptions['severities']; resolved: ResolvedFinding }>();

/**
 * Apply user severities (dropping `off`), mask credentials in every message (SPEC §5: this is the
 * one place every finding passes, whichever rule and path made it), de-duplicate, and sort by
 * position, then code, then message.
 */
export function resolveSeverities(findings: Finding[], overrides: CheckOptions['severities'] = {}): ResolvedFinding[] {
  const seen = new Set<string>();
  const resolved: ResolvedFinding[] = [];
  for (const finding of findings) {
    const severity = effectiveSeverity(finding.code, finding.severity, overrides);
    if (severity === undefined) continue;
    const message = maskCredentials(finding.message);
    const key = `${finding.code}\u0000${finding.start}\u0000${finding.end}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const known = resolvedForms.get(finding);
    if (known && known.overrides === overrides && known.resolved.severity === severity) {
      resolved.push(known.resolved);
      continue;
    }
    const form: ResolvedFinding = { ...finding, message, severity };
    if (finding.related) form.related = finding.related.map((related) => ({ ...related, message: maskCredentials(related.message) }));
    resolvedForms.set(finding, { overrides, resolved: form });
    resolved.push(form);
  }
  // A complete order (after de-duplication no two share code, range and message), so the order the
  // rules ran in never shows.
  resolved.sort((a, b) => a.start - b.start || a.end - b.end || a.code.localeCompare(b.code) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
  return resolved;
}

export function effectiveSeverity(code: Code, natural: Severity | undefined, overrides: CheckOptions['severities'] = {}): Severity | undefined {
  const override = overrides[code];
  if (override === 'off') return undefined;
  if (override) return override;
  const byDefault = natural ?? CODES[code].severity;
  if (byDefault === 'off') return undefined;
  return byDefault;
}
