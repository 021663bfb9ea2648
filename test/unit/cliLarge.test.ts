import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_MAX_FILE_SIZE } from '../../server/src/service/engine';
import { runCli, tempTree, type CliRun } from './helpers';

/**
 * `mcp-catalog check` on a catalog over the engine's size limit (20 MB) reports the
 * engine's one information finding ("… over the 20 MB limit …, so it was not checked.") instead
 * of "cannot read" and exit 2; information alone exits 0 (SPEC §7). A file far over the limit is
 * not read at all. Side files (roots indexes, env files) keep their 20 MB cap.
 */

const MEGABYTE = 1024 * 1024;
// The command line cannot change the limit, so it names no setting (SPEC §5: flags, never settings).
const TOO_LARGE = /^This file is (\d+\.\d) MB, over the 20 MB limit, so it was not checked\.$/;

interface JsonReport {
  files: {
    path: string;
    diagnostics: {
      code: string;
      severity: string;
      message: string;
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
    }[];
  }[];
}

/** A valid catalog of exactly `bytes` bytes (ASCII), padded by a long description. */
function catalogOfSize(bytes: number, description = 'x'): string {
  const head = '{"s": {"type": "stdio", "command": "npx", "description": "';
  const tail = '"}}\n';
  const text = `${head}${description.repeat(Math.floor((bytes - head.length - tail.length) / Buffer.byteLength(description)))}${tail}`;
  return text;
}

function json(run: CliRun): JsonReport {
  return JSON.parse(run.stdout) as JsonReport;
}

describe('mcp-catalog check on a catalog over the size limit', function () {
  this.timeout(60_000);

  let dir: string;
  before(() => {
    assert.equal(DEFAULT_MAX_FILE_SIZE, 20 * MEGABYTE);
    dir = tempTree({ 'small-mcp.json': '{"s": {"type": "http", "url": "https://x.example/mcp"}}\n' });
    fs.writeFileSync(path.join(dir, 'big-mcp.json'), catalogOfSize(21 * MEGABYTE));
    // Far over the limit: a sparse file (no disk used) that the command must not read.
    fs.writeFileSync(path.join(dir, 'huge-mcp.json'), '');
    fs.truncateSync(path.join(dir, 'huge-mcp.json'), 200 * MEGABYTE);
  });

  it('text: one information finding naming the limit, and exit 0', async () => {
    const run = await runCli(['check', '--no-process-env', 'big-mcp.json'], { cwd: dir });
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, run.stdout.slice(0, 500));
    const match = /^big-mcp\.json:1:1: information json-syntax: (.*)$/.exec(lines[0]);
    assert.ok(match, lines[0]);
    assert.match(match[1], TOO_LARGE);
    assert.equal(TOO_LARGE.exec(match[1])![1], '21.0');
    assert.equal(lines[1], '1 file checked: 0 error(s), 0 warning(s), 1 information, 0 hint(s)');
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });

  it('json: the same finding at 0:0', async () => {
    const run = await runCli(['check', '--format', 'json', '--no-process-env', 'big-mcp.json'], { cwd: dir });
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
    const [file] = json(run).files;
    assert.equal(file.path, 'big-mcp.json');
    assert.equal(file.diagnostics.length, 1);
    const [finding] = file.diagnostics;
    assert.deepEqual([finding.code, finding.severity], ['json-syntax', 'information']);
    assert.match(finding.message, TOO_LARGE);
    assert.deepEqual(finding.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });

  it('a file far over the limit gets the same finding without being read, in every format', async () => {
    const text = await runCli(['check', '--no-process-env', 'huge-mcp.json'], { cwd: dir });
    assert.equal(text.code, 0);
    assert.equal(text.stderr, '');
    assert.match(text.stdout, /^huge-mcp\.json:1:1: information json-syntax: This file is 200\.0 MB, over the 20 MB limit/);
    const asJson = await runCli(['check', '--format', 'json', '--no-process-env', 'huge-mcp.json'], { cwd: dir });
    assert.equal(asJson.code, 0);
    const [finding] = json(asJson).files[0].diagnostics;
    assert.deepEqual([finding.code, finding.severity], ['json-syntax', 'information']);
    assert.match(finding.message, TOO_LARGE);
    for (const format of ['sarif', 'github']) {
      const run = await runCli(['check', '--format', format, '--no-process-env', 'huge-mcp.json'], { cwd: dir });
      assert.equal(run.code, 0, format);
      assert.match(run.stdout, /over the 20 MB limit/, format);
    }
  });

  it('exit status follows the other files: 1 when another file has an error', async () => {
    const run = await runCli(['check', '--format', 'json', '--no-process-env', 'big-mcp.json', 'small-mcp.json'], { cwd: dir });
    assert.equal(run.code, 1);
    assert.deepEqual(
      json(run).files.map((f) => [f.path, f.diagnostics.map((d) => d.code)]),
      [
        ['big-mcp.json', ['json-syntax']],
        ['small-mcp.json', ['unknown-type']],
      ],
    );
  });

  it('the limit counts UTF-16 units as the editor does: 21 MB of two-byte characters is checked in full', async () => {
    const local = tempTree();
    const text = catalogOfSize(21 * MEGABYTE, 'é');
    assert.ok(text.length < DEFAULT_MAX_FILE_SIZE && Buffer.byteLength(text) > DEFAULT_MAX_FILE_SIZE);
    fs.writeFileSync(path.join(local, 'mcp.json'), text);
    const run = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json'], { cwd: local });
    const codes = json(run).files[0].diagnostics.map((d) => d.code);
    assert.ok(!codes.includes('json-syntax'), codes.join());
    assert.ok(codes.includes('invalid-value'), `the description is over its length limit; got ${codes.join()}`);
  });

  it('readiness still refuses a file over the limit, and says why', async () => {
    const run = await runCli(['readiness', '--no-process-env', 'big-mcp.json'], { cwd: dir });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /cannot read big-mcp\.json: it is 21\.0 MB, over the 20 MB limit/);
  });

  it('side files keep their 20 MB cap: a roots index over it is not read', async () => {
    const local = tempTree({ 'mcp.json': '{"s": {"type": "stdio", "command": "npx", "default_in_roots": ["web"]}}\n' });
    const roots = `{"web": {"description": "${'x'.repeat(21 * MEGABYTE)}"}}\n`;
    fs.writeFileSync(path.join(local, 'roots.json'), roots);
    const small = tempTree({
      'mcp.json': '{"s": {"type": "stdio", "command": "npx", "default_in_roots": ["web"]}}\n',
      'roots.json': '{"web": {"description": "d"}}\n',
    });
    const capped = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json'], { cwd: local });
    const read = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json'], { cwd: small });
    assert.deepEqual(
      json(read).files[0].diagnostics.map((d) => d.code),
      [],
      'the small roots index defines "web"',
    );
    const [notRead] = json(capped).files[0].diagnostics;
    assert.equal(notRead?.code, 'roots-not-found', 'the 21 MB roots index was not read');
    assert.match(notRead.message, /could not be read/);
  });
});
