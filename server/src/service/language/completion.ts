import { indexEntries, isRemoteType, parseServerReference, stringItems } from '../model';
import { getProperty, propertyValue, type JsonNode } from '../parse';
import { fieldSchema, knownFields, mcpSchema } from '../schema';
import { completionSite, type KeySite, type PlaceholderSite, type ValueSite } from './completionSite';
import { fileName, wholeDocument, type LanguageDocument, type Span } from './document';
import { escapeSnippet, renderSnippetBody, shiftTabStops, snippetToPlain } from './snippets';

/**
 * Completion (issue 3 item 3) as plain data: what to insert where. Field names come from our
 * schema; entry templates from its `defaultSnippets`; root, server and variable names from the
 * workspace facts. Variable completions carry names and source labels only, never a value.
 */

export type CandidateKind = 'property' | 'entry' | 'value' | 'root' | 'server' | 'variable';

export interface CompletionCandidate {
  label: string;
  kind: CandidateKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** The replacement for `range`: snippet syntax when `snippet` is true, else literal text. */
  insertText: string;
  snippet: boolean;
  range: Span;
  /** What the client filters against (the range may start with a quote). */
  filterText?: string;
  sortText?: string;
  /** A `,` to insert elsewhere (after the previous property). */
  additionalEdits?: { start: number; end: number; newText: string }[];
  /** Open completion again after inserting (e.g. inside a new `default_in_roots` array). */
  retrigger?: boolean;
}

export interface CompletionOptions {
  /** The client expands snippets (`completionItem.snippetSupport`). */
  snippets: boolean;
}

export const AIR_MCP_SCHEMA_URL = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';
export const AIR_ROOTS_SCHEMA_URL = 'https://pulsemcp.github.io/air/schemas/roots.schema.json';

const FORBIDDEN_ON: Record<string, ReadonlySet<string>> = {
  stdio: new Set(['url', 'headers', 'oauth']),
  remote: new Set(['command', 'args']),
};

export function completeAt(document: LanguageDocument, offset: number, options: CompletionOptions): CompletionCandidate[] {
  const site = completionSite(document, offset);
  if (!site) return [];
  const builder = new CandidateBuilder(document, site.range, options);
  if (site.kind === 'placeholder') return variableCandidates(document, site, builder);
  if (site.kind === 'key') return keyCandidates(document, site, builder);
  return valueCandidates(document, site, builder);
}

// ---- property names ------------------------------------------------------------------------

function keyCandidates(document: LanguageDocument, site: KeySite, builder: CandidateBuilder): CompletionCandidate[] {
  const path = site.objectPath;
  const present = presentKeys(site.object, site.keyNode);
  const out: CompletionCandidate[] = [];
  if (path.length === 0) {
    // Editing the name of an existing entry: no field or template fits there.
    if (site.hasColon) return out;
    if (!present.has('$schema')) {
      const url = document.kind === 'catalog' ? AIR_MCP_SCHEMA_URL : AIR_ROOTS_SCHEMA_URL;
      out.push(builder.property(site, '$schema', `"${escapeSnippet(url)}"`, { detail: 'JSON schema', documentation: `AIR's published schema: editors validate against it, and \`air validate\` uses it.`, sortText: '2' }));
    }
    out.push(...entryTemplates(document, site, builder));
    return out;
  }
  const kind = document.kind;
  if (path.length === 1 && typeof path[0] === 'string') {
    const type = typeof propertyValue(getProperty(site.object, 'type'))?.value === 'string' ? (propertyValue(getProperty(site.object, 'type'))!.value as string) : undefined;
    const forbidden = kind === 'catalog' && type ? FORBIDDEN_ON[isRemoteType(type) ? 'remote' : type === 'stdio' ? 'stdio' : ''] : undefined;
    const required = requiredFields(kind, type);
    knownFields(kind).forEach((name, index) => {
      if (present.has(name) || forbidden?.has(name)) return;
      const schema = fieldSchema(kind, name) as Record<string, unknown> | undefined;
      const isRequired = required.includes(name);
      out.push(
        builder.property(site, name, valueTemplate(kind, name, schema), {
          detail: isRequired ? `required${type ? ` for ${type}` : ''}` : kind === 'catalog' ? 'server field' : 'root field',
          documentation: schemaDocumentation(schema),
          sortText: `${isRequired ? '0' : '1'}${String(index).padStart(2, '0')}`,
          // Inside the new list, the names are what comes next; `type` has its own choice list.
          retrigger: name === 'default_in_roots' || name === 'default_mcp_servers',
        }),
      );
    });
    if (kind === 'catalog' && !type && !site.hasColon && !site.keyNode && present.size === 0) out.push(...bodyTemplates(site, builder));
    return out;
  }
  if (kind === 'catalog' && path.length === 2 && path[1] === 'oauth') {
    const oauth = (mcpSchema.$defs.OAuthConfiguration.properties ?? {}) as Record<string, Record<string, unknown>>;
    Object.entries(oauth).forEach(([name, schema], index) => {
      if (present.has(name)) return;
      out.push(builder.property(site, name, valueTemplate(kind, name, schema), { detail: 'OAuth field', documentation: schemaDocumentation(schema), sortText: String(index).padStart(2, '0') }));
    });
  }
  return out;
}

