import type { CatalogView } from '../catalogView';
import type { WorkspaceFacts } from '../facts';
import { cannotStart, computeReadiness, requiredVariables, rootContentsByRoot, STATE_INFO } from '../readiness';
import { joinNames } from '../readiness/words';

/** How many servers a root preview describes before "and N more". */
const NOTES_SHOWN = 20;

/**
 * What a root's preview says about its servers (SPEC §6.2, §12): the preview itself holds every
 * server the root gets whatever its readiness (SPEC §10), so the notes say which plugin brought a
 * server and, when the variable sources are known (`judged`, the editor), the warning a session on
 * the root gets and each server that cannot start. Unjudged (`mcp-catalog preview` reads no
 * variable source) a plugin-brought server's note names the variables it needs instead.
 */
export function rootNotes(catalog: CatalogView, root: string, facts: WorkspaceFacts, judged: boolean): string[] {
  const contents = rootContentsByRoot(facts, catalog.entries).get(root);
  if (!contents) return [];
  const notes: string[] = [];
  const readiness = judged ? computeReadiness(catalog, facts) : undefined;
  const rootReadiness = readiness?.roots.find((candidate) => candidate.name === root);
  if (rootReadiness?.warning) notes.push(`A session on root "${root}" is warned: ${rootReadiness.warning}.`);
  const byName = new Map(readiness?.servers.map((server) => [server.name, server]));
  const entries = new Map(catalog.entries.map((entry) => [entry.name, entry]));
  const described: string[] = [];
  for (const { id, plugin } of contents.servers) {
    const brought = plugin === undefined ? `"${id}"` : `"${id}" comes with plugin "${plugin}"`;
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
    const value = entries.get(id)?.value;
    const needs = value ? requiredVariables(value) : [];
    described.push(
      needs.length > 0
        ? // Not a command line to paste: readiness needs the catalog FILE, which the service does not know, and a root's name is not shell-quoted.
          `${brought} and needs ${joinNames(needs)} (mcp-catalog readiness on this catalog says whether ${needs.length === 1 ? 'it is' : 'they are'} set).`
        : `${brought}.`,
    );
  }
  notes.push(...described.slice(0, NOTES_SHOWN));
  if (described.length > NOTES_SHOWN) notes.push(`And ${described.length - NOTES_SHOWN} more servers of root "${root}" like these.`);
  return notes;
}
