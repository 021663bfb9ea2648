import { AIR_MCP_SCHEMA_URL, AIR_ROOTS_SCHEMA_URL } from '../../../../shared/src/airSchemas';
import { isRemoteType } from '../model';
import { getProperty, propertyValue, type JsonNode } from '../parse';
import { fieldSchema, knownFields, mcpSchema } from '../schema';
import type { CandidateBuilder } from './candidateBuilder';
import type { KeySite } from './completionSite';
import type { CompletionCandidate } from './completionTypes';
import type { LanguageDocument } from './document';
import { escapeSnippet, renderSnippetBody, shiftTabStops } from './snippets';
import { TRANSPORTS_BY_PREFERENCE } from './completeValues';
import { ourMarkdown, safeMd, type SafeMarkdown } from '../surfaces/markdown';

/**
 * Completion of property names: fields from our schema (required ones first, none the transport
 * forbids), `$schema`, and whole entries from the schema's `defaultSnippets`.
 */

const FORBIDDEN_ON: Record<string, ReadonlySet<string>> = {
  stdio: new Set(['url', 'headers', 'oauth']),
  remote: new Set(['command', 'args']),
};

export function keyCandidates(document: LanguageDocument, site: KeySite, builder: CandidateBuilder): CompletionCandidate[] {
  const path = site.objectPath;
  const present = presentKeys(site.object, site.keyNode);
  const out: CompletionCandidate[] = [];
  if (path.length === 0) {
    // Editing the name of an existing entry: no field or template fits there.
    if (site.hasColon) return out;
    if (!present.has('$schema')) {
      const url = document.kind === 'catalog' ? AIR_MCP_SCHEMA_URL : AIR_ROOTS_SCHEMA_URL;
      out.push(
        builder.property(site, '$schema', `"${escapeSnippet(url)}"`, {
          detail: 'JSON schema',
          documentation: safeMd`AIR's published schema: editors validate against it, and \`air validate\` uses it.`,
          sortText: '2',
        }),
      );
    }
    out.push(...entryTemplates(document, site, builder));
    return out;
  }
  const kind = document.kind;
  if (path.length === 1 && typeof path[0] === 'string') {
    const type =
      typeof propertyValue(getProperty(site.object, 'type'))?.value === 'string'
        ? (propertyValue(getProperty(site.object, 'type'))!.value as string)
        : undefined;
    const forbidden = kind === 'catalog' && type ? FORBIDDEN_ON[isRemoteType(type) ? 'remote' : type === 'stdio' ? 'stdio' : ''] : undefined;
    const required = requiredFields(kind, type);
    knownFields(kind).forEach((name, index) => {
      if (present.has(name) || forbidden?.has(name)) return;
      const schema = fieldSchema(kind, name);
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
      out.push(
        builder.property(site, name, valueTemplate(kind, name, schema), {
          detail: 'OAuth field',
          documentation: schemaDocumentation(schema),
          sortText: String(index).padStart(2, '0'),
        }),
      );
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
  if (kind === 'catalog' && name === 'type') return `"\${1|${TRANSPORTS_BY_PREFERENCE.join(',')}|}"`;
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

/** Our own schema's documentation, Markdown by design. */
function schemaDocumentation(schema: Record<string, unknown> | undefined): SafeMarkdown | undefined {
  const text = schema?.markdownDescription ?? schema?.description;
  return typeof text === 'string' ? ourMarkdown(text) : undefined;
}

/** Whole new entries at a top-level key position: `"name": { … }`. */
function entryTemplates(document: LanguageDocument, site: KeySite, builder: CandidateBuilder): CompletionCandidate[] {
  const layout = builder.layout();
  if (document.kind === 'roots') {
    // Every placeholder holds a valid value, so no error appears while the author tabs through.
    const body = `{${layout.eol}${layout.inner}"description": "\${2:What sessions on this root work on}"${layout.eol}${layout.base}}`;
    return [builder.entry(site, 'New root', 'root-name', body, 'A root entry; `description` is required.', 0)];
  }
  const snippets = (mcpSchema.$defs.ServerConfiguration.defaultSnippets ?? []) as { label: string; description?: string; body: Record<string, unknown> }[];
  // In the schema's order — stdio, streamable-http, then the legacy sse — not alphabetical.
  return snippets.map((snippet, order) => {
    const body = shiftTabStops(renderSnippetBody(snippet.body, layout.inner, layout.base, layout.eol), 1);
    return builder.entry(site, snippet.label, 'server-name', body, snippet.description, order);
  });
}

/** Inside an empty entry `"name": { | }`: the fields of a new stdio, streamable-http or sse server. */
function bodyTemplates(site: KeySite, builder: CandidateBuilder): CompletionCandidate[] {
  const layout = builder.layout();
  const snippets = (mcpSchema.$defs.ServerConfiguration.defaultSnippets ?? []) as { label: string; description?: string; body: Record<string, unknown> }[];
  return snippets.map((snippet, order) => {
    const lines = Object.entries(snippet.body).map(([key, value]) => `${JSON.stringify(key)}: ${renderInline(value)}`);
    const text = lines.join(`,${layout.eol}${layout.base}`);
    return builder.raw(site, `${snippet.label.replace(/^New /, '')} fields`, text, {
      kind: 'entry',
      detail: snippet.description,
      documentation: safeMd`The required fields of a new server, with the optional \`title\` and \`description\`.`,
      sortText: `9${order}`,
    });
  });
}

function renderInline(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  return JSON.stringify(value);
}
