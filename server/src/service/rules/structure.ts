import type { ErrorObject } from 'ajv';
import type { Finding } from '../findings';
import { entryType, isRemoteType, ROOT_NAME_PATTERN, SERVER_NAME_PATTERN, type IndexEntry } from '../model';
import { findNodeAtPath, getProperty, nodeValue, propertyValue, type JsonNode } from '../parse';
import { INDEX_NOUN } from '../classify';
import { knownFields, namePatternOf, validateEntryValue } from '../schema';
import { closestNames } from '../suggestions';
import { codePointLength, describeValue, editDistance, quoted } from '../text';
import { nodeSpan, type Rule, type RuleContext } from './rule';

/**
 * Structure and schema (SPEC §3, §5, §12): entries are objects, names match the pattern, and ajv's
 * verdict on each entry becomes one clear finding per problem on the smallest range — never
 * `must match "then" schema` or `boolean schema is false`. The same for every index with entries:
 * catalogs, roots indexes, and skills, hooks, plugins and references indexes (schemas/, AIR's).
 */

const TRANSPORTS = ['stdio', 'sse', 'streamable-http'];

/** Fields whose problems the mission's own rules report with their own codes. */
const OWN_RULE_FIELDS = new Set(['startup_timeout_sec', 'unavailable']);

/** Keys other runtimes read natively; they pass through and are not misspellings (SPEC §10). */
const PASSTHROUGH_FIELDS = new Set(['startup_timeout_ms', 'tool_timeout_sec', 'enabled', 'requestTimeoutMs', 'name', 'cwd', 'id']);

export const structureRule: Rule = {
  id: 'structure',
  appliesTo: ['catalog', 'roots', 'skills', 'hooks', 'plugins', 'references'],
  codes: {
    'invalid-name': { severity: 'error', summary: 'A server or root name breaks the name pattern.', example: '`"my server"`, `"café"`, `"@local/x"`' },
    'unknown-type': { severity: 'error', summary: '`type` is missing or not stdio, sse or streamable-http.', example: '`"type": "http"` → `streamable-http`' },
    'missing-field': {
      severity: 'error',
      summary: 'A required field is missing (stdio `command`, remote `url`, root `description`).',
      example: '`{"type": "stdio"}`',
    },
    'forbidden-field': { severity: 'error', summary: 'A field the transport forbids.', example: '`url` on a stdio server, `args: []` on a remote one' },
    'invalid-value': {
      severity: 'error',
      summary:
        'Any other schema violation (a warning for a placeholder in a URI, and for an empty `oauth.clientId` or `oauth.clientSecret`, which every generator drops).',
      example: '`"title": ""`, `"url": "not a uri"`',
    },
    'unknown-field': {
      severity: 'warning',
      summary: 'An unknown field that spells a known one differently (a hint for other near-misses).',
      example: '`startupTimeoutSec`, `defaultInRoots`, `oauth.client_id` (warnings); `unavailable_reason`, `comand` (hints)',
    },
  },
  alsoReports: ['not-an-object'],
  checkEntry(entry, context) {
    checkName(entry, context);
    if (!entry.valueNode || entry.valueNode.type !== 'object') {
      if (entry.valueNode) {
        const what = `${entryNoun(context)} entry`;
        context.report({
          code: 'not-an-object',
          message: `The ${what} ${quoted(entry.name)} is ${describeKind(entry.valueNode)}, not an object, so AIR cannot load it.`,
          ...nodeSpan(entry.valueNode),
          data: { path: [entry.name] },
        });
      }
      return;
    }
    const errors = validateEntryValue(context.kind, nodeValue(entry.valueNode));
    for (const finding of mapSchemaErrors(entry, errors, context)) context.report(finding);
    checkUnknownFields(entry, context);
  },
  checkDocument(context) {
    const schemaProperty = getProperty(context.root, '$schema');
    const schemaValue = propertyValue(schemaProperty);
    if (schemaValue && schemaValue.type !== 'string') {
      context.report({
        code: 'invalid-value',
        message: '$schema is not a string, so editors and air validate cannot use it; write the schema URL.',
        ...nodeSpan(schemaValue),
        data: { path: ['$schema'] },
      });
    }
  },
};

