import { surfaceOf, type CatalogsFacts, type RootsFacts, type RootsFile } from '../facts';
import type { Finding, RelatedLocation } from '../findings';
import { field, parseServerReference, stringItems, type IndexEntry } from '../model';
import { suggesterFor } from '../suggestions';
import { catalogServers, whatRootsGet } from '../whatRootsGet';
import { reportNotChecked } from './notChecked';
import { nodeSpan, type Rule, type RuleContext } from './rule';
import { quoted } from '../text';

/**
 * Roots (SPEC §4.4, §12): `default_in_roots` names — on servers, skills, hooks, plugins,
 * references and roots — must be roots of the roots index, and a roots index's legacy
 * `default_mcp_servers` and `default_subagent_roots` must name servers of its catalogs and roots
 * of the index (what legacy-root-membership's migration cannot move is an error here). Remote
 * scopes cannot be checked offline: said once per file (rules/notChecked.ts).
 */

export const rootsRule: Rule = {
  id: 'roots',
  appliesTo: ['catalog', 'roots', 'skills', 'hooks', 'plugins', 'references'],
  codes: {
    'undefined-root': {
      severity: 'error',
      summary: 'A `default_in_roots` item names no root of the roots index.',
      example: '`["zimer"]` → did you mean `zimmer`?',
    },
    'roots-not-found': { severity: 'information', summary: 'An index uses `default_in_roots` but no roots index was found.' },
    'undefined-server': {
      severity: 'error',
      summary: "A plugin's `mcp_servers` item, or a root's legacy `default_mcp_servers` item, names no server of the catalogs.",
      example: '`["githb"]`',
    },
    'unavailable-default': { severity: 'information', summary: "A root's default server is declared unavailable." },
    'reference-not-checked': { severity: 'information', summary: 'A reference into a remote scope that cannot be checked offline (once per file).' },
    'catalog-not-found': { severity: 'information', summary: 'A roots index whose catalogs could not be found.' },
  },
  checkDocument(context) {
    const once: OnceReporter = (finding) => reportNotChecked(context, finding as Finding & { code: 'reference-not-checked' });
    if (context.kind === 'roots') checkRootsIndex(context, once);
    else checkMembers(context, once);
  },
};

type OnceReporter = (finding: Finding) => void;

/** Why the named files were not read: " (roots.json is a FIFO (named pipe))". */
function unreadSentence(unread: string[] | undefined): string {
  return unread && unread.length > 0 ? ` ${unread.join('; ')}.` : '';
}

function remoteNote(sources: string[]): string {
  return sources.length ? ` Remote sources: ${sources.join(', ')}.` : '';
}

/**
 * Facts that name roots files none of which could be read (a path in air.json or `--roots` that
 * does not exist) check nothing: without this every root would be "undefined" in an unnamed file.
 */
function unreadable(found: { files: unknown[]; remoteSources: string[] } | undefined): boolean {
  return found !== undefined && found.files.length === 0 && found.remoteSources.length === 0;
}

/** The `default_in_roots` of a catalog's servers or of a skills, hooks, plugins or references index's artifacts. */
function checkMembers(context: RuleContext, notChecked: OnceReporter): void {
  const found = context.facts.roots;
  const roots = unreadable(found) ? undefined : found;
  let rootsNotFoundReported = false;
  for (const entry of context.entries) {
    const defaults = field(entry, 'default_in_roots');
    if (!defaults?.valueNode || defaults.valueNode.type !== 'array') continue;
    const items = stringItems(defaults.valueNode);
    if (!roots) {
      if (items.length > 0 && !rootsNotFoundReported) {
        rootsNotFoundReported = true;
        context.report({
          code: 'roots-not-found',
          message: found
            ? `default_in_roots could not be checked: the roots index could not be read.${unreadSentence(found.unread)} Roots index: ${context.facts.rootsSearch ?? 'as configured'}.`
            : `default_in_roots could not be checked: no roots index was found for this ${context.kind === 'catalog' ? 'catalog' : `${context.kind} index`}. To name one, ${surfaceOf(context.facts).nameRootsIndex}. Searched: ${context.facts.rootsSearch ?? 'an air.json listing it and a sibling roots.json'}.`,
          ...nodeSpan(defaults.keyNode),
          data: { path: [entry.name, 'default_in_roots'] },
        });
      }
      continue;
    }
    for (const item of items) checkRootReference(context, entry, item, roots, notChecked, [entry.name, 'default_in_roots', item.index]);
  }
}

