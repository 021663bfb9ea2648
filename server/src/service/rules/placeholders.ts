import type { JsonNode } from '../parse';
import { decodedOffsetMapper, findPlaceholders, isUpperCaseName, type Placeholder } from '../placeholders';
import { surfaceOf } from '../facts';
import { suggesterFor } from '../suggestions';
import { unreadWords } from '../variables';
import { literalText, type Rule, type RuleContext } from './rule';
import { clip, quoted } from '../text';

/**
 * `${VAR}` placeholders (SPEC §4.3, §10): invalid forms, lower-case names, names found in no known
 * source, and placeholders in fields that are never substituted. Only names are ever shown.
 */

/** Fields whose string values AIR substitutes (every string below them, for `oauth`). */
const SUBSTITUTED_FIELDS = new Set(['env', 'headers', 'url', 'args', 'command', 'oauth']);
/** Fields whose keys are names, never substituted. */
const KEYED_FIELDS = new Set(['env', 'headers', 'oauth']);
/** Handled by their own rules; a placeholder there is a type problem, not this one. */
const SKIPPED_FIELDS = new Set(['type', 'startup_timeout_sec']);

export const placeholderRule: Rule = {
  id: 'placeholders',
  appliesTo: ['catalog'],
  codes: {
    'unresolved-variable': {
      severity: 'warning',
      summary: 'A required `${VAR}` found in no known variable source.',
      example: '`${GITHUB_TOKEN}` with no `.env` entry',
    },
    'invalid-placeholder': {
      severity: 'error',
      summary: 'A `${…}` that AIR can never resolve.',
      example: '`${FOO-bar}`, `${ FOO }`, `${1FOO}`, `${}`, `${A:-${B}}`',
    },
    'lowercase-variable': { severity: 'warning', summary: "A `${name}` that is not upper-case: invisible to Zimmer's readiness.", example: '`${token}`' },
    'placeholder-not-interpolated': { severity: 'warning', summary: 'A `${…}` in a field that is never substituted.', example: '`"title": "${NAME}"`' },
  },
  checkEntry(entry, context) {
    // Server names are keys too, and AIR never substitutes keys (SPEC §4.3).
    if (entry.name.includes('${')) notInterpolated(context, entry.keyNode, [entry.name], 'A server name');
    if (!entry.valueNode || entry.valueNode.type !== 'object') return;
    for (const property of entry.valueNode.children ?? []) {
      if (property.shadowed) continue;
      const keyNode = property.children![0];
      const fieldName = keyNode.value as string;
      const valueNode = property.children![1];
      if (fieldName.includes('${')) notInterpolated(context, keyNode, [entry.name], 'A field name');
      if (!valueNode || SKIPPED_FIELDS.has(fieldName)) continue;
      const keysToo = KEYED_FIELDS.has(fieldName);
      if (!mayHoldPlaceholder(valueNode, keysToo)) continue;
      const substituted = SUBSTITUTED_FIELDS.has(fieldName);
      walkStrings(valueNode, [entry.name, fieldName], keysToo, (node, path, isKey) => {
        if (substituted && !isKey) checkSubstituted(context, node, path);
        else notInterpolated(context, node, path, isKey ? `A key of ${fieldName}` : fieldName);
      });
    }
  },
};

/**
 * False only when no string below `node` (nor a key, when `keysToo`) holds `\${`, judged without
 * allocating: the rule reads every field of every entry, and nearly none holds a placeholder.
 * A container with a container inside is left to `walkStrings` (true).
 */
function mayHoldPlaceholder(node: JsonNode, keysToo: boolean): boolean {
  if (node.type === 'string') return (node.value as string).includes('${');
  if (node.type !== 'object' && node.type !== 'array') return false;
  for (const child of node.children ?? []) {
    let value = child;
    if (child.type === 'property') {
      if (keysToo && (child.children![0].value as string).includes('${')) return true;
      value = child.children![1];
      if (!value) continue;
    }
    if (value.type === 'object' || value.type === 'array') return true;
    if (value.type === 'string' && (value.value as string).includes('${')) return true;
  }
  return false;
}

type StringVisitor = (node: JsonNode, path: (string | number)[], isKey: boolean) => void;

/** A path kept as a parent chain, so walking deep values costs O(1) per level (see walkStrings). */
interface PathLink {
  parent: PathLink | undefined;
  segment: string | number;
  depth: number;
  /** This link, or past MAX_PATH_BELOW_FIELD levels the ancestor whose path stands for this one. */
  capped: PathLink;
}

/**
 * `data.path` is capped below the field, like parse.ts caps its paths (a prefix still locates an
 * ancestor): full paths made 5,000 placeholders 5,000 levels deep cost 25 million path segments,
 * seconds and hundreds of megabytes (found by the fuzzer).
 */
const MAX_PATH_BELOW_FIELD = 62;

function childLink(parent: PathLink | undefined, segment: string | number): PathLink {
  const depth = (parent?.depth ?? 0) + 1;
  const created = { parent, segment, depth } as PathLink;
  created.capped = depth > MAX_PATH_BELOW_FIELD ? parent!.capped : created;
  return created;
}

function materialise(base: readonly (string | number)[], link: PathLink | undefined): (string | number)[] {
  const tail: (string | number)[] = [];
  for (let current = link?.capped; current; current = current.parent) tail.push(current.segment);
  return [...base, ...tail.reverse()];
}

