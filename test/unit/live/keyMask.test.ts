import { strict as assert } from 'node:assert';
import { FakeZimmer, liveRoot, seedServer } from '../../support/fakeZimmer';
import { LIVE_KEY } from '../../support/liveScenario';
import { keyMask } from '../../../shared/src/liveTransport';
import { fixture, runCli } from '../helpers';

/**
 * The API key never appears on any output (SPEC §11), whatever form an instance echoes it in: as
 * JSON escapes (`\u0073…`), partly escaped, in another case, or split by invisible characters —
 * the mask runs on what was parsed, every string of it, not only on the raw body.
 */

const unicodeEscaped = (text: string): string => [...text].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

const VARIANTS: Record<string, string> = {
  escaped: unicodeEscaped(LIVE_KEY),
  'half escaped': LIVE_KEY.slice(0, 6) + unicodeEscaped(LIVE_KEY.slice(6)),
  'upper case': LIVE_KEY.toUpperCase(),
  'zero-width joined': [...LIVE_KEY].join('\\u200b'),
  'soft hyphens': [...LIVE_KEY].join('\u00ad'),
};

/** What a reader sees: format characters (zero-width space, soft hyphen), raw or shown escaped, take no room. */
const withoutInvisibles = (text: string): string => text.replace(/\\u(?:200b|00ad)|\p{Cf}/giu, '');

describe('live: the API key is masked in what was parsed', () => {
  let fake: FakeZimmer;
  before(async () => {
    fake = await FakeZimmer.start(LIVE_KEY);
  });
  after(() => fake?.close());

  for (const [label, echoed] of Object.entries(VARIANTS)) {
    it(`${label}: not in live text or JSON, in a title, a description, a reason or a name`, async () => {
      const servers = [
        seedServer('github', { title: 'TITLE', description: 'DESCRIPTION' }),
        seedServer('legacy', { reason: 'REASON' }),
        seedServer('NAME'),
        seedServer('context7'),
      ];
      const body = JSON.stringify({ mcp_servers: servers, agent_roots: [liveRoot('app', ['github']), liveRoot('ops', [])], skills: [] }).replace(
        /TITLE|DESCRIPTION|REASON|NAME/g,
        (marker) => `${marker}:${echoed}`,
      );
      fake.reset();
      fake.routes.set('/api/v1/configs', { kind: 'raw', status: 200, contentType: 'application/json', body });
      for (const format of ['text', 'json']) {
        const run = await runCli(['live', '--format', format, fake.url, fixture('live', 'mcp.json')], {
          cwd: fixture('live'),
          env: { ZIMMER_API_KEY: LIVE_KEY },
        });
        const output = run.stdout + run.stderr;
        assert.match(output, /REASON|NAME/, `${format}: ${output}`);
        const visible = withoutInvisibles(output).toLowerCase();
        assert.ok(!visible.includes(LIVE_KEY.toLowerCase()), `${label}, ${format}: ${output}`);
        if (format === 'json')
          assert.ok(
            !withoutInvisibles(JSON.stringify(JSON.parse(run.stdout)))
              .toLowerCase()
              .includes(LIVE_KEY.toLowerCase()),
          );
      }
    });
  }
});

describe('keyMask', () => {
  it('takes any visible-ASCII key, punctuation included, and masks it in raw text and in parsed strings', () => {
    const key = 'a-b.c*d(e)[f]{g}|h^i$j\\k/l?m+n!"#%&\'<=>@`~,;:';
    const mask = keyMask(key);
    assert.equal(mask(`x ${key} y`), 'x [key] y');
    assert.equal(mask(`x ${key.toUpperCase()} y`), 'x [key] y');
    const body = mask(JSON.stringify({ [key]: [key, { title: `t ${key}` }] }));
    assert.ok(!body.includes(key) && !JSON.stringify(JSON.parse(body)).includes(JSON.stringify(key).slice(1, -1)), body);
    assert.deepEqual(JSON.parse(mask(JSON.stringify({ a: 'plain', n: 1 }))), { a: 'plain', n: 1 });
    assert.equal(mask('{"a": "plain" }'), '{"a": "plain" }', 'a body without the key is left as it was');
  });
});
