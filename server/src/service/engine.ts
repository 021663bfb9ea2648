import type { TextSource } from './pieceText';
import { checkAirJson } from './air';
import type { IndexKind } from './classify';
import { CODES, type Code, type Severity, type SeveritySetting } from './codes';
import { surfaceOf, type WorkspaceFacts } from './facts';
import type { Surface } from './surface';
import type { Finding, ResolvedFinding } from './findings';
import { maskCredentials } from './masking';
import { indexEntries } from './model';
import { parseJson, type ParsedJson } from './parse';
import { fastCheck, recheckEdits, type FastResult, type FastState, type OffsetEdit } from './fastCheck';
import { ineffectiveFieldRule } from './rules/ineffective';
import { oauthRule } from './rules/oauth';
import { placeholderRule } from './rules/placeholders';
import { HYGIENE_RULES } from './rules/hygiene';
import { rootsRule } from './rules/roots';
import { legacyRootMembershipRule } from './rules/legacyRootMembership';
import type { Rule, RuleContext } from './rules/rule';
import { structureRule } from './rules/structure';
import { timeoutRule } from './rules/timeout';
import { unavailableRule } from './rules/unavailable';

/**
 * The staged validation pipeline (DESIGN): strict JSON → structure and schema → rule families.
 * Pure: the same function serves the language server, the command line and the tests.
 */

export const RULES: readonly Rule[] = [
  structureRule,
  oauthRule,
  timeoutRule,
  unavailableRule,
  placeholderRule,
  rootsRule,
  legacyRootMembershipRule,
  ineffectiveFieldRule,
  ...HYGIENE_RULES,
];

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
  /** Test seam: false forces the full parser, to compare it with the fast path. */
  fastPath?: boolean;
  /**
   * Test seam: whether the fast path takes the WebAssembly scanner (service/wasmScan.ts) — true
   * whatever the text's length, false never, to compare the two; by default from the length.
   */
  wasm?: boolean;
}

export interface CheckResult {
  /**
   * The whole document's tree; undefined only when the text was too large to check. On the fast
   * path it is built the first time it is read (editor features), never for diagnostics alone.
   */
  readonly parsed: ParsedJson | undefined;
  findings: ResolvedFinding[];
  /** Server or root entries (not counting `$schema`); 0 when the root is not an object. */
  entryCount: number;
  /** What `recheckDocument` continues from (fast path only). */
  readonly fast?: FastState;
  /** Only the edited entries were read again (recheckDocument). */
  readonly incremental?: boolean;
}

export function checkDocument(text: string, kind: IndexKind, facts: WorkspaceFacts, options: CheckOptions = {}): CheckResult {
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  if (text.length > maxFileSize) {
    return {
      parsed: undefined,
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
  if (kind === 'catalog' && !options.parsed && options.fastPath !== false) {
    const fast = fastCheck(text, facts, rules, ruleRunner(options), options.wasm);
    if (fast) return fastResult(text, fast, options);
  }
  const parsed = options.parsed ?? parseJson(text);
  const findings: Finding[] = [...parsed.findings];
  if (kind === 'air') {
    // An air.json has no entries: its own checker (paths, composition, `exclude`) replaces the rules.
    try {
      findings.push(...checkAirJson(parsed, facts.air, facts.documentPath));
    } catch (error) {
      options.onRuleError?.('air', error);
    }
    return { parsed, entryCount: 0, findings: capFindings(resolveSeverities(findings, options.severities)) };
  }
  const root = parsed.root;
  let entryCount = 0;
  if (root && root.type !== 'object') {
    findings.push({
      code: 'not-an-object',
      message: `The ${kind === 'catalog' ? 'catalog' : 'roots index'} is ${root.type === 'array' ? 'an array' : root.type === 'null' ? 'null' : `a ${root.type}`}, not an object of named entries, so AIR loads nothing from it.`,
      start: root.offset,
      end: root.type === 'array' ? root.offset + 1 : root.offset + root.length,
      data: { path: [] },
    });
  } else if (root) {
    const context: RuleContext = {
      kind,
      text,
      parsed,
      root,
      entries: indexEntries(root),
      facts,
      report: (finding) => findings.push(finding),
    };
    entryCount = context.entries.length;
    const runRule = ruleRunner(options);
    for (const rule of rules) {
      if (rule.checkDocument) runRule(rule, () => rule.checkDocument!(context));
      if (rule.checkEntry) {
        for (const entry of context.entries) runRule(rule, () => rule.checkEntry!(entry, context));
      }
    }
  }
  return { parsed, entryCount, findings: capFindings(resolveSeverities(findings, options.severities)) };
}

/**
 * The next version of a document checked before: when the previous check took the fast path and
 * the edits fall inside entries' values, only the edited entries are read again. The
 * facts and options must be the ones the previous check used. The previous result's fast state
 * is consumed. Always the same findings as `checkDocument(text, …)`.
 */
export function recheckDocument(
  previous: CheckResult,
  edits: readonly OffsetEdit[],
  text: TextSource,
  kind: IndexKind,
  facts: WorkspaceFacts,
  options: CheckOptions = {},
): CheckResult {
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  if (previous.fast && kind === 'catalog' && text.length <= maxFileSize && previous.fast.facts === facts) {
    const fast = recheckEdits(previous.fast, edits, text, ruleRunner(options));
    if (fast) return fastResult(text, fast, options, true);
  }
  return checkDocument(text.toString(), kind, facts, options);
}

function fastResult(text: TextSource, fast: FastResult, options: CheckOptions, incremental = false): CheckResult {
  let parsed: ParsedJson | undefined;
  return {
    get parsed(): ParsedJson {
      parsed ??= parseJson(text.toString());
      return parsed;
    },
    entryCount: fast.entryCount,
    findings: capFindings(resolveSeverities(fast.findings, options.severities)),
    fast: fast.state,
    incremental,
  };
}

/** The rules for this kind of document, less those whose every code is off. */
function activeRules(kind: IndexKind, options: CheckOptions): Rule[] {
  return (options.rules ?? RULES).filter(
    (rule) =>
      rule.appliesTo.includes(kind) && !(rule.codes && rule.codes.every((code) => effectiveSeverity(code, undefined, options.severities) === undefined)),
  );
}

/** One throwing rule never stops the others; it is reported once per document. */
function ruleRunner(options: CheckOptions): (rule: Rule, run: () => void) => void {
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

/** Each finding's weight, once: an edit keeps most findings (fastCheck.ts), and weighing is a JSON.stringify. */
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
 * The resolved form of a finding the engine kept from the previous version (fastCheck.ts), under
 * the same overrides: the same object, so the LSP range derived from it can be kept too.
 */
const resolvedForms = new WeakMap<Finding, { overrides: CheckOptions['severities']; resolved: ResolvedFinding }>();

/**
 * Apply user severities (dropping `off`), mask credentials in every message (SPEC §5: this is the
 * one place every finding passes, whichever rule and path made it), de-duplicate, and sort by position.
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
  resolved.sort((a, b) => a.start - b.start || a.end - b.end || a.code.localeCompare(b.code));
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
