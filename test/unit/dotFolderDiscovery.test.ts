import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { discoverIndexFiles, diskTree, type TreeReader } from '../../server/src/node/discovery';
import { CachingReader, diskReader, MAX_SIDE_FILE, type FileReader } from '../../server/src/node/files';
import { readProjectConfig } from '../../server/src/node/projectConfig';
import { Workspace } from '../../server/src/node/workspace';
import { REPO_ROOT, tempTree } from './helpers';

/**
 * SPEC §1: a file under a dot-folder is another tool's unless its `$schema` names AIR's schema or
 * an air.json lists it — then it is a catalog (or roots index), and `mcp-catalog check DIR` finds
 * it as the editor classifies it. The walk enters dot-folders but never `.git`, still honours
 * `.gitignore`, `exclude` and `node_modules`, and reads a dot-folder's JSON only through the
 * bounded reader, to judge its `$schema`.
 */

const MCP_SCHEMA = 'https://raw.githubusercontent.com/pulsemcp/air/main/schemas/mcp.schema.json';
const ROOTS_SCHEMA = 'https://pulsemcp.github.io/air/schemas/roots.schema.json';
const ENTRY = { type: 'stdio', command: 'npx', args: ['-y', 'a@1'], startup_timeout_sec: 1.5 };
const WITH_SCHEMA = JSON.stringify({ $schema: MCP_SCHEMA, x: ENTRY });
const NO_SCHEMA = JSON.stringify({ x: ENTRY });

const TREE: Record<string, string> = {
  '.kiro/team.json': WITH_SCHEMA,
  '.kiro/mcp.json': NO_SCHEMA,
  '.cursor/mcp.json': JSON.stringify({ mcpServers: { x: ENTRY } }),
  '.claude/a/b/roots.json': JSON.stringify({ $schema: ROOTS_SCHEMA, web: { description: 'Web' } }),
  '.claude/a/b/settings.json': '{"permissions": {}}',
  '.listed/servers.json': NO_SCHEMA,
  'air.json': JSON.stringify({ mcp: ['./.listed/servers.json'] }),
  '.vscode/team.json': WITH_SCHEMA,
  '.mcp.json': WITH_SCHEMA,
  '.git/team.json': WITH_SCHEMA,
  '.git/config': '[core]\n',
  'node_modules/.cache/team.json': WITH_SCHEMA,
  '.cache/team.json': WITH_SCHEMA,
  '.excluded/team.json': WITH_SCHEMA,
  '.gitignore': '.cache/\n',
  '.mcp-catalog.json': JSON.stringify({ exclude: ['.excluded/'] }),
  'plain.json': WITH_SCHEMA,
};

/** The disk as the command line walks it, recording every folder listed and file read. */
function recordingTree(dir: string): { tree: TreeReader; touched: string[]; workspace: Workspace } {
  const reader = new CachingReader(diskReader);
  const touched: string[] = [];
  const disk = diskTree(reader);
  const tree: TreeReader = {
    ...disk,
    entries: (folder) => (touched.push(folder), disk.entries(folder)),
    read: (file) => (touched.push(file), disk.read(file)),
  };
  const spied: FileReader = {
    read: (file) => (touched.push(file), reader.read(file)),
    list: (folder) => reader.list(folder),
    realPath: (file) => reader.realPath(file),
  };
  const workspace = new Workspace(spied, { workspaceRoot: dir, env: {}, containment: [dir] });
  return { tree, touched, workspace };
}

function discover(dir: string): { found: string[]; touched: string[] } {
  const { tree, touched, workspace } = recordingTree(dir);
  const found = discoverIndexFiles(dir, tree, {
    classify: (file) => workspace.classify(file),
    config: readProjectConfig(path.join(dir, '.mcp-catalog.json'), diskReader),
  });
  return {
    found: found.map((file) => path.relative(dir, file).split(path.sep).join('/')),
    touched: touched.map((file) => path.relative(dir, file).split(path.sep).join('/')),
  };
}

