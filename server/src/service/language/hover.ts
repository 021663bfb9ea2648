import { LEGACY_MEMBERSHIP_FIELD_NAMES } from '../membership';
import { field, indexEntries, parseServerReference, stringItems, type IndexEntry } from '../model';
import { nodeValue, type JsonNode } from '../parse';
import { decodedOffsetMapper, findPlaceholders, isUpperCaseName } from '../placeholders';
import { computeReadiness, STATE_INFO, type Readiness, type ServerReadiness } from '../readiness';
import { readCatalog } from '../catalogView';
import { fieldSchema, mcpSchema, schemaOf } from '../schema';
import { describeValue } from '../text';
import { normaliseUnavailableReason } from '../unavailable';
import { joinMarkdown, markdownCode as code, markdownText, ourMarkdown, safeMd, type SafeMarkdown } from '../surfaces/markdown';
import { isSubstitutedPath, nodeAtOffset, roleOf, spanOf, type LanguageDocument, type Span } from './document';
import { fileName } from '../text';
import { timeoutHover } from './hoverTimeout';
import { knownRootNames, rootDefaults, type RootDefault } from './rootDefaults';
import { idHover, listTypeAt } from './artifactHelp';
import { artifactAt } from './navigation';
import type { AirArtifactType } from '../facts';

/**
 * Hovers as Markdown plus the span they describe (every repository string through
 * service/surfaces/markdown.ts, which `SafeMarkdown` enforces): field documentation from our
 * schema, the timeout per runtime, the displayed `unavailable` reason, a server's readiness, a
 * root's default servers, and where a `${NAME}` is defined. A variable's value is never read here:
 * the variable index holds names and source labels only.
 */

export interface HoverResult {
  markdown: SafeMarkdown;
  range: Span;
}

export interface HoverOptions {
  /** Readiness of a catalog's servers and roots; defaults to the readiness module on the document. */
  readiness?: (document: LanguageDocument) => Readiness | undefined;
}

export function hoverAt(document: LanguageDocument, offset: number, options: HoverOptions = {}): HoverResult | undefined {
  const node = nodeAtOffset(document.parsed.root, offset, false);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'property') return undefined;
  const role = roleOf(node);
  const path = role.path;
  if (role.role === 'root' || typeof path[0] !== 'string') return undefined;
  const name = path[0];
  const entry = indexEntries(document.parsed.root).find((e) => e.name === name && (e.keyNode === node || isInside(e, node)));
  const at = (markdown: SafeMarkdown | undefined, span: Span = spanOf(node)): HoverResult | undefined => (markdown ? { markdown, range: span } : undefined);

  const other = document.kind !== 'catalog' && document.kind !== 'roots';
  if (role.role === 'key') {
    // A skills, hooks, plugins or references index (SPEC §12): its keys are IDs; its fields are the bundled schemas'.
    if (other) return path.length === 1 && entry && name !== '$schema' ? at(idHover(document, document.kind as AirArtifactType, name)) : undefined;
    if (path.length === 1) {
      if (name === '$schema') return at(safeMd`**${code('$schema')}** \u2014 ${ourMarkdown(schemaOf(document.kind)?.properties.$schema.description ?? '')}`);
      if (!entry) return undefined;
      return at(document.kind === 'catalog' ? serverHover(document, entry, options) : rootHover(document, name));
    }
    if (!entry) return undefined;
    const fieldName = path[1];
    if (path.length === 2 && typeof fieldName === 'string') return at(fieldHover(document, entry, fieldName));
    if (document.kind === 'catalog' && path.length === 3 && fieldName === 'oauth' && typeof path[2] === 'string') {
      const schema = (mcpSchema.$defs.OAuthConfiguration.properties as Record<string, { markdownDescription?: string }>)[path[2]];
      return at(schema?.markdownDescription ? safeMd`**${code(`oauth.${path[2]}`)}** \u2014 ${ourMarkdown(schema.markdownDescription)}` : undefined);
    }
    return undefined;
  }

  if (!entry) return undefined;
  const fieldName = path[1];
  // An ID of a server, skill, hook, plugin or reference (roots and a roots index's servers below): the entry it names.
  const listType = node.type === 'string' && role.role === 'item' ? listTypeAt(document, path) : undefined;
  if (listType && (other || (listType !== 'roots' && listType !== 'mcp'))) {
    if (listType === 'roots' && node.value === '*') return at(safeMd`${code('"*"')} puts it on every root by default.`);
    const id = listType === 'roots' ? parseServerReference(node.value as string) : artifactAt(document, offset);
    return id && 'name' in id
      ? at(idHover(document, listType, id.name))
      : at(safeMd`${code(node.value as string)} is in a remote scope, which cannot be checked offline.`);
  }
  if (other) return undefined;
  if (document.kind === 'catalog') {
    if (node.type === 'string') {
      const placeholder = placeholderHover(document, node, offset, path);
      if (placeholder) return placeholder;
    }
    if (path.length === 2 && fieldName === 'startup_timeout_sec') return at(timeoutFor(document, entry));
    if (path.length === 2 && fieldName === 'unavailable') return at(unavailableHover(entry));
    if (path.length === 2 && fieldName === 'type' && node.type === 'string') return at(typeValueHover(node.value as string));
    if (path.length === 3 && fieldName === 'default_in_roots' && node.type === 'string') return at(rootItemHover(document, node.value as string, options));
    return undefined;
  }
  if (path.length === 3 && (fieldName === 'default_in_roots' || fieldName === 'default_subagent_roots') && node.type === 'string') {
    return at(rootItemHover(document, node.value as string, options));
  }
  if (path.length === 3 && fieldName === 'default_mcp_servers' && node.type === 'string') return at(serverReferenceHover(document, node.value as string));
  return undefined;
}