function presentKeys(object: JsonNode, editing: JsonNode | undefined): Set<string> {
  const keys = new Set<string>();
  for (const property of object.children ?? []) {
    const key = property.children?.[0];
    if (key && key !== editing) keys.add(key.value as string);
  }
  return keys;
}

function requiredFields(kind: LanguageDocument['kind'], type: string | undefined): string[] {
  if (kind === 'roots') return ['description'];
  if (type === 'stdio') return ['type', 'command'];
  if (isRemoteType(type)) return ['type', 'url'];
  return ['type'];
}

/** The value a new field starts with, as a snippet. */
function valueTemplate(kind: LanguageDocument['kind'], name: string, schema: Record<string, unknown> | undefined): string {
  if (kind === 'catalog' && name === 'type') return '"${1|stdio,streamable-http,sse|}"';
  if (name === 'startup_timeout_sec') return '${1:180}';
  if (schema?.format === 'uri') return '"${1:https://}"';
  const type = schema?.type ?? (schema?.$ref ? 'object' : undefined);
  switch (type) {
    case 'array':
      return (schema?.items as { type?: string } | undefined)?.type === 'string' ? '["$1"]' : '[$1]';
    case 'object':
      return '{$1}';
    case 'boolean':
      return '${1|true,false|}';
    case 'integer':
    case 'number':
      return '${1:0}';
    default:
      return '"$1"';
  }
}

function schemaDocumentation(schema: Record<string, unknown> | undefined): string | undefined {
  const text = schema?.markdownDescription ?? schema?.description;
  return typeof text === 'string' ? text : undefined;
}

/** Whole new entries at a top-level key position: `"name": { … }`. */
function entryTemplates(document: LanguageDocument, site: KeySite, builder: CandidateBuilder): CompletionCandidate[] {
  const layout = builder.layout();
  if (document.kind === 'roots') {
    const body = `{${layout.eol}${layout.inner}"description": "$2"${layout.eol}${layout.base}}`;
    return [builder.entry(site, 'New root', 'root-name', body, 'A root entry; `description` is required.')];
  }
  const snippets = (mcpSchema.$defs.ServerConfiguration.defaultSnippets ?? []) as { label: string; description?: string; body: Record<string, unknown> }[];
  return snippets.map((snippet) => {
    const body = shiftTabStops(renderSnippetBody(snippet.body, layout.inner, layout.base, layout.eol), 1);
    return builder.entry(site, snippet.label, 'server-name', body, snippet.description);
  });
}

/** Inside an empty entry `"name": { | }`: the fields of a new stdio, streamable-http or sse server. */
function bodyTemplates(site: KeySite, builder: CandidateBuilder): CompletionCandidate[] {
  const layout = builder.layout();
  const snippets = (mcpSchema.$defs.ServerConfiguration.defaultSnippets ?? []) as { label: string; description?: string; body: Record<string, unknown> }[];
  return snippets.map((snippet) => {
    const lines = Object.entries(snippet.body).map(([key, value]) => `${JSON.stringify(key)}: ${renderInline(value)}`);
    const text = lines.join(`,${layout.eol}${layout.base}`);
    return builder.raw(site, `${snippet.label.replace(/^New /, '')} fields`, text, {
      kind: 'entry',
      detail: snippet.description,
      documentation: 'The required fields of a new server, with the optional `title` and `description`.',
      sortText: '9',
    });
  });
}

