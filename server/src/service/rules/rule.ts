import type { WorkspaceFacts } from '../facts';
import type { Finding } from '../findings';
import type { IndexEntry } from '../model';
import type { JsonNode, ParsedJson } from '../parse';
import type { IndexKind } from '../classify';
import type { Code, CodeInfo } from '../codes';

/** What every rule sees: the parsed document, its entries, and the facts from outside it. */
export interface RuleContext {
  readonly kind: IndexKind;
  readonly text: string;
  readonly parsed: ParsedJson;
  readonly root: JsonNode;
  readonly entries: readonly IndexEntry[];
  readonly facts: WorkspaceFacts;
  report(finding: Finding): void;
}

/**
 * One rule family (SPEC §5): everything the rule knows lives in its module, its codes too: the
 * registry (codes.ts `CODES`), the `Code` type, the severity setting, the `.mcp-catalog.json`
 * schema and the README's rule table are generated from `codes` (`npm run generate`, which lists
 * every rule exported by a module under rules/ in generated/rules.ts). `checkEntry` runs once
 * per effective entry, `checkDocument` once per document; either may be absent. Rules never throw
 * on purpose, but the engine guards each call. A rule whose every code (`codes` and `alsoReports`)
 * is `off` is not run; the order rules run in changes nothing (findings are sorted completely).
 *
 * What `checkEntry` reports on an entry may depend only on that entry, the document's kind and the
 * facts — never on another entry (compare entries in `checkDocument`): after an edit inside one
 * entry the engine runs `checkEntry` on that entry alone and keeps the others' findings
 * (engine.ts `recheckDocument`; test/parity proves the findings are the same as a fresh check's).
 */
export interface Rule {
  readonly id: string;
  readonly appliesTo: readonly IndexKind[];
  /** The codes this rule introduces: each declared once, here, with its default severity, summary and example. */
  readonly codes: Readonly<Record<string, CodeInfo>>;
  /** Codes declared elsewhere (another rule, or the engine) that this rule reports too. */
  readonly alsoReports?: readonly Code[];
  checkEntry?(entry: IndexEntry, context: RuleContext): void;
  checkDocument?(context: RuleContext): void;
}

/** The text of a node's literal, e.g. `20.0` or `"a\u0062"`. */
export function literalText(context: RuleContext, node: JsonNode): string {
  return context.text.slice(node.offset, node.offset + node.length);
}

/** Report helper: a finding on a node. */
export function nodeSpan(node: JsonNode): { start: number; end: number } {
  return { start: node.offset, end: node.offset + node.length };
}
