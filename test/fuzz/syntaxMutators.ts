import type { Mutator } from './mutators';
import { K, insertAt, positionInString, replaceSpan, tokenBoundary, tokensOf, tokensOfKind } from './tokens';
import { COMMENTS, STRUCTURAL, WHITESPACE } from './values';

/**
 * Mutations of the JSON text itself: bytes, truncation inside every kind of token, brackets,
 * quotes, escapes, lone surrogates, BOMs, comments, trailing commas, whitespace and line endings.
 */
export const SYNTAX_MUTATORS: readonly Mutator[] = [
  {
    name: 'flip',
    weight: 10,
    apply(text, rng) {
      if (text.length === 0) return rng.pick(STRUCTURAL);
      let out = text;
      const count = rng.between(1, 6);
      for (let n = 0; n < count; n++) {
        const at = rng.int(out.length);
        const code = out.charCodeAt(at);
        const replacement = rng.weighted<string>([
          [3, String.fromCharCode(code ^ (1 << rng.int(7)))],
          [1, String.fromCharCode(code ^ (1 << rng.int(16)))],
          [3, rng.pick(STRUCTURAL)],
          [1, String.fromCharCode(rng.int(0x80))],
          [1, String.fromCharCode(rng.int(0x10000))],
          [1, ''],
        ]);
        out = replaceSpan(out, at, at + 1, replacement);
      }
      return out;
    },
  },
  {
    name: 'truncate',
    weight: 10,
    apply(text, rng) {
      const tokens = tokensOf(text);
      const where = rng.pick(['string', 'afterColon', 'escape', 'number', 'keyword', 'boundary', 'anywhere'] as const);
      const inside = (kinds: number[]): number | undefined => {
        const candidates = tokens.filter((t) => kinds.includes(t.kind) && t.end - t.start > 1);
        if (candidates.length === 0) return undefined;
        const token = rng.pick(candidates);
        return token.start + 1 + rng.int(token.end - token.start - 1);
      };
      let at: number | undefined;
      switch (where) {
        case 'string':
          at = inside([K.String]);
          break;
        case 'afterColon': {
          const colons = tokens.filter((t) => t.kind === K.Colon);
          if (colons.length) at = rng.pick(colons).end + rng.int(2);
          break;
        }
        case 'escape': {
          const escapes: number[] = [];
          for (const t of tokens) {
            if (t.kind !== K.String) continue;
            for (let i = t.start; i < t.end; i++) if (text.charCodeAt(i) === 0x5c) escapes.push(i);
          }
          if (escapes.length) at = rng.pick(escapes) + rng.between(1, 5);
          break;
        }
        case 'number':
          at = inside([K.Number]);
          break;
        case 'keyword':
          at = inside([K.True, K.False, K.Null]);
          break;
        case 'boundary':
          at = tokens.length ? rng.pick(tokens)[rng.chance(0.5) ? 'start' : 'end'] : undefined;
          break;
        default:
          break;
      }
      return text.slice(0, Math.min(at ?? rng.int(text.length + 1), text.length));
    },
  },
  {
    name: 'insert-structural',
    weight: 8,
    apply(text, rng) {
      const at = rng.weighted<() => number>([
        [2, () => rng.int(text.length + 1)],
        [2, () => tokenBoundary(text, rng)],
        [1, () => positionInString(text, rng)],
      ])();
      return insertAt(text, at, rng.pick(STRUCTURAL).repeat(rng.chance(0.8) ? 1 : rng.between(2, 5)));
    },
  },
  {
    name: 'escape',
    weight: 6,
    apply(text, rng) {
      const escapes = [
        '\\u',
        '\\u0',
        '\\u00',
        '\\u004',
        '\\u0041',
        '\\uD800',
        '\\uDBFF',
        '\\uDC00',
        '\\uDFFF',
        '\\uD83D\\uDE00',
        '\\uDE00\\uD83D',
        '\\n',
        '\\"',
        '\\\\',
        '\\/',
        '\\b',
        '\\a',
        '\\0',
        '\\ ',
        '\\\n',
        '\\u0000',
        '\\u001f',
        '\\u0022',
        '\\u005c',
      ];
      return insertAt(text, positionInString(text, rng), rng.pick(escapes));
    },
  },
  {
    name: 'lone-surrogate',
    weight: 4,
    apply(text, rng) {
      const raw = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800', '\ud83d', '\ude00'];
      const at = rng.chance(0.7) ? positionInString(text, rng) : rng.int(text.length + 1);
      return insertAt(text, at, rng.pick(raw));
    },
  },
  {
    name: 'split-surrogate-pair',
    weight: 1,
    apply(text, rng) {
      // Cut or flip inside an astral character already in the text (the corpus has em-dashes; add one if none).
      const withPair = text.includes('\ud83d') ? text : insertAt(text, positionInString(text, rng), '😀');
      const at = withPair.indexOf('\ud83d');
      return rng.chance(0.5) ? withPair.slice(0, at + 1) : replaceSpan(withPair, at, at + 1, '');
    },
  },
  {
    name: 'bom',
    weight: 2,
    apply(text, rng) {
      return rng.weighted<string>([
        [4, '\ufeff' + text],
        [1, '\ufeff\ufeff' + text],
        [1, insertAt(text, rng.int(text.length + 1), '\ufeff')],
        [1, '\u00ef\u00bb\u00bf' + text], // a BOM decoded as Latin-1
      ]);
    },
  },
  {
    name: 'comment',
    weight: 3,
    apply(text, rng) {
      // The end of the text matters most: an unterminated comment there is where a scanner overruns.
      const at = rng.weighted<() => number>([
        [5, () => tokenBoundary(text, rng)],
        [2, () => text.length],
        [1, () => rng.int(text.length + 1)],
      ])();
      return insertAt(text, at, rng.pick(COMMENTS));
    },
  },
  {
    name: 'trailing-comma',
    weight: 3,
    apply(text, rng) {
      const closers = tokensOfKind(text, K.CloseBrace, K.CloseBracket);
      if (closers.length === 0) return text + ',';
      const token = rng.pick(closers);
      return insertAt(text, token.start, rng.chance(0.85) ? ',' : rng.pick([',,', ', ', ',\n', ',//c\n']));
    },
  },
  {
    name: 'whitespace',
    weight: 3,
    apply(text, rng) {
      return insertAt(text, rng.chance(0.7) ? tokenBoundary(text, rng) : rng.int(text.length + 1), rng.pick(WHITESPACE));
    },
  },
  {
    name: 'line-endings',
    weight: 1,
    apply(text, rng) {
      return rng.pick([
        () => text.replace(/\n/g, '\r\n'),
        () => text.replace(/\n/g, '\r'),
        () => text.replace(/\r?\n/g, ''),
        () => text.replace(/\n/g, '\u2028'),
      ])();
    },
  },
  {
    name: 'delete-chunk',
    weight: 4,
    apply(text, rng) {
      if (text.length === 0) return text;
      const start = rng.int(text.length);
      const length = rng.weighted<number>([
        [4, rng.between(1, 4)],
        [2, rng.between(5, 64)],
        [1, rng.between(65, Math.max(65, Math.floor(text.length / 2)))],
      ]);
      return replaceSpan(text, start, start + length, '');
    },
  },
  {
    name: 'copy-chunk',
    weight: 3,
    apply(text, rng) {
      if (text.length === 0) return text;
      const start = rng.int(text.length);
      const end = Math.min(text.length, start + rng.between(1, 200));
      return insertAt(text, rng.int(text.length + 1), text.slice(start, end));
    },
  },
];