function renderInline(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  return JSON.stringify(value);
}

// ---- values ----------------------------------------------------------------------------------

function valueCandidates(document: LanguageDocument, site: ValueSite, builder: CandidateBuilder): CompletionCandidate[] {
  const path = site.path;
  if (path.length < 2 || typeof path[0] !== 'string') return [];
  const fieldName = path[1];
  if (document.kind === 'catalog') {
    if (fieldName === 'type' && path.length === 2) return typeCandidates(site, builder);
    if (fieldName === 'default_in_roots' && path.length === 3) return rootCandidates(document, site, builder, rootNamesFromFacts(document), true);
    return [];
  }
  if (path.length === 3 && fieldName === 'default_mcp_servers') return serverCandidates(document, site, builder);
  if (path.length === 3 && (fieldName === 'default_in_roots' || fieldName === 'default_subagent_roots')) {
    const own = indexEntries(wholeDocument(document).parsed.root).map((entry) => ({ name: entry.name, where: 'this roots index' }));
    return rootCandidates(document, site, builder, own.filter((root) => root.name !== path[0]), fieldName === 'default_in_roots');
  }
  if (path.length === 2 && fieldName === 'user_invocable') {
    return ['true', 'false'].map((value) => builder.value(site, value, value, { kind: 'value', detail: 'boolean' }));
  }
  return [];
}