function isInside(entry: IndexEntry, node: JsonNode): boolean {
  return node.offset >= entry.property.offset && node.offset < entry.property.offset + entry.property.length;
}

// ---- fields ----------------------------------------------------------------------------------

function fieldHover(document: LanguageDocument, entry: IndexEntry, fieldName: string): SafeMarkdown | undefined {
  if (document.kind === 'catalog' && fieldName === 'startup_timeout_sec') return timeoutFor(document, entry);
  if (document.kind === 'catalog' && fieldName === 'unavailable') return unavailableHover(entry);
  const schema = fieldSchema(document.kind, fieldName) as { markdownDescription?: string; description?: string } | undefined;
  const text = schema?.markdownDescription ?? schema?.description;
  if (!text) return undefined;
  return safeMd`**${code(fieldName)}** \u2014 ${ourMarkdown(text)}`;
}

function timeoutFor(document: LanguageDocument, entry: IndexEntry): SafeMarkdown {
  const type = field(entry, 'type')?.valueNode?.value;
  return timeoutHover({
    text: document.text,
    valueNode: field(entry, 'startup_timeout_sec')?.valueNode,
    type: typeof type === 'string' ? type : undefined,
  });
}

function unavailableHover(entry: IndexEntry): SafeMarkdown {
  const node = field(entry, 'unavailable')?.valueNode;
  const intro = safeMd`**${code('unavailable')}** \u2014 a one-line reason why this server cannot be used right now. A declared reason makes the server ${code('declared_unavailable')}, which beats every other readiness state; sessions run without its tools.`;
  if (!node) return intro;
  const reason = normaliseUnavailableReason(node.value);
  if (reason !== undefined) return safeMd`${intro}\n\nDisplayed as:\n\n> ${markdownText(reason)}`;
  const why =
    node.type !== 'string'
      ? safeMd`${code(describeValue(nodeValue(node)))} is not a string${node.type === 'boolean' ? safeMd` (there is no boolean form)` : safeMd``}`
      : safeMd`the reason is empty or blank`;
  return safeMd`${intro}\n\nDeclares **nothing**: ${why}, so the server's readiness is decided by its other fields.`;
}

