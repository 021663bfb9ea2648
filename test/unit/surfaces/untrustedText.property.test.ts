import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { completeAt } from '../../../server/src/service/language/completion';
import { hoverAt } from '../../../server/src/service/language/hover';
import { FakeZimmer, liveRoot, seedServer } from '../../support/fakeZimmer';
import { LIVE_KEY } from '../../support/liveScenario';
import { assertInertMarkdown, RAW_CONTROL } from '../../support/outputInvariants';
import { random } from '../../support/seededRandom';
import { runCli, tempTree, writeTree } from '../helpers';
import { catalogFacts, languageDocument, rootsFacts } from '../language/helpers';

/**
 * The property (SPEC §7, §8): seeded random strings mixing control, bidi, Markdown and shell
 * characters, used as server names, file names, declared reasons, descriptions, root names and
 * header values, go through every command's every format and every hover and completion. On a
 * terminal no raw control character arrives; in Markdown no link, image, HTML or heading comes
 * from repository text. A failure names its seed. Sized for the unit tier (a few seconds); the
 * counts are what to raise for a longer run.
 */

const PIECES = [
  '\u001b[2J',
  '\u001b]0;TITLE\u0007',
  '\u001b]52;c;aGk=\u001b\\',
  '\u001bP+q\u001b\\',
  '\u009b31m',
  '\u009d0;t\u009c',
  '\u0085',
  '\u0007',
  '\u0000',
  '\u007f',
  '\r',
  '\n',
  '\n\n',
  '\t',
  '\u202e',
  '\u2066',
  '\u200f',
  '\u061c',
  '\u2028',
  '\u2029',
  '## ✅ Reviewed',
  '# ',
  '> ',
  '- ',
  '1. ',
  '---',
  '===',
  '|',
  '| a | b |',
  '`',
  '``',
  '```',
  '<img src=https://attacker.example/p.png>',
  '<!--',
  '-->',
  '<details>',
  '</details>',
  '[x](https://attacker.example/a)',
  '![](https://attacker.example/p.png)',
  'https://attacker.example/',
  'www.attacker.example',
  'a@attacker.example',
  '&lt;',
  '*',
  '_',
  '~~',
  '$',
  '$(id)',
  '`id`',
  "'",
  '"',
  '\\',
  '${HOME}',
  ';',
  '&&',
  'plain',
  'zimmer',
  'é',
  '—',
];