/**
 * Every string node below `node` (values, and object keys when `keysToo`), iteratively. The path
 * is only built for strings that contain `${`: copying it at every level made 20,000 levels of
 * nesting quadratic (tens of seconds).
 */
function walkStrings(node: JsonNode, path: (string | number)[], keysToo: boolean, visit: StringVisitor): void {
  const work: { node: JsonNode; link: PathLink | undefined }[] = [{ node, link: undefined }];
  while (work.length) {
    const current = work.pop()!;
    const n = current.node;
    if (n.type === 'string') {
      if ((n.value as string).includes('${')) visit(n, materialise(path, current.link), false);
    } else if (n.type === 'object') {
      for (const property of n.children ?? []) {
        if (property.shadowed) continue;
        const key = property.children![0];
        const keyText = key.value as string;
        if (keysToo && keyText.includes('${')) visit(key, materialise(path, current.link), true);
        if (property.children![1]) work.push({ node: property.children![1], link: childLink(current.link, keyText) });
      }
    } else if (n.type === 'array') {
      (n.children ?? []).forEach((child, index) => work.push({ node: child, link: childLink(current.link, index) }));
    }
  }
}

/** Spans of a string's placeholders, mapped in one pass over its literal (see decodedOffsetMapper). */
function placeholderSpans(context: RuleContext, node: JsonNode, placeholders: readonly Placeholder[]): { start: number; end: number }[] {
  const toOffset = decodedOffsetMapper(literalText(context, node), node.offset);
  return placeholders.map((placeholder) => ({ start: toOffset(placeholder.index), end: toOffset(placeholder.end) }));
}

function checkSubstituted(context: RuleContext, node: JsonNode, path: (string | number)[]): void {
  const placeholders = findPlaceholders(node.value as string);
  const spans = placeholderSpans(context, node, placeholders);
  for (const [i, placeholder] of placeholders.entries()) {
    const span = spans[i];
    const text = `\${${placeholder.content}${placeholder.end > placeholder.index + placeholder.content.length + 2 ? '}' : ''}`;
    if (placeholder.kind === 'invalid') {
      context.report({
        code: 'invalid-placeholder',
        message: `${quoted(text)} can never be resolved, so AIR fails on it.${placeholder.suggestedName ? ` Write ${clip(`\${${placeholder.suggestedName}}`)}.` : ''} The problem: ${placeholder.problem}.`,
        ...span,
        data: { path, placeholder: text, suggestedName: placeholder.suggestedName },
      });
      continue;
    }
    const name = placeholder.name!;
    if (!isUpperCaseName(name)) {
      context.report({
        code: 'lowercase-variable',
        message: `${clip(`\${${name}}`)} is not upper-case, so Zimmer's readiness cannot see it. Use ${clip(`\${${name.toUpperCase()}}`)} (AIR resolves either).`,
        ...span,
        data: { path, name, replacement: name.toUpperCase() },
      });
      continue;
    }
    if (placeholder.hasDefault) continue;
    const variables = context.facts.variables;
    if (variables.find(name)) continue;
    // Restricted Mode read no source of values: the name may be set, so there is nothing to say.
    if (variables.restricted) continue;
    const candidates = suggesterFor(variables, () => variables.allNames()).closest(name, 3);
    const envFile = variables.preferredEnvFile();
    const empty = variables.findEmpty(name);
    const surface = surfaceOf(context.facts);
    const suggestion = candidates.length ? ` Did you mean ${candidates.map(clip).join(' or ')}?` : '';
    // The server's name keeps one row per place apart in Problems: each place is a different server
    // that starts without the variable, with its own quick fix there. What was searched is the
    // hover's to say in the editor (SPEC §5: the first sentence short) — except a source that is
    // there and could not be read, the real reason; a terminal has no hover, so it lists them all.
    const server = typeof path[0] === 'string' ? clip(path[0]) : 'the server';
    const searched = surface.hasHover
      ? variables.sources
          .filter((source) => source.problem)
          .map((source) => ` ${source.label} was ${unreadWords(source)}.`)
          .join('')
      : ` Searched ${variables.describeSearched()}${variables.skipped.length ? `; not read: ${variables.skipped.join(', ')}` : ''}.`;
    context.report({
      code: 'unresolved-variable',
      // An empty value counts as unset (SPEC §4.3): the name is there, it needs a value, not adding.
      message: empty
        ? `${clip(name)} is empty in ${empty.label}, so ${server} starts without it. Give it a value there.${suggestion}`
        : `${clip(name)} is set in no source, so ${server} starts without it.${suggestion} Add it to an env file, or ${surface.declareKnown(clip(name))}.${searched}`,
      ...span,
      data: { path, name, candidates, envFile, ...(empty?.path ? { emptyIn: empty.path } : {}) },
    });
  }
}

function notInterpolated(context: RuleContext, node: JsonNode, path: (string | number)[], where: string): void {
  const placeholders = findPlaceholders(node.value as string);
  const spans = placeholderSpans(context, node, placeholders);
  for (const [i, placeholder] of placeholders.entries()) {
    const span = spans[i];
    context.report({
      code: 'placeholder-not-interpolated',
      message: `${clip(where)} is never substituted, so ${quoted(`\${${placeholder.content}}`)} stays as written.`,
      ...span,
      data: { path, name: placeholder.name },
    });
  }
}
