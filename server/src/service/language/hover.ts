import { field, indexEntries, parseServerReference, stringItems, type IndexEntry } from '../model';
import { nodeValue, type JsonNode } from '../parse';
import { decodedOffsetMapper, findPlaceholders, isUpperCaseName } from '../placeholders';
import { computeReadiness, STATE_INFO, type Readiness, type ServerReadiness } from '../readiness';
import { readCatalog } from '../catalogView';
import { fieldSchema, mcpSchema, rootsSchema } from '../schema';
import { describeValue } from '../text';
import { normaliseUnavailableReason } from '../unavailable';
import { code, fileName, isSubstitutedPath, nodeAtOffset, roleOf, spanOf, wholeDocument, type LanguageDocument, type Span } from './document';
import { timeoutHover } from './hoverTimeout';
import { knownRootNames, rootDefaults, type RootDefault } from './rootDefaults';

/**
 * Hovers as markdown plus the span they describe: field documentation from our
 * schema, the timeout per runtime, the displayed `unavailable` reason, a server's readiness, a
 * root's default servers, and where a `${NAME}` is defined. A variable's value is never read here:
 * the variable index holds names and source labels only.
 */

export interface HoverResult {
  markdown: string;
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
  const at = (markdown: string | undefined, span: Span = spanOf(node)): HoverResult | undefined => (markdown ? { markdown, range: span } : undefined);

  if (role.role === 'key') {
    if (path.length === 1) {
      if (name === '$schema') return at(`**${code('$schema')}** — ${(document.kind === 'catalog' ? mcpSchema : rootsSchema).properties.$schema.description}`);
      if (!entry) return undefined;
      return at(document.kind === 'catalog' ? serverHover(document, entry, options) : rootHover(document, name));
    }
    if (!entry) return undefined;
    const fieldName = path[1];
    if (path.length === 2 && typeof fieldName === 'string') return at(fieldHover(document, entry, fieldName));
    if (document.kind === 'catalog' && path.length === 3 && fieldName === 'oauth' && typeof path[2] === 'string') {
      const schema = (mcpSchema.$defs.OAuthConfiguration.properties as Record<string, { markdownDescription?: string }>)[path[2]];
      return at(schema?.markdownDescription ? `**${code(`oauth.${path[2]}`)}** — ${schema.markdownDescription}` : undefined);
    }
    return undefined;
  }