function typeValueHover(value: string): SafeMarkdown | undefined {
  const schema = fieldSchema('catalog', 'type') as { enum: string[]; enumDescriptions?: string[] };
  const index = schema.enum.indexOf(value);
  if (index >= 0) return safeMd`${code(value)} \u2014 ${ourMarkdown(schema.enumDescriptions?.[index] ?? '')}`;
  if (value === 'http')
    return safeMd`${code('http')} is **not** a catalog transport: Claude's runtime file calls ${code('streamable-http')} ${code('http')}, the catalog does not. Write ${code('streamable-http')}.`;
  return safeMd`${code(value)} is not a transport: use ${joinMarkdown(
    schema.enum.map((v) => code(v)),
    safeMd`, `,
  )}.`;
}

// ---- servers and roots -----------------------------------------------------------------------

function readinessOf(document: LanguageDocument, options: HoverOptions): Readiness | undefined {
  if (document.kind !== 'catalog') return undefined;
  if (options.readiness) return options.readiness(document);
  return computeReadiness(readCatalog(document.text, document.facts, document.parsed), document.facts);
}

function serverHover(document: LanguageDocument, entry: IndexEntry, options: HoverOptions): SafeMarkdown {
  const type = field(entry, 'type')?.valueNode?.value;
  const lines = [safeMd`**${markdownText(entry.name)}**${typeof type === 'string' ? safeMd` \u00b7 ${code(type)}` : safeMd``}`];
  const all = readinessOf(document, options);
  const readiness = all?.servers.find((server) => server.name === entry.name);
  if (readiness) {
    lines.push(safeMd``, describeReadiness(readiness));
  }
  const roots = stringItems(field(entry, 'default_in_roots')?.valueNode).map((item) => item.value);
  if (roots.length > 0)
    lines.push(
      safeMd``,
      safeMd`On by default for ${joinMarkdown(
        roots.map((root) => (root === '*' ? safeMd`every root` : code(root))),
        safeMd`, `,
      )}.`,
    );
  // The roots a plugin brings it to (SPEC §12), each with the plugin.
  const brought = (all?.roots ?? []).filter((root) => root.broughtBy?.[entry.name] !== undefined);
  if (brought.length > 0)
    lines.push(
      safeMd``,
      safeMd`Brought by a plugin to ${joinMarkdown(
        brought.map((root) => safeMd`${code(root.name)} (plugin ${code(root.broughtBy![entry.name])})`),
        safeMd`, `,
      )}.`,
    );
  return joinMarkdown(lines, safeMd`\n`);
}

function describeReadiness(readiness: ServerReadiness): SafeMarkdown {
  const info = STATE_INFO[readiness.state];
  const offered = readiness.startable ? safeMd` \u2014 offered to sessions` : safeMd` \u2014 not offered to sessions`;
  const lines = [safeMd`Readiness: **${markdownText(info.badge)}** (${code(readiness.state)})${offered}`];
  // A reason quotes the repository (a declared reason, names, source labels): text, never Markdown.
  if (readiness.reason) lines.push(safeMd``, markdownText(readiness.reason));
  if (readiness.variables?.length) {
    const label = readiness.state === 'missing_configuration' ? safeMd`Missing` : safeMd`Requires`;
    lines.push(
      safeMd``,
      safeMd`${label}: ${joinMarkdown(
        readiness.variables.map((v) => code(v)),
        safeMd`, `,
      )}`,
    );
  }
  return joinMarkdown(lines, safeMd`\n`);
}

function rootItemHover(document: LanguageDocument, root: string, options: HoverOptions): SafeMarkdown {
  const roots = knownRootNames(document);
  if (root === '*') {
    return safeMd`${code('"*"')} \u2014 every root of the roots index${
      roots.length
        ? safeMd`: ${joinMarkdown(
            roots.map((r) => code(r)),
            safeMd`, `,
          )}`
        : safeMd``
    }.`;
  }
  const reference = parseServerReference(root);
  if (reference.kind === 'remote') return safeMd`${code(root)} refers to a remote scope, which cannot be checked offline.`;
  if (!roots.includes(root)) {
    if (document.kind === 'catalog' && !document.facts.roots)
      return safeMd`Root ${code(root)}: no roots index was found for this catalog, so it cannot be checked.`;
    return safeMd`${code(root)} is **not a root** of ${document.kind === 'catalog' ? describeRootsFiles(document) : safeMd`this roots index`}.`;
  }
  return rootHover(document, root, options);
}