/** How messages name one entry of the document ("server", "skill"). */
function entryNoun(context: RuleContext): string {
  return context.kind === 'air' ? 'entry' : INDEX_NOUN[context.kind].entry;
}

function checkName(entry: IndexEntry, context: RuleContext): void {
  // Each schema's `propertyNames` (SPEC §12); catalogs and roots indexes keep model.ts's own.
  const pattern =
    context.kind === 'catalog' ? SERVER_NAME_PATTERN : context.kind === 'roots' ? ROOT_NAME_PATTERN : (namePatternOf(context.kind) ?? ROOT_NAME_PATTERN);
  if (pattern.test(entry.name)) return;
  const allowed = context.kind === 'catalog' ? 'letters, digits and _ - $ [ ]' : 'letters, digits and _ - $';
  const suggestion = suggestValidName(entry.name, pattern);
  context.report({
    code: 'invalid-name',
    message:
      entry.name.length === 0
        ? `An empty ${entryNoun(context)} name breaks AIR's name pattern; use ${allowed}.`
        : `${quoted(entry.name)} is not a valid ${entryNoun(context)} name, so AIR rejects it.${suggestion ? ` Did you mean ${quoted(suggestion)}?` : ''} Use only ${allowed}.`,
    ...nodeSpan(entry.keyNode),
    data: { path: [entry.name], name: entry.name, suggestion },
  });
}

/** Replace every disallowed character with `-` (collapsing runs); undefined when nothing is left. */
export function suggestValidName(name: string, pattern: RegExp): string | undefined {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(pattern === SERVER_NAME_PATTERN ? /[^$a-zA-Z0-9_[\]-]+/g : /[^$a-zA-Z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned.length > 0 && pattern.test(cleaned) ? cleaned : undefined;
}

function describeKind(node: JsonNode): string {
  switch (node.type) {
    case 'array':
      return 'an array';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'null':
      return 'null';
    default:
      return `a ${node.type}`;
  }
}

/** `/oauth/scopes/0` → ['oauth', 'scopes', 0] (ajv escapes `~` and `/` as in JSON Pointer). */
function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment));
}

