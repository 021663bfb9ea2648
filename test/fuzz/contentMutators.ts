import type { MutationLimits, Mutator } from './mutators';
import type { Rng } from './rng';
import { K, insertAt, objectOpenings, positionInString, properties, replaceSpan, tokensOf, tokensOfKind, valueSpans } from './tokens';
import { FIELDS, NAMES, NON_OBJECT_ROOTS, NUMBERS, PLACEHOLDERS, VALUES } from './values';

/**
 * Mutations aimed at the rules: duplicated and repeated entries, huge strings and numbers, deep
 * nesting, `${` fragments in keys and values, non-object roots, values of every type in every
 * known field, odd server names, and pieces of other seeds.
 */

function hugeLength(rng: Rng, limits: MutationLimits): number {
  const size = rng.weighted<number>([
    [10, 1_000],
    [4, 10_000],
    [2, 60_000],
    [0.6, 200_000],
    [0.3, 1024 * 1024],
  ]);
  return Math.min(size, limits.maxHugeString);
}

function depthFor(rng: Rng, limits: MutationLimits): number {
  const depth = rng.weighted<number>([
    [8, rng.between(2, 30)],
    [4, rng.between(100, 1_000)],
    [2, rng.between(2_000, 10_000)],
    [0.6, 16_000],
    [0.3, 100_000],
  ]);
  return Math.min(depth, limits.maxDepth);
}

