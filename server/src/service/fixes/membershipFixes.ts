import { checkDocument, type CheckOptions } from '../engine';
import type { Finding } from '../findings';
import { isMemberOf, LEGACY_MEMBERSHIP_FIELDS, type LegacyMembershipField } from '../membership';
import { field, indexEntries, parseServerReference, stringItems } from '../model';
import { legacyKindFiles } from '../rules/legacyRootMembership';
import { parseJson, type JsonNode } from '../parse';
import { applyEdits } from './apply';
import { insertProperty, nodeEnd, removeProperty, replaceNode } from './jsonEdits';
import { propertyAtKey } from './locate';
import { proposal, titlePath } from './proposal';
import type { FileChange, FixContext, FixProposal, TextEdit } from './types';
import { quoted } from '../text';

/**
 * The migration of `legacy-root-membership` (SPEC §4.4): every name of a root-side `default_*`
 * array is moved onto its artifact's `default_in_roots` in the artifact's own index file —
 * servers in the roots index's catalogs, skills, hooks and plugins in the indexes of
 * facts.artifacts (SPEC §12), subagent roots in this roots index — creating the field,
 * never duplicating, adding nothing to an artifact that already has `"*"`; the moved names leave
 * the array, and the array goes when it is empty. What cannot be moved (no such artifact, a remote
 * scope, a kind whose index is not read) stays. Never in fix-all: it edits other files.
 */

/** A root-side array's migration: edits to the roots index itself and to other files. */
export interface MembershipMove {
  edits: TextEdit[];
  files: FileChange[];
  moved: string[];
  kept: string[];
}

export function fixLegacyRootMembership(finding: Finding, context: FixContext): FixProposal[] {
  const move = planMembershipMove(finding, context);
  if (!move) return [];
  const root = finding.data?.root as string;
  const where = move.files.map((file) => titlePath(context, file.path));
  const title =
    move.moved.length === 0
      ? `Remove the ignored ${finding.data?.field as string}`
      : `Move ${move.moved.map((name) => quoted(name)).join(', ')} to default_in_roots ${quoted(root)}${where.length ? ` (${where.join(', ')})` : ''}`;
  return [proposal(title.length > 160 ? `${title.slice(0, 159)}…` : title, move.edits, { preferred: true, files: move.files.length ? move.files : undefined })];
}

/** The move for one finding, or undefined when nothing can change (stale, or nothing movable in a non-empty array). */
export function planMembershipMove(finding: Finding, context: FixContext): MembershipMove | undefined {
  if (context.kind !== 'roots') return undefined;
  const root = finding.data?.root;
  const name = finding.data?.field;
  if (typeof root !== 'string' || typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(LEGACY_MEMBERSHIP_FIELDS, name)) return undefined;
  const kind = name as LegacyMembershipField;
  const property = propertyAtKey(context.parsed.root, finding);
  const array = property?.children?.[1];
  if (!property || array?.type !== 'array') return undefined;

  const edits: TextEdit[] = [];
  const others = new Map<string, { text: string; tree: JsonNode | undefined; edits: TextEdit[]; touched: Set<string> }>();
  const touchedHere = new Set<string>();
  const moved: string[] = [];
  const kept: string[] = [];
  const keptNodes: JsonNode[] = [];
  const items = stringItems(array);
  // Anything in the array that is not a string stays as written.
  const strings = new Set(items.map((item) => item.node));
  for (const child of array.children ?? []) if (!strings.has(child)) keptNodes.push(child);

  for (const item of items) {
    const reference = parseServerReference(item.value);
    const target = reference.kind === 'local' ? targetOf(kind, reference.name, root, context, others, touchedHere) : undefined;
    const outcome = target ? addRoot(target.text, target.tree, reference.kind === 'local' ? reference.name : '', root, target.touched) : undefined;
    if (!target || outcome === undefined) {
      kept.push(item.value);
      keptNodes.push(item.node);
      continue;
    }
    moved.push(item.value);
    if (outcome === 'already') continue;
    if (target.path === undefined) edits.push(outcome);
    else others.get(target.path)!.edits.push(outcome);
  }
  if (items.length > 0 && moved.length === 0) return undefined;

  if (keptNodes.length === 0) {
    const removal = removeProperty(context.text, property);
    if (!removal) return undefined;
    edits.push(...removal);
  } else {
    keptNodes.sort((a, b) => a.offset - b.offset);
    edits.push(replaceNode(array, `[${keptNodes.map((node) => context.text.slice(node.offset, nodeEnd(node))).join(', ')}]`));
  }
  const files: FileChange[] = [];
  for (const [path, file] of others) if (file.edits.length > 0) files.push({ path, edits: file.edits });
  return { edits, files, moved, kept };
}

