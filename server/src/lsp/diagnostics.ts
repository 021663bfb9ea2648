import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver';
import { DiagnosticSeverity, DiagnosticTag } from './protocol';
import type { Severity } from '../service/codes';
import { ruleDocUrl } from '../service/ruleDocs';
import type { ReportedFinding } from '../node/report';
import { pathToUri } from './paths';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export const DIAGNOSTIC_SOURCE = 'mcp-catalog';

/** What the client takes besides the plain diagnostic. */
export interface DiagnosticSupport {
  related: boolean;
  /** `codeDescription` (the rule's page); LSP 3.16. */
  codeDescription: boolean;
}

/**
 * Findings as LSP diagnostics: stable code, fixed source, `data` for quick fixes, the rule's page
 * and related information when the client takes them.
 */
export function toDiagnostics(findings: readonly ReportedFinding[], documentUri: string, support: DiagnosticSupport): Diagnostic[] {
  return findings.map((finding) => {
    const diagnostic: Diagnostic = {
      range: finding.range,
      severity: SEVERITY[finding.severity],
      code: finding.code,
      source: DIAGNOSTIC_SOURCE,
      message: finding.message,
      data: { ...finding.data, code: finding.code },
    };
    if (support.codeDescription) diagnostic.codeDescription = { href: ruleDocUrl(finding.code) };
    if (finding.code === 'ineffective-field') diagnostic.tags = [DiagnosticTag.Unnecessary];
    if (support.related && finding.related.length > 0) {
      diagnostic.relatedInformation = finding.related.map((related): DiagnosticRelatedInformation => ({
        location: { uri: related.path ? pathToUri(related.path) : documentUri, range: related.range },
        message: related.message,
      }));
    }
    return diagnostic;
  });
}