function typeCandidates(site: ValueSite, builder: CandidateBuilder): CompletionCandidate[] {
  const schema = fieldSchema('catalog', 'type') as { enum: string[]; enumDescriptions?: string[] };
  return schema.enum.map((value, index) =>
    builder.value(site, value, JSON.stringify(value), {
      kind: 'value',
      detail: 'transport',
      documentation: schema.enumDescriptions?.[index],
      sortText: String(index),
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

function rootCandidates(document: LanguageDocument, site: ValueSite, builder: CandidateBuilder, roots: { name: string; where: string }[], allowStar: boolean): CompletionCandidate[] {
  const taken = siblingItems(site);
  const out = roots
    .filter((root) => !taken.has(root.name))
    .map((root, index) =>
      builder.value(site, root.name, JSON.stringify(root.name), {
        kind: 'root',
        detail: `root in ${root.where}`,
        documentation: `Sessions on root ${'`'}${root.name}${'`'} get this ${document.kind === 'catalog' ? 'server' : 'root as a subagent'} by default.`,
        sortText: `0${String(index).padStart(4, '0')}`,
      }),
    );
  if (allowStar && !taken.has('*')) {
    out.push(builder.value(site, '*', '"*"', { kind: 'root', detail: 'every root', documentation: '`"*"` puts it on by default for every root of the roots index.', sortText: '1' }));
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
          documentation: server.unavailableReason ? `Declared unavailable: ${server.unavailableReason}` : undefined,
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

// ---- variables -------------------------------------------------------------------------------

function variableCandidates(document: LanguageDocument, site: PlaceholderSite, builder: CandidateBuilder): CompletionCandidate[] {
  const variables = document.facts.variables;
  // Names only: the index never holds a value, and the detail names the source, not what it says.
  return variables.allNames().map((name) => {
    const source = variables.find(name);
    return builder.plain(site.range, name, `${name}${site.needsClose ? '}' : ''}`, {
      kind: 'variable',
      detail: source ? `set in ${source.label}` : undefined,
      filterText: name,
      sortText: source?.kind === 'process' ? `1${name}` : `0${name}`,
    });
  });
}

// ---- building items --------------------------------------------------------------------------

interface CandidateExtras {
  kind?: CandidateKind;
  detail?: string;
  documentation?: string;
  sortText?: string;
  filterText?: string;
  retrigger?: boolean;
}

/** Turns snippet text into candidates for this client: snippets, or their plain-text degradation. */
class CandidateBuilder {
  constructor(
    private readonly document: LanguageDocument,
    private readonly range: Span,
    private readonly options: CompletionOptions,
  ) {}

  /** The document's line ending and indentation around the cursor. */
  layout(): { eol: string; base: string; inner: string } {
    const text = this.document.text;
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const unit = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
    const lineStart = Math.max(text.lastIndexOf('\n', this.range.start - 1) + 1, 0);
    const before = text.slice(lineStart, this.range.start);
    const indent = /^[ \t]*/.exec(before)![0];
    // On its own line the insertion takes the line's indentation; after `{` on the key's line, one more level.
    const base = indent.length === before.length ? indent : indent + unit;
    return { eol, base, inner: base + unit };
  }

  /** `"name": value` (or just `"name"` when the property already has its colon). */
  property(site: KeySite, name: string, valueSnippet: string, extras: CandidateExtras): CompletionCandidate {
    const key = escapeSnippet(JSON.stringify(name));
    // Without tab stops an empty string item is noise: a new list starts empty.
    const value = !this.options.snippets && valueSnippet === '["$1"]' ? '[]' : valueSnippet;
    const text = site.hasColon ? key : `${key}: ${value}${site.needsCommaAfter ? ',' : ''}`;
    return this.make(name, text, { kind: 'property', ...extras, filterText: extras.filterText ?? this.filter(name) }, site.commaBefore, !site.hasColon && extras.retrigger);
  }

  /** A whole `"name": { … }` entry. */
  entry(site: KeySite, label: string, placeholder: string, bodySnippet: string, detail: string | undefined): CompletionCandidate {
    // A name already typed (`"my-serv|`) becomes the default name, and the filter, so the item stays visible.
    const typed = site.keyNode ? this.document.text.slice(this.range.start, this.range.end) : '';
    const typedName = typed.replace(/^"/, '').replace(/"$/, '');
    const name = typedName ? `\${1:${escapeSnippet(typedName)}}` : `\${1:${placeholder}}`;
    const text = `"${name}": ${bodySnippet}${site.needsCommaAfter ? ',' : ''}`;
    return this.make(label, text, { kind: 'entry', detail, documentation: 'Inserts a complete entry with its required fields.', sortText: '0', filterText: typed || this.filter(label) }, site.commaBefore);
  }

  /** Several properties at once (an entry's body). */
  raw(site: KeySite, label: string, snippet: string, extras: CandidateExtras): CompletionCandidate {
    return this.make(label, `${snippet}${site.needsCommaAfter ? ',' : ''}`, { ...extras, filterText: this.filter(label) }, site.commaBefore);
  }

  /** A JSON value (already quoted when it is a string); `literal` is not snippet syntax. */
  value(site: ValueSite, label: string, literal: string, extras: CandidateExtras): CompletionCandidate {
    const text = `${escapeSnippet(literal)}${site.needsCommaAfter ? ',' : ''}`;
    return this.make(label, text, { ...extras, filterText: extras.filterText ?? (literal.startsWith('"') ? literal : label) });
  }

  /** Literal text for a range, never a snippet. */
  plain(range: Span, label: string, text: string, extras: CandidateExtras): CompletionCandidate {
    return { label, kind: extras.kind ?? 'value', detail: extras.detail, documentation: extras.documentation, insertText: text, snippet: false, range, filterText: extras.filterText, sortText: extras.sortText };
  }

  private filter(name: string): string {
    return this.document.text[this.range.start] === '"' ? JSON.stringify(name) : name;
  }

  private make(label: string, snippet: string, extras: CandidateExtras, commaBefore?: number, retrigger?: boolean): CompletionCandidate {
    const useSnippet = this.options.snippets;
    const candidate: CompletionCandidate = {
      label,
      kind: extras.kind ?? 'value',
      insertText: useSnippet ? snippet : snippetToPlain(snippet),
      snippet: useSnippet,
      range: this.range,
    };
    if (extras.detail !== undefined) candidate.detail = extras.detail;
    if (extras.documentation !== undefined) candidate.documentation = extras.documentation;
    if (extras.filterText !== undefined) candidate.filterText = extras.filterText;
    if (extras.sortText !== undefined) candidate.sortText = extras.sortText;
    if (commaBefore !== undefined) candidate.additionalEdits = [{ start: commaBefore, end: commaBefore, newText: ',' }];
    if (retrigger && useSnippet) candidate.retrigger = true;
    return candidate;
  }
}
