import type { CatalogView } from '../catalogView';
import type { WorkspaceFacts } from '../facts';
import { cannotStart, requiredVariables, rootContentsByRoot, STATE_INFO, type Readiness, type RootReadiness } from '../readiness';
import { joinNames } from '../readiness/words';
import { quoted } from '../text';

/** How many servers a root preview describes before "and N more". */
const NOTES_SHOWN = 20;

/**
 * What a root's preview says about its servers (SPEC §6.2, §12): the preview itself holds every
 * server the root gets whatever its readiness (SPEC §10), so the notes say which plugin brought a
 * server and, when the variable sources are known (`readiness`: the one the editor's analysis
 * already computed for this catalog and facts), the warning a session on the root gets and each
 * server that cannot start. Unjudged (`mcp-catalog preview` reads no variable source) a
 * plugin-brought server's note names the variables it needs instead. Names are quoted as every
 * message quotes them (text.ts).
 */
export function rootNotes(catalog: CatalogView, root: string, facts: WorkspaceFacts, readiness: Readiness | undefined): string[] {
  const rootReadiness = readiness?.roots.find((candidate) => candidate.name === root);
  const servers = readiness ? rootReadiness && judgedServers(rootReadiness) : rootContentsByRoot(facts, catalog.entries).get(root)?.servers;
  if (!servers) return [];
  const notes: string[] = [];
  if (rootReadiness?.warning) notes.push(`A session on root ${quoted(root)} is warned: ${rootReadiness.warning}.`);
  const byName = new Map(readiness?.servers.map((server) => [server.name, server]));
  const entries = readiness ? undefined : new Map(catalog.entries.map((entry) => [entry.name, entry]));
  const described: string[] = [];
  for (const { id, plugin } of servers) {
    const brought = plugin === undefined ? quoted(id) : `${quoted(id)} comes with plugin ${quoted(plugin)}`;
    if (readiness) {
      const server = byName.get(id);
      const state =
        // Restricted Mode's `not_checked` is not "cannot start" (readiness/states.ts), as the readiness view counts it.
        server && cannotStart(server.state)
          ? `${STATE_INFO[server.state].badge}${server.variables?.length ? ` (${server.variables.join(', ')})` : ''}`
          : undefined;
      if (state) described.push(`${brought}: ${state}.`);
      else if (plugin !== undefined) described.push(`${brought}.`);
      continue;
    }
    if (plugin === undefined) continue;
    const value = entries?.get(id)?.value;
    const needs = value ? requiredVariables(value) : [];
    described.push(
      needs.length > 0
        ? // Not a command line to paste: readiness needs the catalog FILE, which the service does not know, and a root's name is not shell-quoted.
          `${brought} and needs ${joinNames(needs)} (mcp-catalog readiness on this catalog says whether ${needs.length === 1 ? 'it is' : 'they are'} set).`
        : `${brought}.`,
    );
  }
  notes.push(...described.slice(0, NOTES_SHOWN));
  if (described.length > NOTES_SHOWN) notes.push(`And ${described.length - NOTES_SHOWN} more servers of root ${quoted(root)} like these.`);
  return notes;
}

/** The root's servers as its readiness holds them, each with the plugin that brought it (an own property only: a server may be named `constructor`). */
function judgedServers(root: RootReadiness): { id: string; plugin?: string }[] {
  const broughtBy = root.broughtBy;
  return root.servers.map((id) => (broughtBy && Object.hasOwn(broughtBy, id) ? { id, plugin: broughtBy[id] } : { id }));
}
