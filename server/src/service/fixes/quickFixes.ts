import type { Code } from '../codes';
import type { Finding } from '../findings';
import { fixInvalidPlaceholder, fixLowercaseVariable, fixUnresolvedVariable } from './placeholderFixes';
import { fixRootsNotFound, fixUndefinedId, fixUndefinedRoot } from './referenceFixes';
import { fixToolNameCollision } from './nameFixes';
import { fixHardcodedSecret } from './secretFixes';
import { fixLegacyRootMembership } from './membershipFixes';
import { fixForbiddenField, fixIneffectiveField, fixInvalidName, fixInvalidValue, fixMissingField, fixUnknownField, fixUnknownType } from './structureFixes';
import { fixBom, fixComment, fixDuplicateKey, fixTrailingComma } from './syntaxFixes';
import type { FixContext, FixProposal } from './types';
import { fixTimeout, fixUnavailableEmpty, fixUnavailableMultiline, fixUnavailableTooLong, fixUnavailableType } from './valueFixes';

/**
 * Quick fixes per code (SPEC §5's quick-fix column). Each fixer reads the finding's `data` and
 * re-locates its node in the current tree; a finding that no longer matches the document gets no
 * fix. Pure: (document, finding, facts) → proposals.
 */
type Fixer = (finding: Finding, context: FixContext) => FixProposal[];

const FIXERS: Partial<Record<Code, Fixer>> = {
  'json-comment': fixComment,
  'json-trailing-comma': fixTrailingComma,
  'json-bom': fixBom,
  'duplicate-key': fixDuplicateKey,
  'invalid-name': fixInvalidName,
  'unknown-type': fixUnknownType,
  'missing-field': fixMissingField,
  'forbidden-field': fixForbiddenField,
  'invalid-value': fixInvalidValue,
  'unknown-field': fixUnknownField,
  'timeout-type': fixTimeout,
  'timeout-fractional': fixTimeout,
  'timeout-range': fixTimeout,
  'unavailable-type': fixUnavailableType,
  'unavailable-empty': fixUnavailableEmpty,
  'unavailable-multiline': fixUnavailableMultiline,
  'unavailable-too-long': fixUnavailableTooLong,
  'unresolved-variable': fixUnresolvedVariable,
  'invalid-placeholder': fixInvalidPlaceholder,
  'lowercase-variable': fixLowercaseVariable,
  'undefined-root': fixUndefinedRoot,
  'roots-not-found': fixRootsNotFound,
  'undefined-server': fixUndefinedId,
  'undefined-skill': fixUndefinedId,
  'undefined-hook': fixUndefinedId,
  'undefined-plugin': fixUndefinedId,
  'undefined-reference': fixUndefinedId,
  'ambiguous-reference': fixUndefinedId,
  'legacy-root-membership': fixLegacyRootMembership,
  'ineffective-field': fixIneffectiveField,
  'hardcoded-secret': fixHardcodedSecret,
  'tool-name-collision': fixToolNameCollision,
};

/** Codes that have a quick fix. */
export const FIXABLE_CODES: readonly Code[] = Object.keys(FIXERS) as Code[];

/** The quick fixes for one finding, preferred first; [] when it has none or is stale. Never throws. */
export function fixesFor(finding: Finding, context: FixContext): FixProposal[] {
  const fixer = FIXERS[finding.code];
  if (!fixer || (!context.parsed.root && finding.code !== 'json-bom' && finding.code !== 'json-comment')) return [];
  let fixes: FixProposal[];
  try {
    fixes = fixer(finding, context);
  } catch {
    return [];
  }
  // At most one preferred fix per diagnostic, listed first.
  let preferredSeen = false;
  for (const fix of fixes) {
    if (fix.isPreferred && preferredSeen) fix.isPreferred = false;
    if (fix.isPreferred) preferredSeen = true;
  }
  return [...fixes.filter((fix) => fix.isPreferred), ...fixes.filter((fix) => !fix.isPreferred)];
}