function describeRootsFiles(document: LanguageDocument): SafeMarkdown {
  const files = document.facts.roots?.files ?? [];
  return files.length
    ? joinMarkdown(
        files.map((f) => code(fileName(f.path))),
        safeMd`, `,
      )
    : safeMd`the roots index`;
}

function rootHover(document: LanguageDocument, root: string, options: HoverOptions = {}): SafeMarkdown {
  const defaults = rootDefaults(document, root);
  const lines = [safeMd`**Root ${code(root)}**`];
  const description = rootDescription(document, root);
  if (description) lines.push(safeMd``, markdownText(description));
  if (document.kind === 'roots' && !document.facts.catalogs)
    lines.push(safeMd``, safeMd`No catalog was found for this roots index, so its servers are not known.`);
  const readiness = readinessOf(document, options);
  const states = new Map(readiness?.servers.map((s) => [s.name, s]) ?? []);
  lines.push(safeMd``, defaults.length ? safeMd`Servers on by default (${defaults.length}):` : safeMd`No server is on by default for this root.`);
  if (defaults.length) lines.push(safeMd``, ...defaults.map((d) => safeMd`- ${describeDefault(d, states.get(d.server))}`));
  const ignored = document.kind === 'roots' ? legacyMembership(document, root) : undefined;
  if (ignored) lines.push(safeMd``, ignored);
  const summary = readiness?.roots.find((r) => r.name === root);
  if (summary?.worstState && summary.warning)
    lines.push(safeMd``, safeMd`Worst state: **${markdownText(STATE_INFO[summary.worstState].badge)}** \u2014 ${markdownText(summary.warning)}.`);
  return joinMarkdown(lines, safeMd`\n`);
}

/** A root's `description`: from this roots index, or from the catalog's roots index. */
function rootDescription(document: LanguageDocument, root: string): string | undefined {
  if (document.kind === 'roots') {
    const entry = indexEntries(document.parsed.root).find((e) => e.name === root);
    const text = entry ? field(entry, 'description')?.valueNode?.value : undefined;
    return typeof text === 'string' && text.trim() ? text : undefined;
  }
  for (const file of document.facts.roots?.files ?? []) {
    const text = file.descriptions?.get(root);
    if (text) return text;
  }
  return undefined;
}

/** A root's root-side membership arrays, said to be ignored (SPEC §4.4); undefined when it has none. */
function legacyMembership(document: LanguageDocument, root: string): SafeMarkdown | undefined {
  const entry = indexEntries(document.parsed.root).find((e) => e.name === root);
  if (!entry) return undefined;
  const parts: SafeMarkdown[] = [];
  for (const name of LEGACY_MEMBERSHIP_FIELD_NAMES) {
    const items = stringItems(field(entry, name)?.valueNode).map((item) => code(item.value));
    if (items.length > 0) parts.push(safeMd`${code(name)}: ${joinMarkdown(items, safeMd`, `)}`);
  }
  return parts.length
    ? safeMd`Ignored by AIR \u2265 0.12, which reads membership from each artifact's \`default_in_roots\` \u2014 ${joinMarkdown(parts, safeMd`; `)}.`
    : undefined;
}

function describeDefault(item: RootDefault, state: ServerReadiness | undefined): SafeMarkdown {
  let text = code(item.server);
  if (item.file) text = safeMd`${text} (${markdownText(item.file)})`;
  if (item.plugin !== undefined) text = safeMd`${text}, brought by plugin ${code(item.plugin)}`;
  if (state) text = safeMd`${text} \u00b7 ${markdownText(STATE_INFO[state.state].badge)}`;
  else if (item.unavailableReason) text = safeMd`${text} \u00b7 unavailable`;
  if (item.unavailableReason) text = safeMd`${text}: ${markdownText(item.unavailableReason)}`;
  return text;
}

