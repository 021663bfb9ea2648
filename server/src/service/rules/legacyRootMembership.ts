import { surfaceOf } from '../facts';
import type { RelatedLocation } from '../findings';
import type { ArtifactIndexFile, ArtifactsFacts, OtherIndexType } from '../artifacts';
import { isMemberOf, LEGACY_MEMBERSHIP_FIELD_NAMES, LEGACY_MEMBERSHIP_FIELDS, type LegacyMembershipField } from '../membership';
import { catalogServers, whatRootsGet, type RootMember } from '../whatRootsGet';
import { field, parseServerReference, stringItems, type IndexEntry } from '../model';
import { nodeSpan, type Rule, type RuleContext } from './rule';
import { quoted } from '../text';

/**
 * `legacy-root-membership` (SPEC §4.4, §5, §12): AIR ≥ 0.12 reads membership only from each
 * artifact's `default_in_roots` and silently overwrites a root's `default_mcp_servers`,
 * `default_skills`, `default_hooks`, `default_plugins` and `default_subagent_roots` with the computed
 * inverse (AIR `docs/guides/migrating-to-default-in-roots.md`). Each such array is a warning on its
 * key that says what the root really gets; its quick fix (fixes/membershipFixes.ts) moves the
 * names onto the artifacts. What it cannot move is pointed out in related information.
 */

/** A kind's plural as a message names it. */
const PLURAL: Record<(typeof LEGACY_MEMBERSHIP_FIELDS)[LegacyMembershipField], string> = {
  server: 'servers',
  skill: 'skills',
  hook: 'hooks',
  plugin: 'plugins',
  root: 'subagent roots',
};

/** How many names a message lists before "and N more". */
const LISTED = 3;

export const legacyRootMembershipRule: Rule = {
  id: 'legacy-root-membership',
  appliesTo: ['roots'],
  codes: {
    'legacy-root-membership': {
      severity: 'warning',
      summary: 'A root-side `default_*` membership array, which AIR ≥ 0.12 silently ignores; move the names to `default_in_roots`.',
      example: '`"web": {"default_mcp_servers": ["github"]}`',
    },
  },
  checkEntry(entry, context) {
    for (const name of LEGACY_MEMBERSHIP_FIELD_NAMES) {
      const legacy = field(entry, name);
      if (legacy?.valueNode?.type === 'array') checkLegacyArray(entry, name, legacy.keyNode, legacy.valueNode, context);
    }
  },
};

/** The index type of facts.artifacts each legacy kind's artifacts are in (servers and roots have their own facts). */
const INDEX_OF: Partial<Record<LegacyMembershipField, OtherIndexType>> = { default_skills: 'skills', default_hooks: 'hooks', default_plugins: 'plugins' };

/** The index files of facts.artifacts that hold this kind's artifacts (none for servers and roots). */
export function legacyKindFiles(kind: LegacyMembershipField, artifacts: ArtifactsFacts | undefined): ArtifactIndexFile[] {
  const type = INDEX_OF[kind];
  return type === undefined ? [] : (artifacts?.files ?? []).filter((file) => file.type === type);
}

/** What the root really gets of this kind, in artifact order (service/whatRootsGet.ts); undefined when it cannot be known here. */
function realMembers(root: string, kind: LegacyMembershipField, context: RuleContext): RootMember[] | undefined {
  if (kind === 'default_subagent_roots') {
    return context.entries
      .filter(
        (e) =>
          e.name !== root &&
          isMemberOf(
            stringItems(field(e, 'default_in_roots')?.valueNode).map((i) => i.value),
            root,
          ),
      )
      .map((e) => ({ id: e.name }));
  }
  const servers = catalogServers(context.facts.catalogs);
  if (kind === 'default_mcp_servers' ? !context.facts.catalogs?.files.length : legacyKindFiles(kind, context.facts.artifacts).length === 0) return undefined;
  const gets = whatRootsGet([root], servers, context.facts.artifacts).get(root)!;
  const members = kind === 'default_mcp_servers' ? gets.servers : kind === 'default_skills' ? gets.skills : kind === 'default_hooks' ? gets.hooks : undefined;
  return members ? [...members] : gets.plugins.map((id) => ({ id }));
}

