import { strict as assert } from 'node:assert';
import { fullFormats } from 'ajv-formats/dist/formats';
import { formats, PLAIN_URI } from '../../server/src/service/uriFormat';
import { random } from '../support/seededRandom';

/**
 * The validators' `uri` format (server/src/service/uriFormat.ts) answers a plain http(s) URL
 * without ajv-formats' full pattern. That is only right if every plain URL is a `uri` for the full
 * pattern too, and if every other string still gets the full pattern's verdict.
 */
const fullUri = fullFormats.uri as (value: string) => boolean;

function pick(next: () => number, alphabet: string, min: number, max: number): string {
  const length = min + Math.floor(next() * (max - min + 1));
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}

const HOST = 'abcXYZ019.-';
const PATH = 'aZ09._~/-';
const QUERY = 'aZ09._~=&-';

/** A URL of PLAIN_URI's own grammar, each optional part present or not. */
function plainUrl(next: () => number): string {
  let url = `${next() < 0.5 ? 'http' : 'https'}://${pick(next, HOST, 1, 12)}`;
  if (next() < 0.3) url += `:${pick(next, '0123456789', 1, 5)}`;
  if (next() < 0.7) url += `/${pick(next, PATH, 0, 20)}`;
  if (next() < 0.3) url += `?${pick(next, QUERY, 0, 15)}`;
  return url;
}

/** Strings near URLs: the characters and parts where plain and full patterns could disagree. */
function nearUrl(next: () => number): string {
  const schemes = ['http://', 'https://', 'HTTPS://', 'ftp://', 'http:', 'https:/', '//', '', 'h ttp://', 'http://[::1]', 'mailto:'];
  const pieces = [
    'a',
    'Z',
    '9',
    '.',
    '-',
    '_',
    '~',
    '/',
    '?',
    '#',
    '%',
    '%2F',
    '%zz',
    ':',
    '@',
    '[',
    ']',
    ' ',
    '\t',
    '\n',
    '${HOST}',
    '<',
    '>',
    '^',
    '`',
    '|',
    '\u017f',
    '\u212a',
    '\u0130',
    '\u00e5',
    '\ud83d\ude00',
    '{',
    '}',
    '"',
    '\\',
    'é',
    '\u2014',
    '=',
    '&',
    "'",
    '(',
    '+',
    ',',
    ';',
    '!',
    '*',
    '$',
  ];
  let out = schemes[Math.floor(next() * schemes.length)];
  const count = Math.floor(next() * 10);
  for (let i = 0; i < count; i++) out += pieces[Math.floor(next() * pieces.length)];
  return out;
}

describe("the validators' uri format", () => {
  it('only ever answers for a plain URL that the full pattern accepts too', () => {
    const next = random(0x5eed);
    for (let i = 0; i < 20_000; i++) {
      const url = plainUrl(next);
      assert.ok(PLAIN_URI.test(url), `the generator wrote a URL PLAIN_URI rejects: ${url}`);
      assert.ok(fullUri(url), `a plain URL the full pattern rejects: ${url}`);
    }
  });

  it("gives the full pattern's verdict on every string", () => {
    const next = random(0xc0ffee);
    const verdicts = { accepted: 0, rejected: 0 };
    const fixed = [
      'https://example.com/mcp',
      'http://localhost:8080/sse',
      'https://a.b/c?d=e&f=g',
      'https://',
      'https:',
      '',
      'https://exa mple.com',
      'https://ex%41mple.com',
      'HTTPS://EXAMPLE.COM',
      'https://example.com/#top',
      'https://${HOST}/mcp',
      'urn:isbn:123',
      'https://[::1]:3000/',
    ];
    const strings = [...fixed, ...Array.from({ length: 20_000 }, () => (next() < 0.5 ? nearUrl(next) : plainUrl(next) + nearUrl(next)))];
    for (const value of strings) {
      const expected = fullUri(value);
      assert.equal(formats.uri(value), expected, JSON.stringify(value));
      verdicts[expected ? 'accepted' : 'rejected']++;
    }
    // Both verdicts occur often enough for the comparison to mean something.
    assert.ok(verdicts.accepted > 2000 && verdicts.rejected > 2000, JSON.stringify(verdicts));
  });
});