function randomText(next: () => number, min = 1): string {
  const count = min + Math.floor(next() * 5);
  let text = '';
  for (let i = 0; i < count; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

/** A name a file system takes: no `/`, no NUL. */
function fileNameFrom(text: string): string {
  return text.replace(/[/\u0000]/g, '_').slice(0, 60);
}

function world(seed: number) {
  const next = random(seed);
  const server = randomText(next);
  const root = randomText(next);
  const catalog = {
    [server]: {
      type: 'stdio',
      command: 'npx',
      description: randomText(next),
      unavailable: randomText(next),
      default_in_roots: [root, randomText(next)],
      env: { TOKEN: `\${${randomText(next)}}` },
    },
    remote: { type: 'streamable-http', url: 'https://example.com/mcp', headers: { Authorization: randomText(next) }, startup_timeout_sec: 7000 },
    [randomText(next)]: { type: randomText(next), url: randomText(next) },
  };
  const roots = {
    [root]: { description: randomText(next), default_mcp_servers: [server, randomText(next)] },
    [randomText(next)]: { description: randomText(next) },
  };
  return { next, catalog: JSON.stringify(catalog, null, 2), roots: JSON.stringify(roots, null, 2), fileName: `${fileNameFrom(randomText(next))}-mcp.json` };
}

function assertTerminal(text: string, label: string): void {
  const match = RAW_CONTROL.exec(text);
  assert.ok(
    !match,
    `${label}: raw U+${match?.[0].charCodeAt(0).toString(16)} in ${JSON.stringify(text.slice(Math.max(0, (match?.index ?? 0) - 40), (match?.index ?? 0) + 40))}`,
  );
}

const COMMANDS: string[][] = [
  ['check', '--no-process-env', '--format', 'text'],
  ['check', '--no-process-env', '--format', 'json'],
  ['check', '--no-process-env', '--format', 'sarif'],
  ['check', '--no-process-env', '--format', 'github'],
  ['readiness', '--no-process-env', '--format', 'text'],
  ['readiness', '--no-process-env', '--format', 'json'],
  ['preview', '--runtime', 'claude', '--format', 'text'],
  ['preview', '--runtime', 'codex', '--format', 'json'],
  ['preview', '--runtime', 'pi', '--format', 'text'],
  ['fix', '--no-process-env', '--dry-run'],
  ['fix', '--no-process-env', '--format', 'github'],
];

describe('property: untrusted text stays text', function () {
  this.timeout(120_000);

  it('every CLI command and format: no raw control character (12 seeded worlds)', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { catalog, roots, fileName } = world(seed);
      const dir = tempTree({ [fileName]: catalog, 'roots.json': roots });
      for (const argv of COMMANDS) {
        const run = await runCli([...argv, `./${fileName}`], { cwd: dir });
        assertTerminal(run.stdout + run.stderr, `seed ${seed}: ${argv.join(' ')}`);
        if (argv.includes('json') || argv.includes('sarif'))
          assert.doesNotThrow(() => JSON.parse(run.stdout), `seed ${seed}: ${argv.join(' ')}: ${run.code} ${run.stderr}`);
      }
      const check = await runCli(['check', '--no-process-env', '.'], { cwd: dir });
      assertTerminal(check.stdout + check.stderr, `seed ${seed}: check .`);
    }
  });

  it('every hover and every completion: no link, image, HTML or heading from the repository (40 seeded worlds)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { catalog, roots } = world(seed);
      const documents = [languageDocument(catalog, 'catalog', catalogFacts(roots)), languageDocument(roots, 'roots', rootsFacts(catalog))];
      for (const document of documents) {
        for (let offset = 0; offset < document.text.length; offset++) {
          if (document.text[offset - 1] !== '"' && document.text[offset - 1] !== '[' && document.text[offset - 1] !== '{') continue;
          const hover = hoverAt(document, offset);
          if (hover) assertInertMarkdown(hover.markdown, `seed ${seed} ${document.kind} hover at ${offset}`);
          for (const item of completeAt(document, offset, { snippets: true })) {
            if (item.documentation) assertInertMarkdown(item.documentation, `seed ${seed} ${document.kind} completion ${item.label}`);
          }
        }
      }
    }
  });

  it('diff in every format: no raw control; the Markdown summary inert (1 seeded change)', async () => {
    for (let seed = 1; seed <= 1; seed++) {
      const { catalog, roots, fileName } = world(seed);
      const dir = tempTree({ 'mcp.json': '{}\n' });
      const git = (...args: string[]) => assert.equal(spawnSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=T', ...args], { cwd: dir }).status, 0);
      git('init', '-q');
      git('add', '-A');
      git('commit', '-q', '-m', 'base');
      writeTree(dir, { 'mcp.json': catalog, [fileName]: catalog, 'roots.json': roots });
      git('add', '-A');
      git('commit', '-q', '-m', 'change');
      for (const format of ['text', 'json', 'markdown']) {
        const run = await runCli(['diff', '--format', format, 'HEAD~1', 'HEAD'], { cwd: dir });
        assertTerminal(run.stdout + run.stderr, `seed ${seed}: diff ${format}`);
        if (format === 'markdown') {
          assertInertMarkdown(run.stdout, `seed ${seed}: diff markdown`, {
            headings: /^(MCP catalogs: .*|.* \((catalog|roots|air), (added|removed|changed)\))$/s,
            html: /^(<details><summary>.*<\/summary>|<\/details>)$/s,
            cells: 6,
          });
        }
      }
    }
  });

  describe('live', () => {
    let fake: FakeZimmer;
    before(async () => {
      fake = await FakeZimmer.start(LIVE_KEY);
    });
    after(() => fake?.close());

    it('an instance answering with random names, titles, reasons and roots: no raw control (4 seeds)', async () => {
      for (let seed = 1; seed <= 4; seed++) {
        const { next, catalog, roots } = world(seed);
        const dir = tempTree({ 'mcp.json': catalog, 'roots.json': roots });
        fake.reset();
        fake.servers = [
          seedServer(randomText(next), { title: randomText(next), description: randomText(next), reason: randomText(next) }),
          seedServer(randomText(next)),
        ];
        fake.roots = [liveRoot(randomText(next), [randomText(next)])];
        for (const format of ['text', 'json']) {
          const run = await runCli(['live', '--format', format, fake.url, 'mcp.json'], { cwd: dir, env: { ZIMMER_API_KEY: LIVE_KEY } });
          assertTerminal(run.stdout + run.stderr, `seed ${seed}: live ${format}`);
        }
      }
    });
  });
});