describe('discovery enters dot-folders for catalogs that name AIR’s schema (SPEC §1)', () => {
  it('finds the $schema and air.json-listed files under dot-folders, and nothing else there', () => {
    const dir = tempTree(TREE);
    assert.deepEqual(discover(dir).found, ['.claude/a/b/roots.json', '.kiro/team.json', '.listed/servers.json', 'air.json', 'plain.json']);
  });

  it('never lists or reads .git, an ignored or excluded dot-folder, node_modules, or a .vscode file', () => {
    const dir = tempTree(TREE);
    const { touched } = discover(dir);
    const forbidden = touched.filter((file) => /^(\.git|\.cache|\.excluded|node_modules)(\/|$)|^\.vscode\/.|^\.mcp\.json$/.test(file));
    assert.deepEqual(forbidden, []);
    assert.ok(touched.includes('.kiro/team.json'), 'the dot-folder file was read for its $schema');
  });

  it('a file over the side-file limit under a dot-folder is refused by the bounded reader, not read whole; a FIFO is not opened', function () {
    const dir = tempTree({ '.kiro/team.json': WITH_SCHEMA });
    fs.writeFileSync(path.join(dir, '.kiro/huge.json'), `{"$schema": "${MCP_SCHEMA}", "pad": "${'x'.repeat(MAX_SIDE_FILE)}"}`);
    const fifo = spawnSync('mkfifo', [path.join(dir, '.kiro/fifo.json')]);
    const { found } = discover(dir);
    assert.deepEqual(found, ['.kiro/team.json']);
    if (fifo.status !== 0) this.skip();
  });

  it('a link under a dot-folder that leaves the folder is not read', () => {
    const base = tempTree({ 'outside/team.json': WITH_SCHEMA, 'repo/.kiro/team.json': WITH_SCHEMA });
    const dir = path.join(base, 'repo');
    fs.symlinkSync(path.join(base, 'outside/team.json'), path.join(dir, '.kiro/link.json'));
    const reader = new CachingReader(diskReader);
    const workspace = new Workspace(reader, { workspaceRoot: dir, env: {}, containment: [dir] });
    const skipped: string[] = [];
    const tree = diskTree(reader, (file) => {
      const why = workspace.outside(file);
      if (why !== undefined) skipped.push(path.relative(dir, file));
      return why;
    });
    const found = discoverIndexFiles(dir, tree, { classify: (file) => workspace.classify(file) });
    assert.deepEqual(
      found.map((file) => path.relative(dir, file)),
      [path.join('.kiro', 'team.json')],
    );
    assert.deepEqual(skipped, [path.join('.kiro', 'link.json')]);
  });

  it('as a process: `mcp-catalog check .` reports the dot-folder catalog and the plain one, and stays silent on the rest', function () {
    const bin = path.join(REPO_ROOT, 'dist', 'cli.js');
    if (!fs.existsSync(bin)) this.skip();
    const dir = tempTree(TREE);
    const run = spawnSync(process.execPath, [bin, 'check', '--format', 'json', '.'], { cwd: dir, encoding: 'utf8' });
    const files = (JSON.parse(run.stdout) as { files: { path: string }[] }).files;
    assert.deepEqual(
      files.map((file) => file.path.split(path.sep).join('/')),
      ['.claude/a/b/roots.json', '.kiro/team.json', '.listed/servers.json', 'air.json', 'plain.json'],
    );
    const text = spawnSync(process.execPath, [bin, 'check', '.'], { cwd: dir, encoding: 'utf8' });
    assert.match(text.stdout, /^\.kiro\/team\.json:1:\d+: warning timeout-fractional: /m);
    assert.match(text.stdout, /^plain\.json:1:\d+: warning timeout-fractional: /m);
    assert.doesNotMatch(text.stdout, /\.cursor|\.vscode|\.git\/|\.cache|\.excluded|\.kiro\/mcp\.json/);
    assert.equal(text.status, 0, text.stderr);
  });
});
