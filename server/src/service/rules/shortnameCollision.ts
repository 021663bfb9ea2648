import type { RelatedLocation } from '../findings';
import { catalogServers, whatRootsGet, type MemberKind, type ShortnameCollision } from '../whatRootsGet';
import { nodeSpan, type Rule, type RuleContext } from './rule';
import { quoted } from '../text';

/**
 * `shortname-collision` (SPEC §12): two servers (or skills, or hooks) a root gets with one short
 * name — its own `@local/lin` and a plugin's `@acme/tools/lin` — make AIR refuse to prepare any
 * session on that root (`resolveActivations` in pulsemcp/air
 * `packages/extensions/adapter-claude/src/claude-adapter.ts` @ 1c270cc7: both would be written
 * to the same `.mcp.json` key or `.claude/skills/<name>` folder).
 *
 * Reported on the root's key in the roots index: the collision belongs to the root — the same
 * plugin is harmless on a root that does not also get the other ID — and the roots index is the
 * one file whose facts hold everything the root gets (its catalogs' servers, facts.catalogs, and
 * the skills, hooks and plugins indexes, facts.artifacts). Where each ID comes from is related
 * information. Without a plugins index there is no collision: a root's own members are all local.
 */

const NOUN: Record<MemberKind, string> = { servers: 'servers', skills: 'skills', hooks: 'hooks' };

export const shortnameCollisionRule: Rule = {
  id: 'shortname-collision',
  appliesTo: ['roots'],
  codes: {
    'shortname-collision': {
      severity: 'error',
      summary: "Two servers, skills or hooks a root gets (its own and its plugins') with one short name: AIR refuses every session on it.",
      example: "`@local/lin` and a plugin's `@acme/tools/lin` on one root",
    },
  },
  checkEntry(entry, context) {
    const artifacts = context.facts.artifacts;
    if (!artifacts?.files.some((file) => file.type === 'plugins')) return;
    const gets = whatRootsGet([entry.name], catalogServers(context.facts.catalogs), artifacts).get(entry.name);
    for (const collision of gets?.collisions ?? []) {
      const ids = collision.ids.map((id) => `${quoted(id.id)} (${id.plugin === undefined ? 'its own default_in_roots' : `plugin ${quoted(id.plugin)}`})`);
      context.report({
        code: 'shortname-collision',
        message:
          `Root ${quoted(entry.name)} gets ${collision.ids.length} ${NOUN[collision.kind]} named ${quoted(collision.shortname)}, so AIR refuses every session on it. ` +
          `They are ${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}; keep one, or exclude the other in air.json.`,
        ...nodeSpan(entry.keyNode),
        data: { path: [entry.name], root: entry.name, kind: collision.kind, shortname: collision.shortname },
        related: relatedOf(collision, context),
      });
    }
  },
};

/** Where each colliding ID comes from: the plugin that brings it, or the local artifact itself. */
function relatedOf(collision: ShortnameCollision, context: RuleContext): RelatedLocation[] | undefined {
  const related: RelatedLocation[] = [];
  for (const id of collision.ids) {
    if (id.plugin !== undefined) {
      const file = context.facts.artifacts?.files.find((index) => index.type === 'plugins' && index.artifacts.has(id.plugin!));
      const plugin = file?.artifacts.get(id.plugin);
      if (file && plugin) related.push({ path: file.path, ...plugin.keySpan, message: `Plugin ${quoted(id.plugin)} brings ${quoted(id.id)}` });
      continue;
    }
    const local = id.id.slice('@local/'.length);
    if (collision.kind === 'servers') {
      const catalog = context.facts.catalogs?.files.find((file) => file.servers.has(local));
      if (catalog)
        related.push({ path: catalog.path, ...catalog.servers.get(local)!.span, message: `Server ${quoted(local)} names this root in default_in_roots` });
      continue;
    }
    const type = collision.kind;
    const file = context.facts.artifacts?.files.find((index) => index.type === type && index.artifacts.has(local));
    if (file)
      related.push({
        path: file.path,
        ...file.artifacts.get(local)!.keySpan,
        message: `${type === 'skills' ? 'Skill' : 'Hook'} ${quoted(local)} names this root in default_in_roots`,
      });
  }
  return related.length > 0 ? related : undefined;
}