/** A readable name for a path inside an entry: `url`, `oauth.scopes[0]`, `env.TOKEN`. */
function describePath(path: (string | number)[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out;
}

function mapSchemaErrors(entry: IndexEntry, errors: ErrorObject[], context: RuleContext): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const push = (finding: Finding): void => {
    const key = `${finding.code}:${finding.start}:${finding.end}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push(finding);
  };
  const type = entryType(entry);
  const entryNode = entry.valueNode!;
  const what = entryNoun(context);

  // A forbidden field's own value errors would only repeat the problem (`url: null` on stdio).
  const forbidden = errors.filter((e) => e.keyword === 'false schema').map((e) => e.instancePath);
  for (const error of errors) {
    if (error.keyword !== 'false schema' && forbidden.some((p) => error.instancePath === p || error.instancePath.startsWith(`${p}/`))) continue;
    // Combinators only restate their children's errors.
    if (error.keyword === 'if' || error.keyword === 'allOf' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const path = pointerToPath(error.instancePath);
    if (typeof path[0] === 'string' && OWN_RULE_FIELDS.has(path[0])) continue;
    const fullPath = [entry.name, ...path];

    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      const target = path.length === 0 ? entry.keyNode : (findNodeAtPath(entryNode, path) ?? entry.keyNode);
      if (missing === 'type' && path.length === 0) {
        push({
          code: 'unknown-type',
          message: `The server ${quoted(entry.name)} has no type, so AIR rejects it: add "stdio", "sse" or "streamable-http".`,
          ...keySpan(target),
          data: { path: [entry.name], missing: true, candidates: TRANSPORTS },
        });
      } else {
        const reason =
          missing === 'command'
            ? 'a stdio server cannot start without it'
            : missing === 'url'
              ? `a${type === 'sse' ? 'n' : ''} ${type} server cannot connect without it`
              : `AIR rejects a ${what} without it`;
        push({
          code: 'missing-field',
          message: `The ${what} ${quoted(entry.name)} has no ${missing}: ${reason}.`,
          ...keySpan(target),
          data: { path: fullPath, field: missing, type },
        });
      }
      continue;
    }

    if (error.keyword === 'false schema') {
      const fieldName = String(path[path.length - 1]);
      const property = getProperty(path.length > 1 ? findNodeAtPath(entryNode, path.slice(0, -1)) : entryNode, fieldName);
      if (!property) continue;
      const key = property.children![0];
      push({
        code: 'forbidden-field',
        message: isRemoteType(type)
          ? `${fieldName} is not allowed on a${type === 'sse' ? 'n' : ''} ${type} server, so AIR rejects it; it is for stdio servers.`
          : `${fieldName} is not allowed on a stdio server, so AIR rejects it; it is for sse and streamable-http servers.`,
        start: key.offset,
        end: key.offset + key.length,
        data: { path: fullPath, field: fieldName, type },
      });
      continue;
    }

    const node = findNodeAtPath(entryNode, path);
    if (!node) continue;

    if (path.length === 1 && path[0] === 'type' && context.kind === 'catalog') {
      const value = node.value;
      const suggestion = typeof value === 'string' ? suggestTransport(value) : undefined;
      push({
        code: 'unknown-type',
        message:
          typeof value === 'string'
            ? `type ${quoted(value)} is not a transport, so AIR rejects the server.${suggestion ? ` Did you mean ${quoted(suggestion)}?` : ''} Use "stdio", "sse" or "streamable-http".`
            : `type is ${describeValue(nodeValue(node))}, not a string, so AIR rejects the server: use "stdio", "sse" or "streamable-http".`,
        start: node.offset,
        end: node.offset + node.length,
        data: { path: fullPath, value: typeof value === 'string' ? value : undefined, suggestion, candidates: TRANSPORTS },
      });
      continue;
    }

    const finding = describeValueError(error, path, node);
    push({ ...finding, start: node.offset, end: node.offset + node.length, data: { path: fullPath, keyword: error.keyword, ...finding.data } });
  }
  return findings;
}

/** The key of a property when the target is a value, else the node itself. */
function keySpan(node: JsonNode): { start: number; end: number } {
  if (node.parent?.type === 'property' && node.parent.children![1] === node) {
    const key = node.parent.children![0];
    return { start: key.offset, end: key.offset + key.length };
  }
  return { start: node.offset, end: node.offset + node.length };
}

/** `http` → `streamable-http` (the common mistake, SPEC §3); else the closest transport. */
export function suggestTransport(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  if (lower === 'http' || lower === 'https' || lower === 'streamable_http' || lower === 'streamablehttp' || lower === 'streamable') return 'streamable-http';
  if (TRANSPORTS.includes(lower)) return lower;
  return closestNames(lower, TRANSPORTS, 1)[0];
}

function describeValueError(error: ErrorObject, path: (string | number)[], node: JsonNode): Pick<Finding, 'code' | 'message' | 'severity' | 'data'> {
  const where = describePath(path);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const expected = String(params.type);
      const article = /^[aeiou]/.test(expected) ? 'an' : 'a';
      return { code: 'invalid-value', message: `${where} must be ${article} ${expected}, not ${describeValue(nodeValue(node))}; AIR rejects the entry.` };
    }
    case 'format': {
      const value = typeof node.value === 'string' ? node.value : '';
      if (value.includes('${')) {
        return {
          code: 'invalid-value',
          severity: 'warning',
          message: `${where} holds a placeholder, so air validate rejects it as a URI, though it is substituted at run time.`,
          data: { placeholderInUri: true },
        };
      }
      if (params.format === 'email') return { code: 'invalid-value', message: `${where} is not an email address, so AIR rejects the entry.` };
      return { code: 'invalid-value', message: `${where} is not an absolute URI, so AIR rejects the entry; write one like https://example.com/mcp.` };
    }
    case 'minLength': {
      const limit = Number(params.limit);
      return {
        code: 'invalid-value',
        message: limit <= 1 ? `${where} is empty, so AIR rejects the entry.` : `${where} is shorter than ${limit} characters, so AIR rejects the entry.`,
      };
    }
    case 'maxLength': {
      const value = typeof node.value === 'string' ? node.value : '';
      return {
        code: 'invalid-value',
        message: `${where} has ${codePointLength(value)} characters, over the ${String(params.limit)} AIR allows, so it rejects the entry.`,
        data: { limit: params.limit },
      };
    }
    case 'enum':
      return {
        code: 'invalid-value',
        message: `${where} is not an allowed value, so AIR rejects the entry: use ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`,
      };
    case 'pattern':
      // A plugin's `version` (SPEC §12): the schema's pattern is semantic versioning.
      if (where === 'version') return { code: 'invalid-value', message: `version is not a semantic version (like 1.0.0), so AIR rejects the entry.` };
      return { code: 'invalid-value', message: `${where} does not match the pattern ${String(params.pattern)}, so AIR rejects the entry.` };
    case 'minimum':
    case 'maximum':
      return {
        code: 'invalid-value',
        message: `${where} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}; AIR rejects the entry.`,
      };
    case 'minItems':
      return { code: 'invalid-value', message: `${where} needs at least ${String(params.limit)} item(s), so AIR rejects the entry.` };
    default:
      return { code: 'invalid-value', message: `${where} ${error.message ?? 'is not valid'}, so AIR rejects the entry.` };
  }
}

