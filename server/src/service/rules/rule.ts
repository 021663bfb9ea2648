import type { WorkspaceFacts } from '../facts';
import type { Finding } from '../findings';
import type { IndexEntry } from '../model';
import type { JsonNode, ParsedJson } from '../parse';
import type { IndexKind } from '../classify';

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
 * One rule family (SPEC §5). `checkEntry` runs once per effective entry, `checkDocument` once per
 * document; either may be absent. Rules never throw on purpose, but the engine guards each call.
 */
export interface Rule {
  readonly id: string;
  readonly appliesTo: readonly IndexKind[];
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
