import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * Every place the core builds a diagnostic message (SPEC §5), found in the source: an object
 * literal with both `code` and `message`. Each branch of a conditional message is a site of its
 * own; a message is matched by a pattern of its literal text with every interpolation, variable or
 * call as "anything". The message test drives fixtures until each one is reached.
 */

export interface MessageSite {
  /** `rules/roots.ts:155#2` (file under service/, line, branch). */
  where: string;
  /** The codes the literal names (a conditional code gives several; a computed one, such as `TABLE[type]`, none). */
  codes: string[];
  pattern: RegExp;
}

const ANY = '[\\s\\S]*?';
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The patterns of an expression: one per branch of its conditionals. */
function branches(node: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(node)) return branches(node.expression);
  if (ts.isConditionalExpression(node)) return [...branches(node.whenTrue), ...branches(node.whenFalse)];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [escape(node.text)];
  if (ts.isTemplateExpression(node)) {
    let out = escape(node.head.text);
    for (const span of node.templateSpans) out += ANY + escape(span.literal.text);
    return [out];
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const out: string[] = [];
    for (const left of branches(node.left)) for (const right of branches(node.right)) out.push(left + right);
    return out;
  }
  return [ANY];
}

function codesOf(node: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(node)) return codesOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...codesOf(node.whenTrue), ...codesOf(node.whenFalse)];
  if (ts.isStringLiteral(node)) return [node.text];
  return [];
}

function files(dir: string, out: string[] = []): string[] {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) {
      if (name !== 'generated') files(full, out);
    } else if (name.endsWith('.ts')) out.push(full);
  }
  return out;
}

export function messageSites(serviceDir: string): MessageSite[] {
  const sites: MessageSite[] = [];
  for (const file of files(serviceDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const property = (name: string): ts.PropertyAssignment | undefined =>
          node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === name);
        const code = property('code');
        const message = property('message');
        if (code && message) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          const where = `${path.relative(serviceDir, file).split(path.sep).join('/')}:${line}`;
          branches(message.initializer).forEach((pattern, index, all) =>
            sites.push({ where: all.length > 1 ? `${where}#${index + 1}` : where, codes: codesOf(code.initializer), pattern: new RegExp(`^${pattern}$`) }),
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}
