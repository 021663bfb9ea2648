import { dotenvAssignments, dotenvLine } from '../dotenvLine';
import { nodeValue } from '../jsonNodes';
import type { Finding } from '../findings';
import { decodedOffsetMapper, placeholderNames } from '../placeholders';
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
  const variable = nameFor(name, literal, current, context);
  if (variable === undefined) return [];
  const replace: TextEdit = { start: finding.start, end: finding.end, newText: `\${${variable.name}}` };
  const title = `Move the secret to \${${variable.name}} in ${titlePath(context, envFile)}`;
  // The dotenv file already holds this very value under the name: nothing to add there.
  if (variable.line === undefined) return [proposal(title, [replace], { preferred: true })];
  const lineBreak = current.includes('\r\n') ? '\r\n' : '\n';
  const separator = current.length > 0 && !current.endsWith('\n') && !current.endsWith('\r') ? lineBreak : '';
  const append: TextEdit = { start: current.length, end: current.length, newText: `${separator}${variable.line}${lineBreak}` };
  return [proposal(title, [replace], { preferred: true, files: [{ path: envFile, create: existing === undefined, edits: [append] }] })];
}

/**
 * The variable the literal moves to: `NAME`, else `NAME_2`, `NAME_3`, … — the first the dotenv
 * file already assigns exactly this value (nothing is appended: `line` undefined), or the first
 * it does not assign at all (even blank) and no entry of the catalog reads: a `${NAME}` read
 * elsewhere holds some other value (SPEC §4.3: one name, one value for every entry), and writing
 * this one would change that entry, or leave this one reading the other's. Undefined when no
 * dotenv line holds the value (dotenvLine.ts).
 */
function nameFor(name: string, literal: string, dotenv: string, context: FixContext): { name: string; line?: string } | undefined {
  const assigned = dotenvAssignments(dotenv);
  const read = catalogReads(context);
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? name : `${name}_${i}`;
    const line = dotenvLine(candidate, literal);
    if (line === undefined) return undefined;
    const written = assigned.get(candidate);
    if (written === line) return { name: candidate };
    if (written === undefined && !read.has(candidate)) return { name: candidate, line };
  }
}

/** Every variable the catalog reads, once per parsed document (a request may ask for many findings' fixes). */
const readsOf = new WeakMap<object, ReadonlySet<string>>();
function catalogReads(context: FixContext): ReadonlySet<string> {
  const key = context.parsed;
  let reads = readsOf.get(key);
  if (!reads) {
    reads = new Set(placeholderNames(nodeValue(context.parsed.root), { withDefaults: true }));
    readsOf.set(key, reads);
  }
  return reads;
}
