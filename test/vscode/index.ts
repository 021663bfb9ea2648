/**
 * The extension-host test entry point: exports `run()` exactly as @vscode/test-electron expects,
 * so the same compiled suite runs inside the VS Code server's extension host (our harness,
 * test/harness/runExtensionTests.ts) and inside a downloaded desktop VS Code (`npm run test:electron`).
 *
 * Environment (read inside the extension host, inherited from the VS Code server):
 *   MCP_CATALOG_VSCODE_RESULTS  file to write the JSON summary to (the harness reads it)
 *   MCP_CATALOG_VSCODE_GREP     only run tests whose full title matches this pattern
 *   MCP_CATALOG_VSCODE_LOG_PREFIX  prefix for every line the reporter prints, so a runner that
 *                               sees all of the workbench's log can pick out the suite's lines
 */
import { readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

/**
 * Mocha's reporters print through Base.consoleLog with printf-style arguments; the workbench's
 * log forwarding would show them unformatted ("%s"), so format first and print one string.
 */
function installLinePrinter(): (line: string) => void {
  const prefix = process.env.MCP_CATALOG_VSCODE_LOG_PREFIX ?? '';
  const print = (line: string): void =>
    console.log(
      line
        .split('\n')
        .map((part) => `${prefix}${part}`)
        .join('\n'),
    );
  (Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void }).consoleLog = (...args: unknown[]) => print(format(...args));
  return print;
}

interface Summary {
  passed: number;
  failed: number;
  pending: number;
  failures: { title: string; error: string }[];
}

/** Suite files under suites/, activation first (it must see the extension before anything opens a catalog). */
function suiteFiles(): string[] {
  const dir = path.join(__dirname, 'suites');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .map((file) => path.join(dir, file))
    .sort();
  const first = files.filter((file) => path.basename(file).startsWith('activation'));
  return [...first, ...files.filter((file) => !first.includes(file))];
}

export function run(): Promise<void> {
  const print = installLinePrinter();
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, slow: 5_000, reporter: 'spec' });
  const grep = process.env.MCP_CATALOG_VSCODE_GREP;
  if (grep) mocha.grep(new RegExp(grep));
  for (const file of suiteFiles()) mocha.addFile(file);

  const summary: Summary = { passed: 0, failed: 0, pending: 0, failures: [] };
  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        // One parseable line for any runner that only sees the output, and a file for ours.
        print(`MCP-CATALOG-MOCHA passed=${summary.passed} failed=${summary.failed} pending=${summary.pending}`);
        const resultsFile = process.env.MCP_CATALOG_VSCODE_RESULTS;
        if (resultsFile) writeFileSync(resultsFile, JSON.stringify(summary, null, 2));
        if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
        else resolve();
      });
      runner.on('pass', () => summary.passed++);
      runner.on('pending', () => summary.pending++);
      runner.on('fail', (test, error: unknown) => {
        summary.failed++;
        summary.failures.push({ title: test.fullTitle(), error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) });
      });
    } catch (error) {
      reject(error);
    }
  });
}