  if (!entry) return undefined;
  const fieldName = path[1];
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

function fieldHover(document: LanguageDocument, entry: IndexEntry, fieldName: string): string | undefined {
  if (document.kind === 'catalog' && fieldName === 'startup_timeout_sec') return timeoutFor(document, entry);
  if (document.kind === 'catalog' && fieldName === 'unavailable') return unavailableHover(entry);
  const schema = fieldSchema(document.kind, fieldName) as { markdownDescription?: string; description?: string } | undefined;
  const text = schema?.markdownDescription ?? schema?.description;
  if (!text) return undefined;
  return `**${code(fieldName)}** — ${text}`;
}

function timeoutFor(document: LanguageDocument, entry: IndexEntry): string {
  const type = field(entry, 'type')?.valueNode?.value;
  return timeoutHover({
    text: document.text,
    valueNode: field(entry, 'startup_timeout_sec')?.valueNode,
    type: typeof type === 'string' ? type : undefined,
  });
}

function unavailableHover(entry: IndexEntry): string {
  const node = field(entry, 'unavailable')?.valueNode;
  const intro = `**${code('unavailable')}** — a one-line reason why this server cannot be used right now. A declared reason makes the server ${code('declared_unavailable')}, which beats every other readiness state; sessions run without its tools.`;
  if (!node) return intro;
  const reason = normaliseUnavailableReason(node.value);
  if (reason !== undefined) return `${intro}\n\nDisplayed as:\n\n> ${escapeMarkdown(reason)}`;
  const why =
    node.type !== 'string'
      ? `${code(describeValue(nodeValue(node)))} is not a string${node.type === 'boolean' ? ' (there is no boolean form)' : ''}`
      : 'the reason is empty or blank';
  return `${intro}\n\nDeclares **nothing**: ${why}, so the server's readiness is decided by its other fields.`;
}

function typeValueHover(value: string): string | undefined {
  const schema = fieldSchema('catalog', 'type') as { enum: string[]; enumDescriptions?: string[] };
  const index = schema.enum.indexOf(value);
  if (index >= 0) return `${code(value)} — ${schema.enumDescriptions?.[index] ?? ''}`;
  if (value === 'http')
    return `${code('http')} is **not** a catalog transport: Claude's runtime file calls ${code('streamable-http')} ${code('http')}, the catalog does not. Write ${code('streamable-http')}.`;
  return `${code(value)} is not a transport: use ${schema.enum.map((v) => code(v)).join(', ')}.`;
}

// ---- servers and roots -----------------------------------------------------------------------

function readinessOf(document: LanguageDocument, options: HoverOptions): Readiness | undefined {
  if (document.kind !== 'catalog') return undefined;
  if (options.readiness) return options.readiness(document);
  const whole = wholeDocument(document);
  return computeReadiness(readCatalog(whole.text, whole.facts, whole.parsed), whole.facts);
}

function serverHover(document: LanguageDocument, entry: IndexEntry, options: HoverOptions): string {
  const type = field(entry, 'type')?.valueNode?.value;
  const lines = [`**${escapeMarkdown(entry.name)}**${typeof type === 'string' ? ` · ${code(type)}` : ''}`];
  const readiness = readinessOf(document, options)?.servers.find((server) => server.name === entry.name);
  if (readiness) {
    lines.push('', describeReadiness(readiness));
  }
  const roots = stringItems(field(entry, 'default_in_roots')?.valueNode).map((item) => item.value);
  if (roots.length > 0) lines.push('', `On by default for ${roots.map((root) => (root === '*' ? 'every root' : code(root))).join(', ')}.`);
  return lines.join('\n');
}

function describeReadiness(readiness: ServerReadiness): string {
  const info = STATE_INFO[readiness.state];
  const lines = [`Readiness: **${info.badge}** (${code(readiness.state)})${readiness.startable ? ' — offered to sessions' : ' — not offered to sessions'}`];
  // The readiness module writes its reasons as markdown (names in backticks).
  if (readiness.reason) lines.push('', readiness.reason);
  if (readiness.variables?.length)
    lines.push('', `${readiness.state === 'missing_configuration' ? 'Missing' : 'Requires'}: ${readiness.variables.map((v) => code(v)).join(', ')}`);
  return lines.join('\n');
}

function rootItemHover(document: LanguageDocument, root: string, options: HoverOptions): string {
  const roots = knownRootNames(document);
  if (root === '*') {
    return `${code('"*"')} — every root of the roots index${roots.length ? `: ${roots.map((r) => code(r)).join(', ')}` : ''}.`;
  }
  const reference = parseServerReference(root);
  if (reference.kind === 'remote') return `${code(root)} refers to a remote scope, which cannot be checked offline.`;
  if (!roots.includes(root)) {
    if (document.kind === 'catalog' && !document.facts.roots) return `Root ${code(root)}: no roots index was found for this catalog, so it cannot be checked.`;
    return `${code(root)} is **not a root** of ${document.kind === 'catalog' ? describeRootsFiles(document) : 'this roots index'}.`;
  }
  return rootHover(document, root, options);
}

function describeRootsFiles(document: LanguageDocument): string {
  const files = document.facts.roots?.files ?? [];
  return files.length ? files.map((f) => code(fileName(f.path))).join(', ') : 'the roots index';
}

function rootHover(document: LanguageDocument, root: string, options: HoverOptions = {}): string {
  const defaults = rootDefaults(document, root);
  const lines = [`**Root ${code(root)}**`];
  const description = rootDescription(document, root);
  if (description) lines.push('', escapeMarkdown(description));
  if (document.kind === 'roots' && !document.facts.catalogs)
    lines.push('', 'No catalog was found for this roots index; only its own `default_mcp_servers` are listed.');
  const readiness = readinessOf(document, options);
  const states = new Map(readiness?.servers.map((s) => [s.name, s]) ?? []);
  lines.push('', defaults.length ? `Servers on by default (${defaults.length}):` : 'No server is on by default for this root.');
  if (defaults.length) lines.push('', ...defaults.map((d) => `- ${describeDefault(d, states.get(d.server), document.kind)}`));
  const summary = readiness?.roots.find((r) => r.name === root);
  if (summary?.worstState && summary.warning) lines.push('', `Worst state: **${STATE_INFO[summary.worstState].badge}** — ${summary.warning}.`);
  return lines.join('\n');
}

/** A root's `description`: from this roots index, or from the catalog's roots index. */
function rootDescription(document: LanguageDocument, root: string): string | undefined {
  if (document.kind === 'roots') {
    const entry = indexEntries(wholeDocument(document).parsed.root).find((e) => e.name === root);
    const text = entry ? field(entry, 'description')?.valueNode?.value : undefined;
    return typeof text === 'string' && text.trim() ? text : undefined;
  }
  for (const file of document.facts.roots?.files ?? []) {
    const text = file.descriptions?.get(root);
    if (text) return text;
  }
  return undefined;
}

function describeDefault(item: RootDefault, state: ServerReadiness | undefined, kind: LanguageDocument['kind']): string {
  const via = item.via.map((v) => code(v)).join(' and ');
  let text = `${code(item.server)}`;
  if (item.remote) return `${text} — remote scope, not checked offline (via ${via})`;
  if (item.file) text += ` (${escapeMarkdown(item.file)})`;
  text += ` — via ${via}`;
  // A catalog only knows its own servers; another catalog of the same air.json may define it.
  if (item.missing) return kind === 'catalog' ? `${text}; not a server of this catalog` : `${text}; **names no server** of the known catalogs`;
  if (state) text += ` · ${STATE_INFO[state.state].badge}`;
  else if (item.unavailableReason) text += ` · unavailable`;
  if (item.unavailableReason) text += `: ${escapeMarkdown(item.unavailableReason)}`;
  return text;
}

function serverReferenceHover(document: LanguageDocument, reference: string): string {
  const parsed = parseServerReference(reference);
  if (parsed.kind === 'remote') return `${code(reference)} refers to a server in a remote scope, which cannot be checked offline.`;
  const catalogs = document.facts.catalogs;
  if (!catalogs) return `Server ${code(parsed.name)}: no catalog was found for this roots index, so it cannot be checked.`;
  const file = catalogs.files.find((f) => f.servers.has(parsed.name));
  if (!file) return `${code(parsed.name)} **names no server** of ${catalogs.files.map((f) => code(fileName(f.path))).join(', ') || 'the catalogs'}.`;
  const server = file.servers.get(parsed.name)!;
  const lines = [`**Server ${code(parsed.name)}** in ${code(fileName(file.path))}`];
  if (server.unavailableReason) lines.push('', `Declared unavailable: ${escapeMarkdown(server.unavailableReason)}`);
  return lines.join('\n');
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
      return { range, markdown: `This ${code('${…}')} can never be resolved: ${placeholder.problem}. AIR fails on it.` };
    }
    const name = placeholder.name!;
    const lines = [`**${code(`\${${name}}`)}**`];
    if (!isSubstitutedPath(path)) {
      lines.push('', `This field is never substituted: the text stays literally ${code(`\${${name}}`)}.`);
      return { range, markdown: lines.join('\n') };
    }
    const variables = document.facts.variables;
    const source = variables.find(name);
    // Only the source's label: the value was never read into the index.
    if (source) lines.push('', `Source: ${escapeMarkdown(source.label)}.`);
    else
      lines.push(
        '',
        `Set in **no source** the editor can see (searched ${escapeMarkdown(variables.describeSearched())}${variables.skipped.length ? `; not read: ${escapeMarkdown(variables.skipped.join('; '))}` : ''}).`,
      );
    if (placeholder.hasDefault) lines.push('', 'It has a `:-` default, so it is never missing.');
    if (!isUpperCaseName(name)) lines.push('', `Not upper-case: AIR resolves it, but Zimmer's readiness and interpolation only see upper-case names.`);
    else if (!source && !placeholder.hasDefault) {
      const empty = variables.findEmpty(name);
      lines.push(
        '',
        empty
          ? `Listed in ${escapeMarkdown(empty.label)} without a value: give it one there.`
          : `Add ${code(`${name}=`)} to an env file, or declare it known (${code('mcpCatalog.knownVariables')}) if a store the editor cannot see provides it.`,
      );
    }
    return { range, markdown: lines.join('\n') };
  }
  return undefined;
}

/** Text from the document shown in markdown: no accidental emphasis, code, links, HTML or block syntax. */
export function escapeMarkdown(text: string): string {
  const inline = text.replace(/[\\`*_[\]<>|~]/g, (ch) => `\\${ch}`);
  return inline.replace(/^(\s*)([#+>-]|\d+\.)/, (_m, space: string, marker: string) => `${space}\\${marker}`);
}
