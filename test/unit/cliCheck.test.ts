import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalog, fixture, runCli, tempTree, type CliRun } from './helpers';

/** SPEC §7: `mcp-catalog check`, run in-process through main(argv, io). */

interface JsonReport {
  files: {
    path: string;
    diagnostics: {
      code: string;
      severity: string;
      message: string;
      source?: string;
      data?: { path?: unknown[] };
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
    }[];
  }[];
}

function json(run: CliRun): JsonReport {
  return JSON.parse(run.stdout) as JsonReport;
}

/** A catalog with a warning (line 5, `601` at column 28) and an error (line 8, `"http"` at column 13), 1-based. */
const PROBLEMS = `{
  "local": {
    "type": "stdio",
    "command": "npx",
    "startup_timeout_sec": 601
  },
  "remote": {
    "type": "http",
    "url": "https://mcp.example.com/mcp"
  }
}
`;

const WARNING_ONLY = catalog({ s: { type: 'stdio', command: 'npx', startup_timeout_sec: 4 } });
const CLEAN = catalog({ s: { type: 'stdio', command: 'npx', args: ['-y', 'pkg@1.0.0'] } });

describe('mcp-catalog check (SPEC §7)', () => {
  describe('formats', () => {
    it('text: path:line:col: severity code: message, 1-based, and a summary', async () => {
      const dir = tempTree({ 'mcp.json': PROBLEMS });
      const run = await runCli(['check', '--no-process-env', 'mcp.json'], { cwd: dir });
      const lines = run.stdout.trimEnd().split('\n');
      assert.match(lines[0], /^mcp\.json:5:28: warning timeout-range: startup_timeout_sec 601 is above 600; Zimmer ignores it and uses 180 s\.$/);
      assert.match(
        lines[1],
        /^mcp\.json:8:13: error unknown-type: type "http" is not a transport, so AIR rejects the server\. Did you mean "streamable-http"\?/,
      );
      assert.equal(lines[2], '1 file checked: 1 error(s), 1 warning(s), 0 information, 0 hint(s)');
      assert.equal(lines.length, 3);
      assert.equal(run.stderr, '');
      assert.equal(run.code, 1);
    });

    it('text: keeps one line per diagnostic when a quoted name holds a line break', async () => {
      const dir = tempTree({ 'mcp.json': '{"a\\nb": {"type": "stdio", "command": "x"}, "s": {"type": "stdio", "command": "x", "comm\\u2028and": 1}}' });
      const run = await runCli(['check', '--no-process-env', 'mcp.json'], { cwd: dir });
      const lines = run.stdout.trimEnd().split(/\r\n|[\r\n\u2028\u2029]/);
      assert.equal(lines.length, 3, run.stdout);
      assert.match(lines[0], /^mcp\.json:1:2: error invalid-name: "a\\nb"/);
      assert.match(lines[1], /^mcp\.json:1:\d+: hint unknown-field: Unknown field "comm\\u2028and"/);
    });

    it('json: the SPEC shape with 0-based LSP ranges', async () => {
      const dir = tempTree({ 'mcp.json': PROBLEMS });
      const run = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json'], { cwd: dir });
      const report = json(run);
      assert.equal(report.files.length, 1);
      assert.equal(report.files[0].path, 'mcp.json');
      const [warning, error] = report.files[0].diagnostics;
      assert.deepEqual(warning.range, { start: { line: 4, character: 27 }, end: { line: 4, character: 30 } });
      assert.equal(warning.code, 'timeout-range');
      assert.equal(warning.severity, 'warning');
      assert.equal(warning.source, 'mcp-catalog');
      assert.deepEqual(warning.data?.path, ['local', 'startup_timeout_sec']);
      assert.deepEqual(error.range, { start: { line: 7, character: 12 }, end: { line: 7, character: 18 } });
      assert.equal(error.severity, 'error');
      assert.equal(typeof error.message, 'string');
      assert.equal(run.code, 1);
    });

    it('sarif: SARIF 2.1.0 with one result per diagnostic and 1-based regions', async () => {
      const dir = tempTree({ 'mcp.json': PROBLEMS });
      const run = await runCli(['check', '--format=sarif', '--no-process-env', 'mcp.json'], { cwd: dir });
      const sarif = JSON.parse(run.stdout);
      assert.equal(sarif.version, '2.1.0');
      assert.equal(sarif.runs.length, 1);
      assert.equal(sarif.runs[0].tool.driver.name, 'mcp-catalog');
      const results = sarif.runs[0].results;
      assert.deepEqual(
        results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level]),
        [
          ['timeout-range', 'warning'],
          ['unknown-type', 'error'],
        ],
      );
      const location = results[1].locations[0].physicalLocation;
      assert.equal(location.artifactLocation.uri, 'mcp.json');
      assert.deepEqual(location.region, { startLine: 8, startColumn: 13, endLine: 8, endColumn: 19 });
      const rules = sarif.runs[0].tool.driver.rules;
      assert.equal(rules[results[1].ruleIndex].id, 'unknown-type');
      assert.equal(run.code, 1);
    });

    it('github: one workflow annotation line per diagnostic', async () => {
      const dir = tempTree({ 'mcp.json': PROBLEMS });
      const run = await runCli(['check', '--format', 'github', '--no-process-env', 'mcp.json'], { cwd: dir });
      const lines = run.stdout.trimEnd().split('\n');
      assert.equal(lines.length, 2);
      assert.match(lines[0], /^::warning file=mcp\.json,line=5,col=28,endLine=5,endColumn=31,title=mcp-catalog timeout-range::/);
      assert.match(lines[1], /^::error file=mcp\.json,line=8,col=13,endLine=8,endColumn=19,title=mcp-catalog unknown-type::/);
      assert.equal(run.code, 1);
    });

    it('prints an empty report for a clean file in every format', async () => {
      const dir = tempTree({ 'mcp.json': CLEAN });
      for (const format of ['text', 'json', 'sarif', 'github']) {
        const run = await runCli(['check', '--format', format, '--no-process-env', 'mcp.json'], { cwd: dir });
        assert.equal(run.code, 0, format);
        if (format === 'json') assert.deepEqual(json(run).files[0].diagnostics, []);
        if (format === 'sarif') assert.deepEqual(JSON.parse(run.stdout).runs[0].results, []);
        if (format === 'github') assert.equal(run.stdout, '');
        if (format === 'text') assert.equal(run.stdout, '1 file checked: 0 error(s), 0 warning(s), 0 information, 0 hint(s)\n');
      }
    });
  });

  describe('exit status', () => {
    it('is 0 with warnings only, 1 with an error', async () => {
      const dir = tempTree({ 'warn-mcp.json': WARNING_ONLY, 'mcp.json': PROBLEMS });
      assert.equal((await runCli(['check', '--no-process-env', 'warn-mcp.json'], { cwd: dir })).code, 0);
      assert.equal((await runCli(['check', '--no-process-env', 'warn-mcp.json', 'mcp.json'], { cwd: dir })).code, 1);
    });

    it('follows --severity: a warning raised to error fails, an error switched off passes', async () => {
      const dir = tempTree({ 'mcp.json': WARNING_ONLY, 'bad-mcp.json': PROBLEMS });
      assert.equal((await runCli(['check', '--no-process-env', '--severity', 'timeout-range=error', 'mcp.json'], { cwd: dir })).code, 1);
      const off = await runCli(['check', '--no-process-env', '--severity', 'unknown-type=off', '--format', 'json', 'bad-mcp.json'], { cwd: dir });
      assert.equal(off.code, 0);
      assert.deepEqual(
        json(off).files[0].diagnostics.map((d) => d.code),
        ['timeout-range'],
      );
    });

    for (const argv of [
      ['check', '--bogus', 'mcp.json'],
      ['check', '-x', 'mcp.json'],
      ['check', '--format', 'xml', 'mcp.json'],
      ['check', '--severity', 'nope=error', 'mcp.json'],
      ['check', '--severity', 'timeout-range=loud', 'mcp.json'],
      ['frobnicate'],
    ]) {
      it(`is 2 for a usage error: ${argv.join(' ')}`, async () => {
        const dir = tempTree({ 'mcp.json': CLEAN });
        const run = await runCli(argv, { cwd: dir });
        assert.equal(run.code, 2);
        assert.notEqual(run.stderr, '');
        assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
      });
    }

    it('is 2 for a missing file, names it, and still reports the readable ones', async () => {
      const dir = tempTree({ 'mcp.json': PROBLEMS });
      const run = await runCli(['check', '--format', 'json', '--no-process-env', 'missing-mcp.json', 'mcp.json'], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /cannot read missing-mcp\.json/);
      assert.deepEqual(
        json(run).files.map((f) => f.path),
        ['mcp.json'],
      );
    });

    it('checks what a directory given as the PATH holds, and the current directory with no PATH', async () => {
      const dir = tempTree({ 'sub/mcp.json': CLEAN });
      const named = await runCli(['check', '--no-process-env', 'sub'], { cwd: dir });
      assert.equal(named.code, 0);
      assert.match(named.stdout, /^1 file checked: 0 error/m);
      const none = await runCli(['check', '--no-process-env'], { cwd: dir });
      assert.equal(none.code, 0);
      assert.match(none.stdout, /^1 file checked/m);
    });

    it('is 2 with a hint when a directory holds nothing to check, never a silent success', async () => {
      const dir = tempTree({ 'package.json': '{}', 'node_modules/x/mcp.json': CLEAN });
      const run = await runCli(['check'], { cwd: dir });
      assert.equal(run.code, 2);
      assert.match(run.stderr, /0 files checked: no catalog, roots index or air\.json found in the current directory/);
      assert.match(run.stderr, /Name a FILE/);
    });
  });

  describe('sources and classification', () => {
    it('checks a file §1 does not classify as a catalog, and a roots index as a roots index', async () => {
      const dir = tempTree({ 'servers.json': catalog({ s: { type: 'http', url: 'https://x.example/mcp' } }), 'roots.json': catalog({ web: {} }) });
      const run = await runCli(['check', '--format', 'json', '--no-process-env', 'servers.json', 'roots.json'], { cwd: dir });
      assert.deepEqual(
        json(run).files.map((f) => f.diagnostics.map((d) => d.code)),
        [['unknown-type'], ['missing-field']],
      );
    });

    it('uses --known, --env-file, --secrets-file and the process environment for variables', async () => {
      const text = catalog({
        s: { type: 'stdio', command: 'npx', env: { A: '${FROM_KNOWN}', B: '${FROM_ENV_FILE}', C: '${FROM_SECRETS}', D: '${FROM_PROCESS}' } },
      });
      const dir = tempTree({ 'mcp.json': text, 'ci.env': 'FROM_ENV_FILE=1\n', 'secrets.json': JSON.stringify({ FROM_SECRETS: 'x' }) });
      const all = await runCli(['check', '--format', 'json', '--known', 'FROM_KNOWN', '--env-file', 'ci.env', '--secrets-file', 'secrets.json', 'mcp.json'], {
        cwd: dir,
        env: { FROM_PROCESS: 'y' },
      });
      assert.deepEqual(json(all).files[0].diagnostics, []);
      const noProcess = await runCli(
        ['check', '--format', 'json', '--known', 'FROM_KNOWN', '--env-file', 'ci.env', '--secrets-file', 'secrets.json', '--no-process-env', 'mcp.json'],
        { cwd: dir, env: { FROM_PROCESS: 'y' } },
      );
      assert.deepEqual(
        json(noProcess).files[0].diagnostics.map((d) => d.message.match(/^(\w+) is set in no source/)?.[1]),
        ['FROM_PROCESS'],
      );
    });

    it('splits --known on commas and accepts it repeated', async () => {
      const text = catalog({ s: { type: 'stdio', command: 'npx', env: { A: '${ONE}', B: '${TWO}', C: '${THREE}' } } });
      const dir = tempTree({ 'mcp.json': text });
      const run = await runCli(['check', '--format', 'json', '--no-process-env', '--known', 'ONE,TWO', '--known=THREE', 'mcp.json'], { cwd: dir });
      assert.deepEqual(json(run).files[0].diagnostics, []);
    });

    it('lets --roots replace the sibling roots index', async () => {
      const text = catalog({ s: { type: 'stdio', command: 'npx', default_in_roots: ['explicit'] } });
      const dir = tempTree({
        'mcp.json': text,
        'roots.json': catalog({ sibling: { description: 'S.' } }),
        'other/index.json': catalog({ explicit: { description: 'E.' } }),
      });
      const sibling = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json'], { cwd: dir });
      assert.deepEqual(
        json(sibling).files[0].diagnostics.map((d) => d.code),
        ['undefined-root'],
      );
      const explicit = await runCli(['check', '--format', 'json', '--no-process-env', '--roots', 'other/index.json', 'mcp.json'], { cwd: dir });
      assert.deepEqual(json(explicit).files[0].diagnostics, []);
    });

    it('resolves related information into the roots file in json output', async () => {
      const dir = tempTree({
        'mcp.json': catalog({ s: { type: 'stdio', command: 'npx', default_in_roots: ['nope'] } }),
        'roots.json': '\n\n{"a": {"description": "A."}}',
      });
      const run = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json'], { cwd: dir });
      const [diagnostic] = json(run).files[0].diagnostics as (JsonReport['files'][0]['diagnostics'][0] & {
        related: { path: string; range: { start: { line: number } } }[];
      })[];
      assert.equal(diagnostic.related[0].path, path.join(dir, 'roots.json'));
      assert.equal(diagnostic.related[0].range.start.line, 2);
    });
  });

  describe('the corpus stays clean (SPEC §9)', () => {
    function copyFixtures(name: string): string {
      const dir = tempTree();
      for (const file of fs.readdirSync(fixture(name))) fs.copyFileSync(fixture(name, file), path.join(dir, file));
      return dir;
    }

    it('Zimmer: the catalog beside its roots index, with the three names known, has no error or warning', async () => {
      const dir = copyFixtures('zimmer');
      const run = await runCli(
        ['check', '--known', 'SLACK_BOT_TOKEN,STRAD_API_KEY,ZIMMER_PROD_API_KEY', '--no-process-env', '--format', 'json', 'mcp.json', 'roots.json'],
        { cwd: dir },
      );
      const serious = json(run).files.flatMap((f) =>
        f.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').map((d) => `${f.path}: ${d.code} ${d.message}`),
      );
      assert.deepEqual(serious, []);
      assert.equal(run.code, 0);
      assert.equal(run.stderr, '');
    });

    it('Zimmer: without the names known, only unresolved-variable warnings appear', async () => {
      const dir = copyFixtures('zimmer');
      const run = await runCli(['check', '--no-process-env', '--format', 'json', 'mcp.json'], { cwd: dir });
      const codes = new Set(json(run).files[0].diagnostics.map((d) => d.code));
      assert.deepEqual([...codes], ['unresolved-variable']);
      assert.equal(run.code, 0);
    });

    it('AIR example: the catalog with its roots index and variables known has no error or warning but legacy-root-membership', async () => {
      const dir = copyFixtures('air-example');
      const run = await runCli(
        [
          'check',
          '--known',
          'GITHUB_PERSONAL_ACCESS_TOKEN,PG_PROD_USER,PG_PROD_PASSWORD,ANALYTICS_TOKEN',
          '--no-process-env',
          '--format',
          'json',
          'mcp.json',
          'roots.json',
        ],
        { cwd: dir },
      );
      // AIR's example roots index predates 0.12: its root-side default_* arrays are ignored now (SPEC §4.4).
      const files = json(run).files;
      assert.deepEqual(
        files.map((f) => f.diagnostics.filter((d) => (d.severity === 'error' || d.severity === 'warning') && d.code !== 'legacy-root-membership')),
        [[], []],
      );
      assert.equal(files[1].diagnostics.filter((d) => d.code === 'legacy-root-membership').length, 5);
      assert.equal(run.code, 0);
    });

    it('AIR example: its variables can come from a dotenv file beside the catalog instead', async () => {
      const dir = copyFixtures('air-example');
      fs.writeFileSync(path.join(dir, '.env'), 'GITHUB_PERSONAL_ACCESS_TOKEN=t\nPG_PROD_USER=u\nPG_PROD_PASSWORD=p\nANALYTICS_TOKEN=a\n');
      const run = await runCli(['check', '--no-process-env', 'mcp.json'], { cwd: dir });
      assert.equal(run.stdout, '1 file checked: 0 error(s), 0 warning(s), 0 information, 0 hint(s)\n');
      assert.equal(run.code, 0);
    });
  });
});
