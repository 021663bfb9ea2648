import { indexEntries, parseServerReference, stringItems } from '../model';
import { fieldSchema } from '../schema';
import { declaredType, TYPE_NOUN } from '../artifactIds';
import { idCandidates, listTypeAt } from './artifactHelp';
import type { CandidateBuilder } from './candidateBuilder';
import type { ValueSite } from './completionSite';
import type { CompletionCandidate } from './completionTypes';
import type { LanguageDocument } from './document';
import { fileName } from '../text';
import { markdownCode, markdownText, ourMarkdown, safeMd } from '../surfaces/markdown';

/** Completion of values: transport types, root names, server names and booleans. */

export function valueCandidates(document: LanguageDocument, site: ValueSite, builder: CandidateBuilder): CompletionCandidate[] {
  const path = site.path;
  if (path.length < 2 || typeof path[0] !== 'string') return [];
  const fieldName = path[1];
  // Lists that name IDs (SPEC §12): skills, hooks, plugins, references, and a roots index's legacy default_skills, … .
  const listType = listTypeAt(document, path);
  if (document.kind !== 'catalog' && document.kind !== 'roots') {
    if (listType === 'roots') return rootCandidates(document, site, builder, rootNamesFromFacts(document), true);
    return listType ? idCandidates(document, site, builder, listType) : [];
  }
  if (document.kind === 'roots' && listType && listType !== 'roots' && listType !== 'mcp') return idCandidates(document, site, builder, listType);
  if (document.kind === 'catalog') {
    if (fieldName === 'type' && path.length === 2) return typeCandidates(site, builder);
    if (fieldName === 'default_in_roots' && path.length === 3) return rootCandidates(document, site, builder, rootNamesFromFacts(document), true);
    return [];
  }
  if (path.length === 3 && fieldName === 'default_mcp_servers') return serverCandidates(document, site, builder);
  if (path.length === 3 && (fieldName === 'default_in_roots' || fieldName === 'default_subagent_roots')) {
    const own = indexEntries(document.parsed.root).map((entry) => ({ name: entry.name, where: 'this roots index' }));
    return rootCandidates(
      document,
      site,
      builder,
      own.filter((root) => root.name !== path[0]),
      fieldName === 'default_in_roots',
    );
  }
  if (path.length === 2 && fieldName === 'user_invocable') {
    return ['true', 'false'].map((value) => builder.value(site, value, value, { kind: 'value', detail: 'boolean' }));
  }
  return [];
}

/**
 * The order to pick a transport in: a local stdio server, the current remote transport, then the
 * legacy sse (AIR's schema lists sse before streamable-http). Completion and snippets list them so.
 */
export const TRANSPORTS_BY_PREFERENCE: readonly string[] = ['stdio', 'streamable-http', 'sse'];

function typeCandidates(site: ValueSite, builder: CandidateBuilder): CompletionCandidate[] {
  const schema = fieldSchema('catalog', 'type') as { enum: string[]; enumDescriptions?: string[] };
  const rank = (value: string): number =>
    TRANSPORTS_BY_PREFERENCE.includes(value) ? TRANSPORTS_BY_PREFERENCE.indexOf(value) : TRANSPORTS_BY_PREFERENCE.length;
  return schema.enum.map((value, index) =>
    builder.value(site, value, JSON.stringify(value), {
      kind: 'value',
      detail: 'transport',
      documentation: ourMarkdown(schema.enumDescriptions?.[index] ?? ''),
      sortText: `${rank(value)}${String(index).padStart(2, '0')}`,
    }),
  );
}

function rootNamesFromFacts(document: LanguageDocument): { name: string; where: string }[] {
  const out: { name: string; where: string }[] = [];
  for (const file of document.facts.roots?.files ?? []) {
    for (const name of file.roots.keys()) if (!out.some((root) => root.name === name)) out.push({ name, where: fileName(file.path) });
  }
  return out;
}

function rootCandidates(
  document: LanguageDocument,
  site: ValueSite,
  builder: CandidateBuilder,
  roots: { name: string; where: string }[],
  allowStar: boolean,
): CompletionCandidate[] {
  const taken = siblingItems(site);
  const out = roots
    .filter((root) => !taken.has(root.name))
    .map((root, index) =>
      builder.value(site, root.name, JSON.stringify(root.name), {
        kind: 'root',
        detail: `root in ${root.where}`,
        documentation: safeMd`Sessions on root ${markdownCode(root.name)} get this ${document.kind === 'roots' ? safeMd`root as a subagent` : markdownText(TYPE_NOUN[declaredType(document.kind) ?? 'mcp'])} by default.`,
        sortText: `0${String(index).padStart(4, '0')}`,
      }),
    );
  if (allowStar && !taken.has('*')) {
    out.push(
      builder.value(site, '*', '"*"', {
        kind: 'root',
        detail: 'every root',
        documentation: safeMd`\`"*"\` puts it on by default for every root of the roots index.`,
        sortText: '1',
      }),
    );
  }
  return out;
}

function serverCandidates(document: LanguageDocument, site: ValueSite, builder: CandidateBuilder): CompletionCandidate[] {
  const taken = new Set<string>();
  for (const item of siblingItems(site)) {
    const reference = parseServerReference(item);
    if (reference.kind === 'local') taken.add(reference.name);
  }
  const out: CompletionCandidate[] = [];
  const seen = new Set<string>();
  for (const file of document.facts.catalogs?.files ?? []) {
    for (const [name, server] of file.servers) {
      if (taken.has(name) || seen.has(name)) continue;
      seen.add(name);
      out.push(
        builder.value(site, name, JSON.stringify(name), {
          kind: 'server',
          detail: `server in ${fileName(file.path)}${server.unavailableReason ? ' (unavailable)' : ''}`,
          documentation: server.unavailableReason ? safeMd`Declared unavailable: ${markdownText(server.unavailableReason)}` : undefined,
          sortText: `${server.unavailableReason ? '1' : '0'}${String(out.length).padStart(4, '0')}`,
        }),
      );
    }
  }
  return out;
}

/** Items of the same array other than the one being edited. */
function siblingItems(site: ValueSite): Set<string> {
  const items = stringItems(site.array).filter((item) => item.node !== site.node);
  return new Set(items.map((item) => item.value));
}