export const CONTENT_MUTATORS: readonly Mutator[] = [
  {
    name: 'duplicate-entry',
    weight: 6,
    apply(text, rng, context) {
      const props = properties(text);
      if (props.length === 0) return text;
      const topLevel = props.filter((p) => p.depth === 1);
      const property = rng.chance(0.6) && topLevel.length ? rng.pick(topLevel) : rng.pick(props);
      const piece = text.slice(property.start, property.end);
      const wanted = rng.weighted<number>([
        [8, 1],
        [3, rng.between(2, 10)],
        [1, rng.between(50, 300)],
      ]);
      const copies = Math.max(1, Math.min(wanted, Math.floor(context.limits.maxRepeated / Math.max(1, piece.length))));
      const joined = Array.from({ length: copies }, () => piece).join(',');
      return rng.chance(0.5) ? insertAt(text, property.end, `,${joined}`) : insertAt(text, property.start, `${joined},`);
    },
  },
  {
    name: 'many-entries',
    weight: 1,
    apply(text, rng, context) {
      // Repeat a top-level entry under fresh names: many servers, not duplicates.
      const props = properties(text).filter((p) => p.depth === 1);
      const open = text.indexOf('{');
      if (props.length === 0 || open < 0) return text;
      const property = rng.pick(props);
      const piece = text.slice(property.start, property.end);
      const keyEnd = piece.indexOf(':');
      // Thousands of servers at full size are the limits tests' job (test/slow/fuzzLimits.test.ts).
      const count = Math.min(
        rng.weighted<number>([
          [6, 20],
          [3, 200],
          [1, 2_000],
        ]),
        Math.floor(context.limits.maxRepeated / Math.max(1, piece.length)),
      );
      const entries: string[] = [];
      for (let i = 0; i < count; i++) entries.push(`"s${i}"${piece.slice(keyEnd)}`);
      return insertAt(text, open + 1, `${entries.join(',')},`);
    },
  },
  {
    name: 'huge-string',
    weight: 2,
    apply(text, rng, context) {
      const strings = tokensOfKind(text, K.String);
      const unit = rng.pick(['x', 'a b ', '\\n', '${A}', '${a}', '\\u0041', 'é', '😀', ' ', '\\"', '${', '\\uD800']);
      const length = hugeLength(rng, context.limits);
      const content = unit.repeat(Math.max(1, Math.floor(length / unit.length)));
      if (strings.length === 0) return insertAt(text, rng.int(text.length + 1), `"${content}"`);
      const token = rng.pick(strings);
      return replaceSpan(text, token.start, token.end, `"${content}"`);
    },
  },
  {
    name: 'number',
    weight: 5,
    apply(text, rng) {
      const numbers = tokensOfKind(text, K.Number);
      const spans = numbers.length && rng.chance(0.5) ? numbers : valueSpans(text);
      if (spans.length === 0) return insertAt(text, rng.int(text.length + 1), rng.pick(NUMBERS));
      const span = rng.pick(spans);
      return replaceSpan(text, span.start, span.end, rng.pick(NUMBERS));
    },
  },
  {
    name: 'deep-nesting',
    weight: 2,
    apply(text, rng, context) {
      const depth = depthFor(rng, context.limits);
      const style = rng.pick(['array', 'object', 'mixed'] as const);
      const balanced = rng.chance(0.75);
      let opens: string;
      let closes: string;
      if (style === 'array') {
        opens = '['.repeat(depth);
        closes = ']'.repeat(depth);
      } else if (style === 'object') {
        opens = '{"a":'.repeat(depth);
        closes = '}'.repeat(depth);
      } else {
        opens = '[{"${A}":'.repeat(Math.ceil(depth / 2));
        closes = '}]'.repeat(Math.ceil(depth / 2));
      }
      const inner = style === 'object' || style === 'mixed' ? '1' : '';
      const nest = balanced ? opens + inner + closes : rng.chance(0.5) ? opens + inner : inner + closes;
      const spans = valueSpans(text);
      if (spans.length && rng.chance(0.8)) {
        const span = rng.pick(spans);
        return replaceSpan(text, span.start, span.end, nest);
      }
      return rng.chance(0.5) ? nest : insertAt(text, rng.int(text.length + 1), nest);
    },
  },
  {
    name: 'placeholder',
    weight: 8,
    apply(text, rng) {
      const count = rng.between(1, 3);
      let out = text;
      for (let i = 0; i < count; i++) out = insertAt(out, positionInString(out, rng), rng.pick(PLACEHOLDERS));
      return out;
    },
  },
  {
    name: 'non-object-root',
    weight: 2,
    apply(text, rng) {
      return rng.weighted<string>([
        [3, rng.pick(NON_OBJECT_ROOTS)],
        [2, `[${text}]`],
        [1, `"${text.replace(/["\\\n\r]/g, '')}"`],
        [
          2,
          (() => {
            const spans = valueSpans(text);
            if (spans.length === 0) return text;
            const span = rng.pick(spans);
            return text.slice(span.start, span.end);
          })(),
        ],
        [1, `${text}${rng.pick(NON_OBJECT_ROOTS)}`],
      ]);
    },
  },
  {
    name: 'field',
    weight: 10,
    apply(text, rng) {
      // Insert `"field": value` into an entry object (depth 2) or the root.
      const openings = objectOpenings(text);
      if (openings.length === 0) return text;
      const entries = openings.filter((o) => o.depth === 2);
      const target = entries.length && rng.chance(0.85) ? rng.pick(entries) : rng.pick(openings);
      const property = `"${rng.pick(FIELDS)}": ${rng.pick(VALUES)}`;
      return insertAt(text, target.offset + 1, target.empty ? property : `${property},`);
    },
  },
  {
    name: 'value',
    weight: 8,
    apply(text, rng) {
      const spans = valueSpans(text);
      if (spans.length === 0) return text;
      const span = rng.pick(spans);
      return replaceSpan(text, span.start, span.end, rng.pick(VALUES));
    },
  },
  {
    name: 'name',
    weight: 4,
    apply(text, rng) {
      const props = properties(text);
      if (props.length === 0) return text;
      const property = rng.chance(0.7) ? rng.pick(props.filter((p) => p.depth === 1).concat(props.slice(0, 1))) : rng.pick(props);
      const keyEnd = text.indexOf(':', property.start);
      const keyToken = tokensOf(text.slice(property.start, keyEnd))[0];
      if (!keyToken) return text;
      return replaceSpan(text, property.start, property.start + keyToken.end, `"${rng.pick(NAMES)}"`);
    },
  },
  {
    name: 'splice',
    weight: 3,
    apply(text, rng, context) {
      const other = rng.pick(context.pool);
      if (!other) return text;
      const spans = valueSpans(other);
      const piece =
        spans.length && rng.chance(0.7)
          ? (() => {
              const span = rng.pick(spans);
              return other.slice(span.start, span.end);
            })()
          : other.slice(rng.int(other.length), rng.int(other.length + 1));
      const targets = valueSpans(text);
      if (targets.length && rng.chance(0.7)) {
        const span = rng.pick(targets);
        return replaceSpan(text, span.start, span.end, piece);
      }
      return insertAt(text, rng.int(text.length + 1), piece);
    },
  },
];
