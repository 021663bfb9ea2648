import { checkAirJson } from './air';
import type { IndexKind } from './classify';
import { CODES, type Code, type Severity, type SeveritySetting } from './codes';
import type { WorkspaceFacts } from './facts';
import type { Finding, ResolvedFinding } from './findings';
import { indexEntries } from './model';
import { parseJson, type ParsedJson } from './parse';
import { ineffectiveFieldRule } from './rules/ineffective';
import { placeholderRule } from './rules/placeholders';
import { HYGIENE_RULES } from './rules/hygiene';
import { rootsRule } from './rules/roots';
import type { Rule, RuleContext } from './rules/rule';
import { structureRule } from './rules/structure';
import { timeoutRule } from './rules/timeout';
import { unavailableRule } from './rules/unavailable';

/**
 * The staged validation pipeline (DESIGN): strict JSON → structure and schema → rule families.
 * Pure: the same function serves the language server, the command line and the tests.
 */

export const RULES: readonly Rule[] = [structureRule, timeoutRule, unavailableRule, placeholderRule, rootsRule, ineffectiveFieldRule, ...HYGIENE_RULES];

/** SPEC §8 / issue 7: a document over this size gets one clear diagnostic instead of a stall. */
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
}

export interface CheckResult {
  parsed: ParsedJson | undefined;
  findings: ResolvedFinding[];
}

export function checkDocument(text: string, kind: IndexKind, facts: WorkspaceFacts, options: CheckOptions = {}): CheckResult {
  const maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  if (text.length > maxFileSize) {
    return {
      parsed: undefined,
      findings: [
        {
          code: 'json-syntax',
          severity: 'information',
          message: `This file is ${(text.length / 1048576).toFixed(1)} MB, over the ${(maxFileSize / 1048576).toFixed(0)} MB limit (mcpCatalog.maxFileSize), so it was not checked.`,
          start: 0,
          end: 0,
          data: { path: [], tooLarge: true },
        },
      ],
    };
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
    return { parsed, findings: resolveSeverities(findings, options.severities) };
  }
  const root = parsed.root;
  if (root && root.type !== 'object') {
    findings.push({
      code: 'not-an-object',
      message: `A ${kind === 'catalog' ? 'catalog' : 'roots index'} must be a JSON object mapping names to entries, not ${root.type === 'array' ? 'an array' : root.type === 'null' ? 'null' : `a ${root.type}`}.`,
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
    const failed = new Set<string>();
    for (const rule of RULES) {
      if (!rule.appliesTo.includes(kind)) continue;
      runGuarded(rule, options, failed, () => rule.checkDocument?.(context));
      if (rule.checkEntry) {
        for (const entry of context.entries) runGuarded(rule, options, failed, () => rule.checkEntry!(entry, context));
      }
    }
  }
  return { parsed, findings: resolveSeverities(findings, options.severities) };
}

/** One throwing rule never stops the others; it is reported once per document. */
function runGuarded(rule: Rule, options: CheckOptions, failed: Set<string>, run: () => void): void {
  try {
    run();
  } catch (error) {
    if (failed.has(rule.id)) return;
    failed.add(rule.id);
    options.onRuleError?.(rule.id, error);
  }
}

/** Apply user severities (dropping `off`), de-duplicate, and sort by position. */
export function resolveSeverities(findings: Finding[], overrides: CheckOptions['severities'] = {}): ResolvedFinding[] {
  const seen = new Set<string>();
  const resolved: ResolvedFinding[] = [];
  for (const finding of findings) {
    const severity = effectiveSeverity(finding.code, finding.severity, overrides);
    if (severity === undefined) continue;
    const key = `${finding.code}\u0000${finding.start}\u0000${finding.end}\u0000${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    resolved.push({ ...finding, severity });
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