/**
 * `unknown-field` (SPEC §10): an unknown field that is a near-miss of a known one — equal after
 * lower-casing and removing `-`/`_`, a known field is its prefix, or edit distance ≤ 2.
 */
function checkUnknownFields(entry: IndexEntry, context: RuleContext): void {
  const known = knownFields(context.kind);
  for (const property of entry.valueNode!.children ?? []) {
    if (property.shadowed) continue;
    const key = property.children![0].value as string;
    if (known.includes(key) || PASSTHROUGH_FIELDS.has(key) || key.startsWith('$')) continue;
    const suggestion = nearMiss(key, known);
    if (!suggestion) continue;
    const keyNode = property.children![0];
    context.report({
      code: 'unknown-field',
      severity: unknownFieldSeverity(key, suggestion),
      message: `Unknown field ${quoted(key)} is ignored, so it has no effect. Did you mean ${quoted(suggestion)}?`,
      start: keyNode.offset,
      end: keyNode.offset + keyNode.length,
      data: { path: [entry.name, key], field: key, suggestion },
    });
  }
}

const squash = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/**
 * SPEC §5: a field equal to the known one after lower-casing and removing `-`/`_`
 * (`defaultInRoots`, `startupTimeoutSec`, `client_id`) is a warning — the intended setting
 * silently does nothing; other near-misses (a prefix, a typo) are hints.
 */
export function unknownFieldSeverity(key: string, suggestion: string): 'warning' | 'hint' {
  return squash(key) === squash(suggestion) ? 'warning' : 'hint';
}

export function nearMiss(key: string, known: readonly string[]): string | undefined {
  const squashed = squash(key);
  const exact = known.find((candidate) => squash(candidate) === squashed);
  if (exact) return exact;
  const prefix = known.filter((candidate) => key.toLowerCase().startsWith(candidate.toLowerCase())).sort((a, b) => b.length - a.length)[0];
  if (prefix) return prefix;
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase(), 2);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