function checkRootReference(
  context: RuleContext,
  entry: IndexEntry,
  item: { value: string; node: import('../parse').JsonNode },
  roots: RootsFacts,
  notChecked: OnceReporter,
  path: (string | number)[],
): void {
  if (item.value === '*') return;
  const reference = parseServerReference(item.value);
  if (reference.kind === 'remote') {
    notChecked({
      code: 'reference-not-checked',
      message: `${quoted(item.value)} is in a remote scope, so it cannot be checked offline (said once per file).`,
      ...nodeSpan(item.node),
      data: { path },
    });
    return;
  }
  if (roots.files.some((file) => file.roots.has(reference.name))) return;
  if (roots.remoteSources.length > 0) {
    notChecked({
      code: 'reference-not-checked',
      message: `${quoted(item.value)} is not a local root; remote roots cannot be checked offline (said once per file).${remoteNote(roots.remoteSources)}`,
      ...nodeSpan(item.node),
      data: { path },
    });
    return;
  }
  const candidates = suggesterFor(roots, () => roots.files.flatMap((file) => [...file.roots.keys()])).closest(reference.name, 3);
  const primary = roots.files[0];
  // A root's own `default_in_roots` names roots of this same file: related info stays in it.
  const inThisFile = primary !== undefined && (primary === ownRootsFile(context) || samePath(context, primary.path));
  // Related information points at what it names: the closest root's key, else the roots object.
  const closest = candidates.length ? roots.files.find((file) => file.roots.has(candidates[0])) : undefined;
  const at = (file: RootsFile): string | undefined => ((file === primary && inThisFile) || samePath(context, file.path) ? undefined : file.path);
  const related: RelatedLocation[] = closest
    ? [
        {
          path: at(closest),
          ...closest.roots.get(candidates[0])!,
          message: `Root ${quoted(candidates[0])}${at(closest) ? ` in ${describeFiles([closest.path])}` : ''}`,
        },
      ]
    : primary
      ? [{ path: at(primary), ...primary.anchor, message: inThisFile ? 'The roots of this index' : `The roots of ${describeFiles([primary.path])}` }]
      : [];
  context.report({
    code: 'undefined-root',
    message: `${quoted(reference.name)} is not a root${inThisFile ? ' of this index' : ''}, so AIR drops it and Zimmer serves a stale catalog.${candidates.length ? ` Did you mean ${candidates.map((c) => quoted(c)).join(' or ')}?` : ''}${inThisFile ? '' : ` Roots index: ${describeFiles(roots.files.map((f) => f.path))}.`}`,
    ...nodeSpan(item.node),
    data: {
      path,
      name: reference.name,
      candidates,
      rootsFile: inThisFile ? context.facts.documentPath : primary?.path,
      server: context.kind === 'catalog' ? entry.name : undefined,
    },
    related,
  });
}

const ownRootsFiles = new WeakMap<RuleContext, RootsFile>();

/** This roots index as a RootsFile (memoised per check), anchored on its top-level object. */
function ownRootsFile(context: RuleContext): RootsFile | undefined {
  if (context.kind !== 'roots') return undefined;
  let file = ownRootsFiles.get(context);
  if (!file) {
    file = {
      path: context.facts.documentPath ?? '',
      roots: new Map(context.entries.map((e) => [e.name, nodeSpan(e.keyNode)])),
      anchor: nodeSpan(context.root),
    };
    ownRootsFiles.set(context, file);
  }
  return file;
}

function samePath(context: RuleContext, path: string): boolean {
  return context.facts.documentPath !== undefined && context.facts.documentPath === path;
}

function describeFiles(paths: string[]): string {
  const names = paths.map((p) => p.split(/[\\/]/).pop() ?? p);
  return names.length === 1 ? names[0] : names.join(', ');
}