/** Why the artifact a legacy item names cannot take the root here (the quick fix keeps the item); undefined when it can. */
function movable(item: string, kind: LegacyMembershipField, root: string, context: RuleContext): string | undefined {
  const reference = parseServerReference(item);
  if (reference.kind === 'remote') return 'it is in a remote scope, which cannot be edited from here';
  if (kind === 'default_subagent_roots') {
    if (reference.name === root) return 'a root cannot be its own subagent';
    const entry = context.entries.find((e) => e.name === reference.name);
    if (!entry) return 'no root of this index has that name';
    const own = field(entry, 'default_in_roots')?.valueNode;
    return own && own.type !== 'array' ? NOT_AN_ARRAY : undefined;
  }
  if (kind === 'default_mcp_servers') {
    const catalogs = context.facts.catalogs;
    if (!catalogs || catalogs.files.length === 0) return 'no catalog of this roots index was found';
    // The fix edits the first catalog that defines it (fixes/membershipFixes.ts `targetOf`).
    const server = catalogs.files.find((file) => file.servers.has(reference.name))?.servers.get(reference.name);
    if (!server) return 'no server of its catalogs has that name';
    return server.defaultInRootsNotArray ? NOT_AN_ARRAY : undefined;
  }
  const artifact = LEGACY_MEMBERSHIP_FIELDS[kind];
  const files = legacyKindFiles(kind, context.facts.artifacts);
  if (files.length === 0) return `no ${artifact}s index is read for this roots index; add ${quoted(root)} to its default_in_roots by hand`;
  const found = files.find((file) => file.artifacts.has(reference.name))?.artifacts.get(reference.name);
  if (!found) return `no ${artifact} of its ${artifact}s indexes has that name`;
  return found.defaultInRootsNotArray ? NOT_AN_ARRAY : undefined;
}

const NOT_AN_ARRAY = 'its default_in_roots is not an array, so nothing can be added to it';

function checkLegacyArray(
  entry: IndexEntry,
  name: LegacyMembershipField,
  keyNode: import('../parse').JsonNode,
  valueNode: import('../parse').JsonNode,
  context: RuleContext,
): void {
  const root = entry.name;
  const items = stringItems(valueNode);
  const kind = PLURAL[LEGACY_MEMBERSHIP_FIELDS[name]];
  const real = realMembers(root, name, context);
  const listed = unique(items.map((item) => item.value));
  const realIds = new Set(real?.map((member) => member.id));
  const notGot = real === undefined ? listed : listed.filter((item) => !realIds.has(localName(item)));
  const related: RelatedLocation[] = [];
  let canMove = 0;
  for (const item of items) {
    const why = movable(item.value, name, root, context);
    if (why === undefined) canMove++;
    else related.push({ ...nodeSpan(item.node), message: `${quoted(item.value)} stays: ${why}.` });
  }
  const artifact = LEGACY_MEMBERSHIP_FIELDS[name];
  let first: string;
  let suggestion: string;
  if (items.length === 0) {
    first = `${name} is ignored since AIR 0.12, and it is empty.`;
    suggestion = ` Remove it (${surfaceOf(context.facts).crossFileFix}).`;
  } else {
    first =
      notGot.length === 0
        ? `${name} is ignored since AIR 0.12; root ${quoted(root)} gets its ${kind} anyway, through default_in_roots or its plugins.`
        : `${name} is ignored since AIR 0.12, so root ${quoted(root)} does not get ${listNames(notGot)}.`;
    suggestion =
      notGot.length === 0
        ? ` Remove it (${surfaceOf(context.facts).crossFileFix}).`
        : canMove > 0
          ? ` Move each to its ${artifact}'s default_in_roots (${surfaceOf(context.facts).crossFileFix}).`
          : ` Add ${quoted(root)} to each ${artifact}'s own default_in_roots.`;
  }
  const gets =
    real === undefined
      ? ''
      : ` It gets ${real.length === 0 ? `no ${kind}` : listNames(real.map(memberText), (text) => text)}${real.some((member) => member.plugin !== undefined) ? ' from default_in_roots and its plugins' : ' from default_in_roots'}.`;
  context.report({
    code: 'legacy-root-membership',
    message: first + suggestion + gets,
    ...nodeSpan(keyNode),
    data: { path: [root, name], root, field: name, movable: canMove },
    related: related.length > 0 ? related : undefined,
  });
}

/** `"id"`, or `"id" (plugin "p")` for one a plugin brings. */
function memberText(member: RootMember): string {
  return member.plugin === undefined ? `${quoted(member.id)}` : `${quoted(member.id)} (plugin ${quoted(member.plugin)})`;
}

function localName(item: string): string {
  const reference = parseServerReference(item);
  return reference.kind === 'local' ? reference.name : item;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** `"a", "b" and "c"`, or `"a", "b", "c" and 4 more`. */
function listNames(names: readonly string[], quote = (name: string): string => quoted(name)): string {
  const quoted = names.map(quote);
  if (quoted.length <= LISTED) return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
  return `${quoted.slice(0, LISTED).join(', ')} and ${quoted.length - LISTED} more`;
}
