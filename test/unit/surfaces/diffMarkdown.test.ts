import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { assertInertMarkdown, markdownTokens } from '../../support/outputInvariants';
import { runCli, tempTree, writeTree } from '../helpers';

/**
 * `mcp-catalog diff --format markdown` is what action.yml appends to the job summary, and the pull
 * request under review names the files and servers in it: none of their text may start a block,
 * open HTML, make a link or image, close its code span or break a table row — and the verdict and
 * the exit status stay the change's own.
 */

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

function git(dir: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=Test', ...args], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

const FAKE_VERDICT = '## ✅ Reviewed: safe to merge';

async function diffOf(files: Record<string, string>, change: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const dir = tempTree(files);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  writeTree(dir, change);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'change');
  return runCli(['diff', '--format', 'markdown', 'HEAD~1', 'HEAD'], { cwd: dir });
}

const OWN = {
  headings: /^(MCP catalogs: .*|.* \((catalog|roots|air), (added|removed|changed)\))$/,
  html: /^(<details><summary>.*<\/summary>|<\/details>)$/s,
  cells: 6,
};

describe('diff --format markdown: repository text stays text', () => {
  it('a server name with a newline, a fake verdict heading, an image and an unterminated comment: inert, exit 1 kept', async () => {
    const evil = `x\n\n${FAKE_VERDICT}\n<img src="https://attacker.example/p.png">\n<!--`;
    const run = await diffOf(
      { 'mcp.json': json({ ok: { type: 'stdio', command: 'npx' } }) },
      { 'mcp.json': json({ ok: { type: 'stdio', command: 'npx' }, [evil]: { type: 'stdio', command: 'npx' }, 'bad|name`': { type: 'stdio' } }) },
    );
    assert.equal(run.code, 1, 'an error was added');
    assert.match(run.stdout, /❌/);
    assertInertMarkdown(run.stdout, 'server names', OWN);
    const headings = markdownTokens(run.stdout).filter((t) => t.type === 'inline' && /Reviewed/.test(t.content));
    for (const heading of headings) assert.ok(!/^## /.test(heading.content));
  });

  it('a file name with a newline, HTML and a fake heading; an entry and message with pipes and backticks', async () => {
    const name = `a\n${FAKE_VERDICT}\n<img src=x onerror=alert(1)>\`\`\`|<!---mcp.json`;
    const run = await diffOf(
      { 'mcp.json': json({ ok: { type: 'stdio', command: 'npx' } }) },
      {
        [name]: json({
          ['| x | `y` |']: { type: 'stdio', command: 'npx', startup_timeout_sec: 7000 },
          ok: {
            type: 'stdio',
            command: 'npx',
            unavailable: '[run the fix](https://attacker.example/fix.sh) ![](https://attacker.example/p.png) www.attacker.example <!--',
          },
        }),
      },
    );
    assert.ok(run.stdout.includes('attacker'), run.stdout);
    assertInertMarkdown(run.stdout, 'file name', OWN);
  });
});