function checkRootsIndex(context: RuleContext, notChecked: OnceReporter): void {
  // A root's own `default_in_roots` makes it a subagent of roots of this same index.
  const ownRoots: RootsFacts = { via: 'explicit', files: [ownRootsFile(context)!], remoteSources: [] };
  const catalogs = unreadable(context.facts.catalogs) ? undefined : context.facts.catalogs;
  let catalogNotFoundReported = false;
  for (const entry of context.entries) {
    const subagentOf = field(entry, 'default_in_roots');
    if (subagentOf?.valueNode?.type === 'array') {
      for (const item of stringItems(subagentOf.valueNode)) {
        checkRootReference(context, entry, item, ownRoots, notChecked, [entry.name, 'default_in_roots', item.index]);
      }
    }
    // A legacy `default_subagent_roots` (SPEC §4.4, §12) still names roots: a wrong one is an error like any other.
    const subagents = field(entry, 'default_subagent_roots');
    if (subagents?.valueNode?.type === 'array') {
      for (const item of stringItems(subagents.valueNode)) {
        checkRootReference(context, entry, item, ownRoots, notChecked, [entry.name, 'default_subagent_roots', item.index]);
      }
    }
    const servers = field(entry, 'default_mcp_servers');
    if (servers?.valueNode?.type === 'array') {
      const items = stringItems(servers.valueNode);
      if (!catalogs) {
        if (items.length > 0 && !catalogNotFoundReported) {
          catalogNotFoundReported = true;
          context.report({
            code: 'catalog-not-found',
            message: context.facts.catalogs
              ? `default_mcp_servers could not be checked: the catalogs of this roots index could not be read.${unreadSentence(context.facts.catalogs.unread)}`
              : 'default_mcp_servers could not be checked: no catalog was found for this roots index. Searched: an air.json listing it and a sibling mcp.json.',
            ...nodeSpan(servers.keyNode),
            data: { path: [entry.name, 'default_mcp_servers'] },
          });
        }
      } else {
        for (const item of items) checkServerReference(context, entry, item, catalogs, notChecked);
      }
    }
    if (catalogs) reportInvertedUnavailable(context, entry, catalogs);
  }
}

function checkServerReference(
  context: RuleContext,
  entry: IndexEntry,
  item: { value: string; node: import('../parse').JsonNode; index: number },
  catalogs: CatalogsFacts,
  notChecked: OnceReporter,
): void {
  const path = [entry.name, 'default_mcp_servers', item.index];
  const reference = parseServerReference(item.value);
  if (reference.kind === 'remote') {
    notChecked({
      code: 'reference-not-checked',
      message: `${quoted(item.value)} is a server in a remote scope, so it cannot be checked offline (said once per file).`,
      ...nodeSpan(item.node),
      data: { path },
    });
    return;
  }
  const server = catalogs.files.map((file) => file.servers.get(reference.name)).find((s) => s !== undefined);
  if (!server) {
    if (catalogs.remoteSources.length > 0) {
      notChecked({
        code: 'reference-not-checked',
        message: `${quoted(item.value)} is not a local server; remote servers cannot be checked offline (said once per file).${remoteNote(catalogs.remoteSources)}`,
        ...nodeSpan(item.node),
        data: { path },
      });
      return;
    }
    const candidates = suggesterFor(catalogs, () => catalogs.files.flatMap((file) => [...file.servers.keys()])).closest(reference.name, 3);
    context.report({
      code: 'undefined-server',
      message: `${quoted(reference.name)} is not a server, so sessions on ${quoted(entry.name)} do not get it.${candidates.length ? ` Did you mean ${candidates.map((c) => quoted(c)).join(' or ')}?` : ''} Catalogs: ${describeFiles(catalogs.files.map((f) => f.path))}.`,
      ...nodeSpan(item.node),
      data: { path, name: reference.name, candidates, catalogFile: catalogs.files[0]?.path },
    });
  }
}

/** The root's servers (their own `default_in_roots`, or a plugin's: SPEC §6.2, §12) that are declared unavailable. */
function reportInvertedUnavailable(context: RuleContext, entry: IndexEntry, catalogs: CatalogsFacts): void {
  const unavailable = new Map<string, string>();
  for (const file of catalogs.files)
    for (const [name, server] of file.servers)
      if (server.unavailableReason !== undefined && !unavailable.has(name)) unavailable.set(name, server.unavailableReason);
  if (unavailable.size === 0) return;
  for (const member of whatRootsGet([entry.name], catalogServers(catalogs), context.facts.artifacts).get(entry.name)?.servers ?? []) {
    const reason = unavailable.get(member.id);
    if (reason === undefined) continue;
    const why = member.plugin === undefined ? 'It names this root in default_in_roots.' : `Plugin ${quoted(member.plugin)} brings it.`;
    context.report({
      code: 'unavailable-default',
      message: `Default server ${quoted(member.id)} is declared unavailable, so sessions on ${quoted(entry.name)} run without it. Reason: ${reason} (${why})`,
      ...nodeSpan(entry.keyNode),
      data: { path: [entry.name], name: member.id },
    });
  }
}
