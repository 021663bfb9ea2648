import { dotenvAssignment, dotenvLine } from '../dotenvLine';
import type { Finding } from '../findings';
import { decodedOffsetMapper } from '../placeholders';
import { findSecrets } from '../rules/hygiene/secrets';
import { stringContaining } from './locate';
import { titlePath, proposal } from './proposal';
import type { FixContext, FixProposal, TextEdit } from './types';

/**
 * `hardcoded-secret`: replace the literal credential with `${NAME}` and append
 * `NAME=<value>` to the dotenv file. The only fix that ever writes a value, and only into that
 * file: the value is read from the document at fix time (the diagnostic never carries it), and
 * the fix is not offered when there is no dotenv file to move it to, or when no dotenv line can
 * hold the value safely (`dotenvLine.ts`; the rule's message then says why). Never in fix-all.
 */

const NAME = /^[A-Z_][A-Z0-9_]*$/;

export function fixHardcodedSecret(finding: Finding, context: FixContext): FixProposal[] {
  const name = finding.data?.name;
  const envFile = finding.data?.envFile;
  if (typeof name !== 'string' || !NAME.test(name) || typeof envFile !== 'string' || !envFile || !context.readFile) return [];
  const node = stringContaining(context.parsed.root, finding);
  if (!node) return [];
  // The finding must still be a secret at exactly this place (the document may have moved on).
  const raw = context.text.slice(node.offset, node.offset + node.length);
  const value = node.value as string;
  const toOffset = decodedOffsetMapper(raw, node.offset);
  const secret = findSecrets(value).find((match) => toOffset(match.start) === finding.start && toOffset(match.end) === finding.end);
  if (!secret) return [];
  const literal = value.slice(secret.start, secret.end);
  const existing = context.readFile(envFile);
  const current = existing ?? '';
  const variable = freeName(name, current);
  const line = dotenvLine(variable, literal);
  if (line === undefined) return [];
  const lineBreak = current.includes('\r\n') ? '\r\n' : '\n';
  const separator = current.length > 0 && !current.endsWith('\n') && !current.endsWith('\r') ? lineBreak : '';
  const append: TextEdit = { start: current.length, end: current.length, newText: `${separator}${line}${lineBreak}` };
  return [
    proposal(`Move the secret to \${${variable}} in ${titlePath(context, envFile)}`, [{ start: finding.start, end: finding.end, newText: `\${${variable}}` }], {
      preferred: true,
      files: [{ path: envFile, create: existing === undefined, edits: [append] }],
    }),
  ];
}

/** `NAME` unless the dotenv file already has it (even blank); then `NAME_2`, `NAME_3`, … */
function freeName(name: string, dotenv: string): string {
  if (!dotenvAssignment(dotenv, name)) return name;
  for (let i = 2; ; i++) if (!dotenvAssignment(dotenv, `${name}_${i}`)) return `${name}_${i}`;
}
