import type { FixCommand, FileChange, FixContext, FixProposal, TextEdit } from './types';
import { fileName } from '../text';

/** A quick-fix proposal; `isPreferred` and `inFixAll` default to false. */
export function proposal(
  title: string,
  edits: TextEdit[],
  options: { preferred?: boolean; fixAll?: boolean; files?: FileChange[]; command?: FixCommand; reveal?: FixProposal['reveal'] } = {},
): FixProposal {
  const fix: FixProposal = { title, kind: 'quickfix', isPreferred: options.preferred === true, edits, inFixAll: options.fixAll === true };
  if (options.files) fix.files = options.files;
  if (options.command) fix.command = options.command;
  if (options.reveal) fix.reveal = options.reveal;
  return fix;
}

/** Another file as a fix title names it: the path the user knows it by (workspace-relative), so two `roots.json` are told apart. */
export function titlePath(context: FixContext, filePath: string): string {
  return context.displayPath?.(filePath) ?? fileName(filePath);
}