interface Target {
  /** undefined: the roots index itself. */
  path: string | undefined;
  text: string;
  tree: JsonNode | undefined;
  touched: Set<string>;
}

/** Where the artifact `name` of this kind is defined, read; undefined when it cannot be found or read. */
function targetOf(
  kind: LegacyMembershipField,
  name: string,
  root: string,
  context: FixContext,
  others: Map<string, { text: string; tree: JsonNode | undefined; edits: TextEdit[]; touched: Set<string> }>,
  touchedHere: Set<string>,
): Target | undefined {
  if (kind === 'default_subagent_roots') {
    if (name === root) return undefined;
    return { path: undefined, text: context.text, tree: context.parsed.root, touched: touchedHere };
  }
  const file =
    kind === 'default_mcp_servers'
      ? context.facts.catalogs?.files.find((catalog) => catalog.servers.has(name))
      : legacyKindFiles(kind, context.facts.artifacts).find((index) => index.artifacts.has(name));
  if (!file || !context.readFile) return undefined;
  let read = others.get(file.path);
  if (!read) {
    const text = context.readFile(file.path);
    if (text === undefined) return undefined;
    const parsed = parseJson(text);
    if (parsed.findings.some((f) => f.code === 'json-syntax')) return undefined;
    read = { text, tree: parsed.root, edits: [], touched: new Set() };
    others.set(file.path, read);
  }
  return { path: file.path, text: read.text, tree: read.tree, touched: read.touched };
}

/**
 * The edit that adds `root` to entry `name`'s `default_in_roots`: 'already' when it names the root
 * or holds `"*"` (or an earlier item of this move added it); undefined when the entry is not there
 * or its `default_in_roots` is not an array.
 */
function addRoot(text: string, tree: JsonNode | undefined, name: string, root: string, touched: Set<string>): TextEdit | 'already' | undefined {
  const entry = indexEntries(tree).find((e) => e.name === name);
  if (!entry || entry.valueNode?.type !== 'object') return undefined;
  if (touched.has(name)) return 'already';
  const existing = field(entry, 'default_in_roots');
  const item = JSON.stringify(root);
  let edit: TextEdit | undefined;
  if (existing) {
    const array = existing.valueNode;
    if (array?.type !== 'array') return undefined;
    if (
      isMemberOf(
        stringItems(array).map((i) => i.value),
        root,
      )
    )
      return 'already';
    const last = array.children?.[array.children.length - 1];
    edit = last ? { start: nodeEnd(last), end: nodeEnd(last), newText: `, ${item}` } : replaceNode(array, `[${item}]`);
  } else {
    edit = insertProperty(text, entry.valueNode, 'last', () => `"default_in_roots": [${item}]`);
  }
  if (edit) touched.add(name);
  return edit;
}

/** Every legacy array of a roots index migrated (`mcp-catalog fix`): the new texts of it and of the files it touched. */
export interface MembershipMigration {
  text: string;
  /** Other files' new texts, by path. */
  files: Map<string, string>;
  /** How many names were moved. */
  moved: number;
}

/** Bounds the rounds: each one empties at least one item of one array, so a real file ends long before. */
const MAX_MIGRATION_ROUNDS = 10_000;

/**
 * The whole migration of a roots index, one array per round (each round's offsets come from a
 * fresh check of the text the previous round left), reading other files through `readFile` and
 * the edits already made to them.
 */
export function migrateLegacyMembership(
  text: string,
  facts: FixContext['facts'],
  readFile: (path: string) => string | undefined,
  options: { severities?: CheckOptions['severities'] } = {},
): MembershipMigration {
  const files = new Map<string, string>();
  const read = (path: string): string | undefined => files.get(path) ?? readFile(path);
  let current = text;
  let moved = 0;
  for (let round = 0; round < MAX_MIGRATION_ROUNDS; round++) {
    const check = checkDocument(current, 'roots', facts, { severities: options.severities });
    const parsed = check.parsed;
    if (!parsed) break;
    let move: MembershipMove | undefined;
    for (const finding of check.findings) {
      if (finding.code !== 'legacy-root-membership') continue;
      move = planMembershipMove(finding, { text: current, parsed, kind: 'roots', facts, readFile: read });
      if (move) break;
    }
    if (!move) break;
    current = applyEdits(current, move.edits);
    for (const file of move.files) files.set(file.path, applyEdits(read(file.path)!, file.edits));
    moved += move.moved.length;
  }
  return { text: current, files, moved };
}
