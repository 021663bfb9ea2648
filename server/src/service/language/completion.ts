import { CandidateBuilder } from './candidateBuilder';
import { keyCandidates } from './completeKeys';
import { completionSite } from './completionSite';
import type { CompletionCandidate, CompletionOptions } from './completionTypes';
import { valueCandidates } from './completeValues';
import { variableCandidates } from './completeVariables';
import type { LanguageDocument } from './document';

/**
 * Completion as plain data: what to insert where. Field names come from our
 * schema (completeKeys.ts); entry templates from its `defaultSnippets`; root, server and value
 * choices from the workspace facts (completeValues.ts); variable names after `${`
 * (completeVariables.ts) carry names and source labels only, never a value.
 */

export type { CandidateKind, CompletionCandidate, CompletionOptions } from './completionTypes';

export function completeAt(document: LanguageDocument, offset: number, options: CompletionOptions): CompletionCandidate[] {
  const site = completionSite(document, offset);
  if (!site) return [];
  const builder = new CandidateBuilder(document, site.range, options);
  if (site.kind === 'placeholder') return variableCandidates(document, site, builder);
  // Field names come from our catalog and roots schemas; the other index types' are not offered here.
  if (site.kind === 'key') return document.kind === 'catalog' || document.kind === 'roots' ? keyCandidates(document, site, builder) : [];
  return valueCandidates(document, site, builder);
}
