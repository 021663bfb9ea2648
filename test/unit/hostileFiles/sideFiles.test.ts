import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
// The module object itself, whose functions a test may stand in for (the namespace import's are read-only).
import nodeFs from 'node:fs';
import * as path from 'node:path';
import { readBounded } from '../../../server/src/node/boundedRead';
import { CachingReader, diskReader } from '../../../server/src/node/files';
import { Workspace, type SourceSettings } from '../../../server/src/node/workspace';
import { checkDocument } from '../../../server/src/service/engine';
import { catalog, tempTree } from '../helpers';

/**
 * SPEC §8, a repository you do not trust: one bounded reader for every side file (regular files
 * only, at most the limit + 1 byte whatever `stat` says, a precise reason for each refusal), and
 * the workspace policy on top of it (discovered side files stay inside the workspace; in a
 * restricted workspace nothing that holds variables is read, whatever role an air.json gives it).
 */

const LIMIT = 20 * 1024 * 1024;

function settings(overrides: Partial<SourceSettings> = {}): SourceSettings {
  return { knownVariables: [], envFiles: [], rootsFiles: [], readProcessEnv: false, trusted: true, ...overrides };
}

function fifo(dir: string, name: string): string {
  const target = path.join(dir, name);
  execFileSync('mkfifo', [target]);
  return target;
}

const SERVER = { type: 'stdio', command: 'npx', env: { T: '${FROM_DOTENV}' }, default_in_roots: ['zimmer'] };

