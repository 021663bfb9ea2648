import type { IndexKind } from '../classify';
import type { Finding } from '../findings';
import { findNodeAtPath, getProperty, type JsonNode } from '../parse';
import { entrySchema } from '../schema';
import { insertProperty, removeProperty, replaceNode } from './jsonEdits';
import { hasSpan, pathOf, propertyAtKey, valueAt } from './locate';
import { proposal } from './proposal';
import type { FixContext, FixProposal } from './types';
import { clip, quoted } from '../text';

/** Fixes for structure and schema findings (SPEC §3, §5). */

const TRANSPORTS = ['stdio', 'sse', 'streamable-http'];

/** The key of a property, when the finding covers it. */
function keyOf(property: JsonNode): JsonNode {
  return property.children![0];
}

/** Rename the entry to the suggested valid name (made unique among its siblings). */
export function fixInvalidName(finding: Finding, { parsed }: FixContext): FixProposal[] {
  const suggestion = finding.data?.suggestion;
  const property = propertyAtKey(parsed.root, finding);
  if (typeof suggestion !== 'string' || !suggestion || !property) return [];
  const name = uniqueKey(property.parent!, suggestion);
  return [proposal(`Rename to ${quoted(name)}`, [replaceNode(keyOf(property), JSON.stringify(name))], { preferred: true })];
}

function uniqueKey(object: JsonNode, wanted: string): string {
  if (!getProperty(object, wanted)) return wanted;
  for (let i = 2; i < 1000; i++) if (!getProperty(object, `${wanted}-${i}`)) return `${wanted}-${i}`;
  return wanted;
}

/** The transport an entry's fields point to: `command` → stdio, `url` → streamable-http. */
function inferTransport(entry: JsonNode | undefined): string {
  if (getProperty(entry, 'command') || getProperty(entry, 'args')) return 'stdio';
  if (getProperty(entry, 'url')) return 'streamable-http';
  return 'stdio';
}

/**
 * A missing `type`: insert it first, the transport the fields imply preferred. A wrong one:
 * `http` → `streamable-http` (the only one in fix-all), else the closest value.
 */
export function fixUnknownType(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const path = pathOf(finding);
  if (!path) return [];
  if (finding.data?.missing === true) {
    const entry = findNodeAtPath(parsed.root, path);
    const property = entry?.parent;
    if (entry?.type !== 'object' || property?.type !== 'property' || !hasSpan(keyOf(property), finding) || getProperty(entry, 'type')) return [];
    const inferred = inferTransport(entry);
    return orderBy(TRANSPORTS, inferred).flatMap((transport) => {
      const edit = insertProperty(text, entry, undefined, () => `"type": ${JSON.stringify(transport)}`);
      return edit ? [proposal(`Add "type": "${transport}"`, [edit], { preferred: transport === inferred })] : [];
    });
  }
  const node = valueAt(parsed.root, finding);
  if (!node) return [];
  const value = typeof node.value === 'string' ? node.value : undefined;
  const suggestion = typeof finding.data?.suggestion === 'string' && TRANSPORTS.includes(finding.data.suggestion) ? finding.data.suggestion : undefined;
  const best = suggestion ?? inferTransport(node.parent?.parent);
  const isHttp = value !== undefined && value.trim().toLowerCase() === 'http';
  return orderBy(TRANSPORTS, best)
    .filter((transport) => transport !== value)
    .map((transport) =>
      proposal(`Change type to "${transport}"`, [replaceNode(node, JSON.stringify(transport))], {
        preferred: transport === best,
        fixAll: isHttp && transport === 'streamable-http',
      }),
    );
}

function orderBy(values: string[], first: string): string[] {
  return [first, ...values.filter((value) => value !== first)];
}

/** What a missing required field gets: stdio `command`, remote `url`, a root's `description`. */
const SKELETON_VALUES: Record<string, string> = {
  command: '""',
  url: '"https://"',
  description: '"TODO: describe this root"',
};