function serverReferenceHover(document: LanguageDocument, reference: string): SafeMarkdown {
  const parsed = parseServerReference(reference);
  if (parsed.kind === 'remote') return safeMd`${code(reference)} refers to a server in a remote scope, which cannot be checked offline.`;
  const catalogs = document.facts.catalogs;
  if (!catalogs) return safeMd`Server ${code(parsed.name)}: no catalog was found for this roots index, so it cannot be checked.`;
  const file = catalogs.files.find((f) => f.servers.has(parsed.name));
  if (!file) {
    const files = catalogs.files.length
      ? joinMarkdown(
          catalogs.files.map((f) => code(fileName(f.path))),
          safeMd`, `,
        )
      : safeMd`the catalogs`;
    return safeMd`${code(parsed.name)} **names no server** of ${files}.`;
  }
  const server = file.servers.get(parsed.name)!;
  const lines = [safeMd`**Server ${code(parsed.name)}** in ${code(fileName(file.path))}`];
  if (server.unavailableReason) lines.push(safeMd``, safeMd`Declared unavailable: ${markdownText(server.unavailableReason)}`);
  return joinMarkdown(lines, safeMd`\n`);
}

// ---- placeholders ----------------------------------------------------------------------------

function placeholderHover(document: LanguageDocument, node: JsonNode, offset: number, path: (string | number)[]): HoverResult | undefined {
  const raw = document.text.slice(node.offset, node.offset + node.length);
  // One mapper for all placeholders: mapping each from the start of the literal is quadratic.
  const toOffset = decodedOffsetMapper(raw, node.offset);
  for (const placeholder of findPlaceholders(node.value as string)) {
    const start = toOffset(placeholder.index);
    const end = toOffset(placeholder.end);
    if (offset < start || offset >= end) continue;
    const range = { start, end };
    if (placeholder.kind === 'invalid') {
      return { range, markdown: safeMd`This ${code('${\u2026}')} can never be resolved: ${markdownText(placeholder.problem ?? '')}. AIR fails on it.` };
    }
    const name = placeholder.name!;
    const lines = [safeMd`**${code(`\${${name}}`)}**`];
    if (!isSubstitutedPath(path)) {
      lines.push(safeMd``, safeMd`This field is never substituted: the text stays literally ${code(`\${${name}}`)}.`);
      return { range, markdown: joinMarkdown(lines, safeMd`\n`) };
    }
    const variables = document.facts.variables;
    const source = variables.find(name);
    // Only the source's label: the value was never read into the index.
    if (source) lines.push(safeMd``, safeMd`Source: ${markdownText(source.label)}.`);
    else
      lines.push(
        safeMd``,
        safeMd`Set in **no source** the editor can see (searched ${markdownText(variables.describeSearched())}${variables.skipped.length ? safeMd`; not read: ${markdownText(variables.skipped.join('; '))}` : safeMd``}).`,
      );
    if (placeholder.hasDefault) lines.push(safeMd``, safeMd`It has a \`:-\` default, so it is never missing.`);
    if (!isUpperCaseName(name))
      lines.push(safeMd``, safeMd`Not upper-case: AIR resolves it, but Zimmer's readiness and interpolation only see upper-case names.`);
    else if (!source && !placeholder.hasDefault) {
      const empty = variables.findEmpty(name);
      lines.push(
        safeMd``,
        empty
          ? safeMd`Listed in ${markdownText(empty.label)} without a value: give it one there.`
          : safeMd`Add ${code(`${name}=`)} to an env file, or declare it known (${code('mcpCatalog.knownVariables')}) if a store the editor cannot see provides it.`,
      );
    }
    return { range, markdown: joinMarkdown(lines, safeMd`\n`) };
  }
  return undefined;
}