describe('side files from a repository you do not trust (SPEC §8)', function () {
  this.timeout(20_000);

  describe('the bounded reader', () => {
    it('refuses a FIFO at once instead of blocking on it', () => {
      const dir = tempTree();
      assert.deepEqual(readBounded(fifo(dir, 'pipe'), LIMIT), { refused: 'is a FIFO (named pipe)' });
    });

    it('refuses a device, a folder, a symlink loop, and says a missing file does not exist', () => {
      const dir = tempTree();
      fs.symlinkSync('b', path.join(dir, 'a'));
      fs.symlinkSync('a', path.join(dir, 'b'));
      assert.equal((readBounded('/dev/zero', LIMIT) as { refused: string }).refused, 'is a device');
      assert.equal((readBounded(dir, LIMIT) as { refused: string }).refused, 'is a folder');
      assert.equal((readBounded(path.join(dir, 'a'), LIMIT) as { refused: string }).refused, 'is a symlink loop');
      assert.deepEqual(readBounded(path.join(dir, 'none'), LIMIT), { refused: 'does not exist', missing: true });
    });

    it('never reads a /proc file, whose stat size is 0 while it yields gigabytes', function () {
      if (!fs.existsSync('/proc/self/pagemap')) this.skip();
      const dir = tempTree();
      fs.symlinkSync('/proc/self/pagemap', path.join(dir, 'roots.json'));
      assert.equal((readBounded(path.join(dir, 'roots.json'), LIMIT) as { refused: string }).refused, 'is a special file of the kernel (/proc, /sys)');
    });

    it('refuses a sparse 2 GB file from its size, without reading it, and reads at most limit + 1 bytes', () => {
      const dir = tempTree({ 'small.env': 'A=1\n' });
      const big = path.join(dir, 'big.env');
      fs.writeFileSync(big, '');
      fs.truncateSync(big, 2 * 1024 * 1024 * 1024);
      assert.equal((readBounded(big, LIMIT) as { refused: string }).refused, 'is 2048.0 MB, over the 20 MB limit');
      assert.deepEqual(readBounded(path.join(dir, 'small.env'), 2), { refused: 'is 0.0 MB, over the 0.0 MB limit', tooLarge: true, size: 4 });
      assert.deepEqual(readBounded(path.join(dir, 'small.env'), 4), { text: 'A=1\n' });
    });

    it('reads a file that grew after its size was taken to the end, and still never past limit + 1 bytes', () => {
      const text = `${'A=1\n'.repeat(25_000)}B=\u2014\n`;
      const dir = tempTree({ 'grown.env': text });
      const file = path.join(dir, 'grown.env');
      const { statSync, fstatSync, readSync } = nodeFs;
      const stats = nodeFs as unknown as Record<'statSync' | 'fstatSync' | 'readSync', unknown>;
      // The sizes as they were before the file grew: 10 bytes.
      stats.statSync = (name: string) => Object.assign(statSync(name), { size: 10 });
      stats.fstatSync = (fd: number) => Object.assign(fstatSync(fd), { size: 10 });
      let bytesRead = 0;
      stats.readSync = (...args: Parameters<typeof readSync>) => {
        const read = readSync(...args);
        bytesRead += read;
        return read;
      };
      try {
        assert.deepEqual(readBounded(file, LIMIT), { text });
        bytesRead = 0;
        assert.deepEqual(readBounded(file, 50_000), { refused: 'is larger than 0.0 MB', tooLarge: true });
        assert.ok(bytesRead <= 50_001, `${bytesRead} bytes read for a limit of 50,000`);
      } finally {
        stats.statSync = statSync;
        stats.fstatSync = fstatSync;
        stats.readSync = readSync;
      }
    });
  });

  describe('what the user sees instead of "not found"', () => {
    it('a .env that is a FIFO: ".env was not read: it is a FIFO (named pipe)" in the unresolved-variable message, and the check returns', () => {
      const dir = tempTree({ 'mcp.json': catalog({ s: SERVER }) });
      fifo(dir, '.env');
      const ws = new Workspace(new CachingReader(diskReader), { workspaceRoot: dir, env: {}, containment: [dir] });
      const { facts } = ws.factsFor(path.join(dir, 'mcp.json'), 'catalog', settings());
      const { findings } = checkDocument(fs.readFileSync(path.join(dir, 'mcp.json'), 'utf8'), 'catalog', facts);
      const unresolved = findings.find((f) => f.code === 'unresolved-variable');
      assert.match(unresolved?.message ?? '', /\.env was not read: it is a FIFO \(named pipe\)\.$/, 'the real reason, even in a short editor row');
    });

    it('an air.json roots path that is a FIFO or a symlink loop: the roots-not-found warning says so', () => {
      const dir = tempTree({ 'mcp.json': catalog({ s: SERVER }), 'air.json': JSON.stringify({ mcp: ['mcp.json'], roots: ['pipe.json', 'loop.json'] }) });
      fifo(dir, 'pipe.json');
      fs.symlinkSync('loop.json', path.join(dir, 'loop.json'));
      const ws = new Workspace(new CachingReader(diskReader), { workspaceRoot: dir, env: {}, containment: [dir] });
      const air = path.join(dir, 'air.json');
      const { facts } = ws.factsFor(air, 'air', settings());
      const messages = checkDocument(fs.readFileSync(air, 'utf8'), 'air', facts)
        .findings.filter((f) => f.code === 'roots-not-found')
        .map((f) => f.message);
      assert.equal(messages.length, 2, messages.join('\n'));
      assert.match(messages[0], /"pipe\.json" was not read: it is a FIFO \(named pipe\)/);
      assert.match(messages[1], /"loop\.json" was not read: it is a symlink loop/);
    });
  });

  describe('containment: discovered side files stay inside the workspace', () => {
    it('an air.json roots path outside the workspace (relative or absolute) is not read, and the catalog says why', () => {
      const base = tempTree({ 'outside/roots.json': JSON.stringify({ zimmer: { description: 'Outside.' } }) });
      const ws = path.join(base, 'ws');
      fs.mkdirSync(ws);
      fs.writeFileSync(path.join(ws, 'mcp.json'), catalog({ s: SERVER }));
      for (const listed of ['../outside/roots.json', path.join(base, 'outside', 'roots.json')]) {
        fs.writeFileSync(path.join(ws, 'air.json'), JSON.stringify({ mcp: ['mcp.json'], roots: [listed] }));
        const workspace = new Workspace(new CachingReader(diskReader), { workspaceRoot: ws, env: {}, containment: [ws], searchBoundary: ws });
        const { facts } = workspace.factsFor(path.join(ws, 'mcp.json'), 'catalog', settings());
        assert.deepEqual(facts.roots?.files, [], listed);
        assert.match(facts.roots?.unread?.[0] ?? '', /roots\.json is outside the workspace/);
      }
    });

    it('a symlink inside the workspace to a file outside it is not followed', () => {
      const base = tempTree({ 'outside/roots.json': JSON.stringify({ zimmer: { description: 'Outside.' } }), 'ws/mcp.json': catalog({ s: SERVER }) });
      const ws = path.join(base, 'ws');
      fs.symlinkSync(path.join(base, 'outside', 'roots.json'), path.join(ws, 'roots.json'));
      const workspace = new Workspace(new CachingReader(diskReader), { workspaceRoot: ws, env: {}, containment: [ws] });
      const { facts } = workspace.factsFor(path.join(ws, 'mcp.json'), 'catalog', settings());
      assert.deepEqual(facts.roots?.files, []);
      assert.match(facts.roots?.unread?.[0] ?? '', /is outside the workspace \(it links to .*outside\/roots\.json\)/);
    });

    it('a roots index the user names explicitly may lie outside (trusted)', () => {
      const base = tempTree({ 'outside/roots.json': JSON.stringify({ zimmer: { description: 'Outside.' } }), 'ws/mcp.json': catalog({ s: SERVER }) });
      const ws = path.join(base, 'ws');
      const workspace = new Workspace(new CachingReader(diskReader), { workspaceRoot: ws, env: {}, containment: [ws] });
      const { facts } = workspace.factsFor(path.join(ws, 'mcp.json'), 'catalog', settings({ rootsFiles: [path.join(base, 'outside', 'roots.json')] }));
      assert.deepEqual([...(facts.roots?.files[0]?.roots.keys() ?? [])], ['zimmer']);
    });
  });

  describe('a restricted workspace reads nothing that holds variables, through any path', () => {
    const SECRET_NAMES = ['PLANTED_DOTENV_NAME', 'PLANTED_SECRET_NAME'];

    function hostileWorkspace(): string {
      return tempTree({
        'mcp.json': catalog({ s: SERVER }),
        '.env': 'PLANTED_DOTENV_NAME=x\n',
        'secrets.json': JSON.stringify({ PLANTED_SECRET_NAME: 'x' }),
        'air.json': JSON.stringify({ mcp: ['mcp.json', 'secrets.json', '.env'], roots: ['.env', 'secrets.json', '/proc/self/environ'] }),
      });
    }

    it('an air.json listing .env, secrets.json and /proc/self/environ as roots indexes and catalogs exposes none of their names', () => {
      const dir = hostileWorkspace();
      const reads: string[] = [];
      const recording = {
        read: (p: string) => (reads.push(p), diskReader.read(p)),
        refusal: (p: string) => diskReader.refusal?.(p),
        list: (d: string) => diskReader.list(d),
        realPath: (p: string) => diskReader.realPath(p),
      };
      const ws = new Workspace(recording, { workspaceRoot: dir, env: { PLANTED_PROCESS_NAME: 'x' }, containment: [dir], searchBoundary: dir, trusted: false });
      const catalogFacts = ws.factsFor(
        path.join(dir, 'mcp.json'),
        'catalog',
        settings({ trusted: false, readProcessEnv: true, secretsFile: 'secrets.json' }),
      ).facts;
      const airFacts = ws.factsFor(path.join(dir, 'air.json'), 'air', settings({ trusted: false })).facts;
      const visible = JSON.stringify(
        {
          roots: catalogFacts.roots?.files.map((f) => [...f.roots.keys()]),
          composed: catalogFacts.composition?.catalogs.map((c) => [...c.servers.keys()]),
          variables: catalogFacts.variables.allNames(),
          air: Object.values(airFacts.air?.artifacts ?? {}).map((a) => [...(a?.names ?? [])]),
        },
        null,
        1,
      );
      for (const name of [...SECRET_NAMES, 'PLANTED_PROCESS_NAME']) assert.ok(!visible.includes(name), `${name} is visible:\n${visible}`);
      assert.deepEqual(
        reads.filter((p) => /\.env$|secrets\.json$|environ$/.test(p)),
        [],
        'a file holding variables was read',
      );
      assert.match(
        catalogFacts.roots?.unread?.join('\n') ?? '',
        /\.env holds variables \(a dotenv or secrets file\), which a restricted workspace does not read/,
      );
    });

    it('trusted, the same air.json makes the bounded reader refuse /proc/self/environ', function () {
      if (!fs.existsSync('/proc/self/environ')) this.skip();
      const dir = hostileWorkspace();
      const ws = new Workspace(new CachingReader(diskReader), { workspaceRoot: dir, env: {}, containment: [dir], searchBoundary: dir });
      const { facts } = ws.factsFor(path.join(dir, 'mcp.json'), 'catalog', settings());
      assert.match(facts.roots?.unread?.join('\n') ?? '', /\/proc\/self\/environ is outside the workspace/);
    });
  });
});