export function fixMissingField(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const fieldName = finding.data?.field;
  const path = pathOf(finding);
  if (typeof fieldName !== 'string' || !path || !(fieldName in SKELETON_VALUES)) return [];
  const object = findNodeAtPath(parsed.root, path);
  const property = object?.parent;
  if (object?.type !== 'object' || property?.type !== 'property' || !hasSpan(keyOf(property), finding) || getProperty(object, fieldName)) return [];
  const type = getProperty(object, 'type');
  const edit = insertProperty(text, object, type ?? 'last', () => `${JSON.stringify(fieldName)}: ${SKELETON_VALUES[fieldName]}`);
  return edit ? [proposal(`Add "${fieldName}"`, [edit], { preferred: true })] : [];
}

/** Remove a field the transport forbids. */
export function fixForbiddenField(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const property = propertyAtKey(parsed.root, finding);
  const edits = property && removeProperty(text, property);
  if (!property || !edits) return [];
  return [proposal(`Remove ${quoted(keyOf(property).value as string)}`, edits, { preferred: true })];
}

/** Rename a near-miss field to the known one, unless that field is already there. */
export function fixUnknownField(finding: Finding, { parsed }: FixContext): FixProposal[] {
  const suggestion = finding.data?.suggestion;
  const property = propertyAtKey(parsed.root, finding);
  if (typeof suggestion !== 'string' || !property || getProperty(property.parent, suggestion)) return [];
  return [proposal(`Rename to ${quoted(suggestion)}`, [replaceNode(keyOf(property), JSON.stringify(suggestion))], { preferred: true })];
}

/** `env` on a remote entry (no runtime uses it), or an `ELICITATION_*` variable Zimmer overwrites. */
export function fixIneffectiveField(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const property = propertyAtKey(parsed.root, finding);
  const edits = property && removeProperty(text, property);
  if (!property || !edits) return [];
  const runtime = finding.data?.runtimeKey;
  const why = finding.data?.overwrittenByZimmer
    ? 'Zimmer overwrites it'
    : typeof runtime === 'string'
      ? `${runtime}'s own setting: it does nothing here`
      : 'no runtime uses it on a remote server';
  return [proposal(`Remove ${quoted(keyOf(property).value as string)} (${why})`, edits, { preferred: true, fixAll: true })];
}

/**
 * `invalid-value` where the intent is obvious: a number or boolean where a string belongs (quote
 * it), a single string where a list of names belongs (`"zimmer"` → `["zimmer"]`), `"true"` where
 * a boolean belongs.
 */
export function fixInvalidValue(finding: Finding, { text, parsed, kind }: FixContext): FixProposal[] {
  if (finding.data?.keyword !== 'type') return [];
  const path = pathOf(finding);
  const node = valueAt(parsed.root, finding);
  if (!path || !node || path.length < 2) return [];
  const expected = expectedType(kind, path.slice(1));
  const raw = text.slice(node.offset, node.offset + node.length);
  if (expected === 'string' && (node.type === 'number' || node.type === 'boolean')) {
    return [proposal(`Write it as the string ${quoted(raw)}`, [replaceNode(node, JSON.stringify(raw))], { preferred: true })];
  }
  if (expected === 'array' && node.type === 'string' && path.length === 2 && typeof path[1] === 'string' && path[1].startsWith('default_')) {
    return [proposal(`Put ${clip(raw)} in a list`, [replaceNode(node, `[${raw}]`)], { preferred: true })];
  }
  if (expected === 'boolean' && node.type === 'string' && (node.value === 'true' || node.value === 'false')) {
    return [proposal(`Write it as the boolean ${node.value}`, [replaceNode(node, node.value)], { preferred: true })];
  }
  return [];
}

type SchemaNode = { type?: unknown; properties?: Record<string, SchemaNode>; additionalProperties?: unknown; items?: unknown; $ref?: string };

/** The JSON type our schema expects at a path inside an entry, when it names exactly one. */
function expectedType(kind: IndexKind, path: (string | number)[]): string | undefined {
  const schema = entrySchema(kind);
  if (!schema) return undefined;
  const resolve = (node: unknown): SchemaNode | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const ref = (node as SchemaNode).$ref;
    return ref?.startsWith('#/$defs/') ? schema.defs[ref.slice('#/$defs/'.length)] : node;
  };
  let current = resolve(schema.entry);
  for (const segment of path) {
    if (!current) return undefined;
    current = typeof segment === 'number' ? resolve(current.items) : resolve(current.properties?.[segment] ?? current.additionalProperties);
  }
  return typeof current?.type === 'string' ? current.type : undefined;
}
