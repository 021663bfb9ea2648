import type { TextSource } from '../pieceText';
import type { WorkspaceFacts } from '../facts';
import type { Finding } from '../findings';
import type { IndexEntry } from '../model';
import type { JsonNode, ParsedJson } from '../parse';
import type { IndexKind } from '../classify';
import type { Code } from '../codes';

/** What every rule sees: the parsed document, its entries, and the facts from outside it. */
export interface RuleContext {
  readonly kind: IndexKind;
  /** The document's text; on a keystroke, its pieces (service/pieceText.ts): read stretches of it. */
  readonly text: TextSource;
  readonly parsed: ParsedJson;
  readonly root: JsonNode;
  readonly entries: readonly IndexEntry[];
  readonly facts: WorkspaceFacts;
  report(finding: Finding): void;
}

/**
 * An entry as the fast path sees it before deciding whether it needs a tree: its name,
 * its value from `JSON.parse` (the last of duplicate keys wins, as in the tree) and its text.
 */
export interface PlainEntry {
  readonly name: string;
  readonly value: unknown;
  /** The value exactly as written in the document. */
  readonly slice: string;
}

/** An entry's group keys for one rule: none, one (almost always), or several. */
export type GroupKeys = string | readonly string[] | undefined;

/** What `mayReport` and `groupKeys` may consult besides the entry. */
export interface PlainContext {
  readonly kind: IndexKind;
  readonly facts: WorkspaceFacts;
}

/**
 * One rule family (SPEC §5). `checkEntry` runs once per effective entry, `checkDocument` once per
 * document; either may be absent. Rules never throw on purpose, but the engine guards each call.
 *
 * The fast path: most entries of a big catalog are clean, and building their trees is
 * most of a check's cost. So a catalog is first read entry by entry with `JSON.parse`; an entry
 * gets a tree only if some rule's `mayReport` says it might report on it, or it shares a group key
 * with another entry — and each rule then sees only the entries it said yes to or groups. Both
 * must be conservative: true whenever in doubt; and what a rule reports on one entry may depend
 * only on entries it also sees (a "once per file" finding goes to the first entry that could
 * carry it, which the rule sees). A rule without `mayReport` makes the engine parse the whole
 * document, so a new rule can be slow but never silently wrong.
 */
export interface Rule {
  readonly id: string;
  readonly appliesTo: readonly IndexKind[];
  /** Every code the rule reports, when it is short: a rule whose codes are all `off` is not run. */
  readonly codes?: readonly Code[];
  checkEntry?(entry: IndexEntry, context: RuleContext): void;
  checkDocument?(context: RuleContext): void;
  /** False only when neither check could report anything on this entry (or caused by it). */
  mayReport?(entry: PlainEntry, context: PlainContext): boolean;
  /**
   * For rules that compare entries: keys (usually one, so a string; undefined for none) such
   * that the rule can only report on an entry when another entry has one of the same keys. Every
   * member of a group of two or more gets a tree.
   */
  groupKeys?(entry: PlainEntry, context: PlainContext): GroupKeys;
  /**
   * The entry *named* like a group key belongs to that group too, without returning the key
   * itself (tool names: a name Codex keeps as it is only collides with names it rewrites into
   * it, so only those few need keys). Keys must then depend on the entry's name alone.
   */
  readonly groupsIncludeNamed?: boolean;
}

/** The plain value as an object, or undefined for arrays, scalars and null. */
export function plainObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Own property (a JSON key named like an Object.prototype member is data, not the prototype's). */
export function hasKey(object: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The text of a node's literal, e.g. `20.0` or `"a\u0062"`. */
export function literalText(context: RuleContext, node: JsonNode): string {
  return context.text.slice(node.offset, node.offset + node.length);
}

/** Report helper: a finding on a node. */
export function nodeSpan(node: JsonNode): { start: number; end: number } {
  return { start: node.offset, end: node.offset + node.length };
}
