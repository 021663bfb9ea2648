import type { Finding } from '../findings';
import type { RuleContext } from './rule';

/**
 * `reference-not-checked` is said once per file (SPEC §5), whichever rule finds the first
 * reference it cannot check: the document rules of one check share their context.
 */
const reported = new WeakSet<RuleContext>();

export function reportNotChecked(context: RuleContext, finding: Finding & { code: 'reference-not-checked' }): void {
  if (reported.has(context)) return;
  reported.add(context);
  context.report(finding);
}
