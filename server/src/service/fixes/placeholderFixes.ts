import { dotenvAssignment, dotenvLine } from '../dotenvLine';
import type { Finding } from '../findings';
import { isUpperCaseName } from '../placeholders';
import { clip, editDistance } from '../text';
import { nodeEnd } from './jsonEdits';
import { decodeRaw, escapeJsonContent, rawUnits } from './jsonStrings';
import { stringContaining } from './locate';
import { titlePath, proposal } from './proposal';
import { ADD_KNOWN_VARIABLE_COMMAND, type FixContext, type FixProposal, type TextEdit } from './types';

/**
 * `${VAR}` fixes (SPEC §4.3). A placeholder sits inside a string that may be written with escapes
 * (`"\u0024{X}"`): the finding's span is the raw text, and every fix replaces exactly that span.
 * Only names are ever written — never a value.
 */

/** The raw text of the finding's placeholder, when it still decodes to what the rule saw. */
function placeholderText(finding: Finding, context: FixContext): string | undefined {
  if (!stringContaining(context.parsed.root, finding)) return undefined;
  return decodeRaw(context.text.slice(finding.start, finding.end));
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function fixUnresolvedVariable(finding: Finding, context: FixContext): FixProposal[] {
  const name = finding.data?.name;
  if (typeof name !== 'string' || !NAME.test(name) || placeholderText(finding, context) !== `\${${name}}`) return [];
  const candidates = (Array.isArray(finding.data?.candidates) ? finding.data.candidates : []).filter(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== name && isUpperCaseName(candidate),
  );
  const typoIsLikely = candidates.length > 0 && editDistance(name.toLowerCase(), candidates[0].toLowerCase(), 1) <= 1;
  const fixes: FixProposal[] = [];

  candidates.forEach((candidate, index) => {
    fixes.push(
      proposal(`Change to ${clip(`\${${candidate}}`)}`, [{ start: finding.start, end: finding.end, newText: `\${${candidate}}` }], {
        preferred: typoIsLikely && index === 0,
      }),
    );
  });

  const envFix = addToEnvFile(name, finding.data?.emptyIn ?? finding.data?.envFile, context);
  if (envFix) {
    envFix.isPreferred = !typoIsLikely;
    fixes.push(envFix);
  }
  fixes.push(
    proposal(`Declare ${clip(name)} known (mcpCatalog.knownVariables)`, [], {
      preferred: !typoIsLikely && !envFix,
      command: { command: ADD_KNOWN_VARIABLE_COMMAND, name },
    }),
  );
  return fixes;
}

/**
 * `NAME=` at the end of the dotenv file, creating it when missing; a newline first when the file
 * does not end with one. The cursor goes after the `=`, where the value is typed (a name alone is
 * still unset). When the file already lists the name with an empty value, the fix only goes there.
 */
function addToEnvFile(name: string, envFile: unknown, context: FixContext): FixProposal | undefined {
  const line = dotenvLine(name, '');
  if (typeof envFile !== 'string' || !envFile || !context.readFile || line === undefined) return undefined;
  const existing = context.readFile(envFile);
  const current = existing ?? '';
  const listed = dotenvAssignment(current, name);
  if (listed) {
    return proposal(`Give ${name} a value in ${titlePath(context, envFile)}`, [], { reveal: { path: envFile, offset: listed.index + listed[0].length } });
  }
  const lineBreak = current.includes('\r\n') ? '\r\n' : '\n';
  const separator = current.length > 0 && !current.endsWith('\n') && !current.endsWith('\r') ? lineBreak : '';
  const edit: TextEdit = { start: current.length, end: current.length, newText: `${separator}${line}${lineBreak}` };
  const afterEquals = current.length + separator.length + line.length;
  return proposal(`Add ${clip(name)}= to ${titlePath(context, envFile)}`, [], {
    files: [{ path: envFile, create: existing === undefined, edits: [edit] }],
    reveal: { path: envFile, offset: afterEquals },
  });
}

/** Rewrite a placeholder AIR can never resolve as `${NAME}` (or `${NAME:-default}` for `-`/`:=` defaults). */
export function fixInvalidPlaceholder(finding: Finding, context: FixContext): FixProposal[] {
  const placeholder = finding.data?.placeholder;
  const suggested = finding.data?.suggestedName;
  const node = stringContaining(context.parsed.root, finding);
  if (!node || typeof placeholder !== 'string' || typeof suggested !== 'string' || !NAME.test(suggested)) return [];
  if (placeholderText(finding, context) !== placeholder) return [];
  let end = finding.end;
  const content = placeholder.slice(2, placeholder.endsWith('}') ? -1 : undefined);
  if (content.includes('${')) {
    // `${A:-${B}}`: the rule's span ends at the first `}`; the rewrite takes the outer one too.
    const following = rawUnits(context.text.slice(end, nodeEnd(node) - 1))[0];
    if (following?.decoded === '}') end += following.raw.length;
  }
  const fixes: FixProposal[] = [];
  const defaulted = new RegExp(`^${suggested}(?:-|:=)(.*)$`, 's').exec(content);
  if (defaulted && !defaulted[1].includes('${')) {
    const rewrite = `\${${suggested}:-${escapeJsonContent(defaulted[1])}}`;
    fixes.push(proposal(`Rewrite as \${${suggested}:-…}`, [{ start: finding.start, end, newText: rewrite }], { preferred: true }));
  }
  fixes.push(proposal(`Rewrite as \${${suggested}}`, [{ start: finding.start, end, newText: `\${${suggested}}` }], { preferred: fixes.length === 0 }));
  return fixes;
}

/** Upper-case the name (the default, if any, stays as written). */
export function fixLowercaseVariable(finding: Finding, context: FixContext): FixProposal[] {
  const name = finding.data?.name;
  const replacement = finding.data?.replacement;
  if (typeof name !== 'string' || typeof replacement !== 'string' || !NAME.test(replacement)) return [];
  if (!stringContaining(context.parsed.root, finding)) return [];
  const units = rawUnits(context.text.slice(finding.start, finding.end));
  const decoded = units.map((unit) => unit.decoded).join('');
  if (!decoded.startsWith(`\${${name}`) || !/^[:}]?$/.test(decoded.charAt(2 + name.length))) return [];
  const rawLength = (from: number, to: number): number => units.slice(from, to).reduce((sum, unit) => sum + unit.raw.length, 0);
  const start = finding.start + rawLength(0, 2);
  const end = start + rawLength(2, 2 + name.length);
  return [proposal(`Change to ${clip(`\${${replacement}}`)}`, [{ start, end, newText: replacement }], { preferred: true })];
}
