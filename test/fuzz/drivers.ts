import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../server/src/cli/main';
import { checkDocument } from '../../server/src/service/engine';
import { parseJson } from '../../server/src/service/parse';
import { reportFindings } from '../../server/src/node/report';
import type { FileReader } from '../../server/src/node/files';
import type { IndexKind } from '../../server/src/service/classify';
import type { ResolvedFinding } from '../../server/src/service/findings';
import { checkEngineFindings, checkReported, describeError, jsonParseRejects, LineTable, SLOW_LIMIT_SIZE, SLOW_MS, type Failure } from './oracle';
import { performance } from 'node:perf_hooks';
import { ownCpuMs } from './cpu';
import type { Rng } from './rng';
import { FACTS_VARIANTS, KNOWN_NAMES, type DiskWorld, type EngineWorld, type FactsVariant } from './workspace';

/**
 * The in-process drivers: the engine (both kinds, with facts) and the command line through
 * `main()`. Also the output checks shared with the real-process CLI driver.
 */

export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** What a case does besides its text; drawn from the case's generator so shrinking can replay it. */
export interface CasePlan {
  facts: FactsVariant;
  /** Which file the CLI (and the server) sees the text as. */
  cliKind: 'catalog' | 'roots';
  format: CheckFormat;
}

export function planCase(rng: Rng): CasePlan {
  return { facts: rng.pick(FACTS_VARIANTS), cliKind: rng.chance(0.7) ? 'catalog' : 'roots', format: rng.pick(CHECK_FORMATS) };
}

const inMemoryReader = (texts: ReadonlyMap<string, string>): FileReader => ({
  read: (p) => texts.get(p),
  list: () => undefined,
  realPath: (p) => ({ real: p }),
});

/**
 * Milliseconds a check took: wall time, which is cheap to read, and only when that is over the
 * limit the CPU time of a second run (see cpu.ts; reading it is a system call, and wall time on a
 * loaded machine is no evidence of slowness).
 */
function measure(run: () => void): number {
  const wallStart = performance.now();
  run();
  const wall = performance.now() - wallStart;
  if (wall <= SLOW_MS) return wall;
  const cpuStart = ownCpuMs();
  run();
  return ownCpuMs() - cpuStart;
}

async function measureAsync(run: () => Promise<void>): Promise<number> {
  const wallStart = performance.now();
  await run();
  const wall = performance.now() - wallStart;
  if (wall <= SLOW_MS) return wall;
  const cpuStart = ownCpuMs();
  await run();
  return ownCpuMs() - cpuStart;
}

/**
 * Engine, every kind (catalog, roots index, air.json); `timings` receives the milliseconds of each kind (see `measure`), `results`
 * the findings of each kind.
 */
export function runEngine(
  text: string,
  plan: CasePlan,
  world: EngineWorld,
  timings?: number[],
  results?: Map<IndexKind, readonly ResolvedFinding[]>,
): Failure[] {
  const failures: Failure[] = [];
  let parsed: ReturnType<typeof parseJson> | undefined;
  let parseMs: number;
  try {
    parseMs = measure(() => {
      parsed = parseJson(text);
    });
  } catch (error) {
    return [{ driver: 'engine', kind: 'exception', key: 'parse', detail: describeError(error) }];
  }
  const jsonRejects = jsonParseRejects(text);
  const lines = new LineTable(text);
  // The air.json checker reads the same parse: cheap to include, though the fuzzer aims at indexes.
  for (const kind of ['catalog', 'roots', 'air'] as const) {
    let ruleErrors: string[] = [];
    try {
      const facts = world.factsFor(kind, plan.facts);
      let result: ReturnType<typeof checkDocument> | undefined;
      // Reuse the one parse for both kinds (the server does the same per version).
      const elapsed =
        measure(() => {
          ruleErrors = [];
          result = checkDocument(text, kind, facts, { parsed, onRuleError: (rule, error) => ruleErrors.push(`${rule}: ${describeError(error)}`) });
        }) + parseMs;
      timings?.push(elapsed);
      results?.set(kind, result!.findings);
      if (elapsed > SLOW_MS && text.length < SLOW_LIMIT_SIZE) {
        failures.push({
          driver: 'engine',
          kind: 'slow',
          key: kind,
          detail: `checking ${text.length} UTF-16 units as a ${kind} took ${Math.round(elapsed)} ms of CPU (limit ${SLOW_MS} ms under ${SLOW_LIMIT_SIZE} bytes)`,
        });
      }
      for (const ruleError of ruleErrors)
        failures.push({ driver: 'engine', kind: 'rule-error', key: ruleError.split(':')[0], detail: `as a ${kind}: rule ${ruleError}` });
      failures.push(
        ...checkEngineFindings(text, result!.parsed, result!.findings, world.otherTexts, jsonRejects).map((f) => ({
          ...f,
          detail: `as a ${kind}: ${f.detail}`,
        })),
      );
      // The report layer (LSP ranges) must turn every finding into a valid range.
      const reported = reportFindings(text, result!.findings, inMemoryReader(world.otherTexts));
      failures.push(
        ...checkReported('engine', text, reported, { severities: ['error', 'warning', 'information', 'hint'], lines }).map((f) => ({
          ...f,
          detail: `as a ${kind}, reported: ${f.detail}`,
        })),
      );
      const tables = new Map<string | undefined, LineTable | undefined>([[undefined, lines]]);
      const tableFor = (relatedPath: string | undefined): LineTable | undefined => {
        if (!tables.has(relatedPath)) {
          const relatedText = relatedPath === undefined ? text : world.otherTexts.get(relatedPath);
          tables.set(relatedPath, relatedText === undefined ? undefined : new LineTable(relatedText));
        }
        return tables.get(relatedPath);
      };
      for (const finding of reported) {
        for (const related of finding.related) {
          const problem = tableFor(related.path)?.rangeProblem(related.range);
          if (problem)
            failures.push({
              driver: 'engine',
              kind: 'range',
              key: `${finding.code}-related`,
              detail: `as a ${kind}: related range of ${finding.code}: ${problem}`,
            });
        }
      }
    } catch (error) {
      failures.push({ driver: 'engine', kind: 'exception', key: kind, detail: `as a ${kind}: ${describeError(error)}` });
    }
  }
  return failures;
}

export interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** The text as the CLI reads it back (UTF-8 turns lone surrogates into U+FFFD). */
export function asWrittenToDisk(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

export function cliArgs(format: CheckFormat, file: string): string[] {
  return ['check', '--format', format, '--known', KNOWN_NAMES.join(','), '--no-process-env', file];
}

/** `mcp-catalog check` in-process, on the text written into the disk world. */
export async function runCliInProcess(text: string, plan: CasePlan, world: DiskWorld, timings?: number[]): Promise<Failure[]> {
  const file = world.fileFor(plan.cliKind);
  fs.writeFileSync(file, text);
  const stdout: string[] = [];
  const stderr: string[] = [];
  let code = -1;
  let elapsed: number;
  try {
    elapsed = await measureAsync(async () => {
      stdout.length = 0;
      stderr.length = 0;
      code = await main(cliArgs(plan.format, path.basename(file)), {
        cwd: path.dirname(file),
        env: {},
        version: '0.0.0-fuzz',
        stdout: (chunk) => stdout.push(chunk),
        stderr: (chunk) => stderr.push(chunk),
      });
    });
  } catch (error) {
    return [{ driver: 'cli', kind: 'exception', key: plan.format, detail: `main() threw: ${describeError(error)}` }];
  }
  timings?.push(elapsed);
  const failures = checkCliOutput('cli', asWrittenToDisk(text), path.basename(file), plan.format, { code, stdout: stdout.join(''), stderr: stderr.join('') });
  if (elapsed > SLOW_MS && text.length < SLOW_LIMIT_SIZE) {
    failures.push({
      driver: 'cli',
      kind: 'slow',
      key: plan.format,
      detail: `check --format ${plan.format} on ${text.length} UTF-16 units took ${Math.round(elapsed)} ms of CPU`,
    });
  }
  return failures;
}

const TEXT_LINE = /^(.*):(\d+):(\d+): (error|warning|information|hint) ([a-z-]+): /;
const SUMMARY_LINE = /^1 file checked: (\d+) error\(s\), (\d+) warning\(s\), (\d+) information, (\d+) hint\(s\)$/;

/** Exit status, stderr and the shape of each format's output (SPEC §7). */
export function checkCliOutput(driver: 'cli' | 'process', text: string, fileName: string, format: CheckFormat, output: CliOutput): Failure[] {
  const failures: Failure[] = [];
  const fail = (kind: Failure['kind'], detail: string, key: string = format): void => {
    failures.push({ driver, kind, key, detail: `--format ${format}: ${detail}` });
  };
  if (output.code !== 0 && output.code !== 1) fail('exit', `exit status ${output.code} on a readable file; stderr: ${output.stderr.slice(0, 500)}`);
  if (output.stderr.length > 0) fail('output', `unexpected stderr: ${output.stderr.slice(0, 500)}`, `${format}-stderr`);
  const lines = new LineTable(text);
  let errors: number | undefined;
  try {
    switch (format) {
      case 'json': {
        const report = JSON.parse(output.stdout) as {
          files: { path: string; diagnostics: { code: string; severity: string; range: unknown; data?: unknown; source?: string; message: string }[] }[];
        };
        if (report.files.length !== 1 || report.files[0].path !== fileName) fail('output', `files: ${JSON.stringify(report.files.map((f) => f.path))}`);
        const diagnostics = report.files[0]?.diagnostics ?? [];
        failures.push(...checkReported(driver, text, diagnostics, { severities: ['error', 'warning', 'information', 'hint'], source: 'mcp-catalog', lines }));
        errors = diagnostics.filter((d) => d.severity === 'error').length;
        break;
      }
      case 'sarif': {
        const sarif = JSON.parse(output.stdout) as {
          version: string;
          runs: {
            results: {
              ruleId: string;
              level: string;
              locations: { physicalLocation: { region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }[];
            }[];
          }[];
        };
        if (sarif.version !== '2.1.0') fail('output', `SARIF version ${sarif.version}`);
        const results = sarif.runs[0].results;
        const diagnostics = results.map((r) => {
          const region = r.locations[0].physicalLocation.region;
          return {
            code: r.ruleId,
            severity: r.level,
            message: 'sarif',
            range: {
              start: { line: region.startLine - 1, character: region.startColumn - 1 },
              end: { line: region.endLine - 1, character: region.endColumn - 1 },
            },
            data: { path: [] },
          };
        });
        failures.push(...checkReported(driver, text, diagnostics, { severities: ['error', 'warning', 'note'], lines }));
        errors = results.filter((r) => r.level === 'error').length;
        break;
      }
      case 'text': {
        const outLines = output.stdout.split('\n');
        if (outLines.pop() !== '') fail('output', 'output does not end with a newline');
        const summary = SUMMARY_LINE.exec(outLines.pop() ?? '');
        if (!summary) fail('output', `no summary line at the end: ${JSON.stringify(output.stdout.slice(-200))}`);
        const diagnostics: { code: string; severity: string; message: string; range: unknown; data: unknown }[] = [];
        for (const line of outLines) {
          const match = TEXT_LINE.exec(line);
          if (!match || match[1] !== fileName) {
            fail('output', `a line that is not \`path:line:col: severity code: message\`: ${JSON.stringify(line.slice(0, 200))}`, 'text-line');
            continue;
          }
          const position = { line: Number(match[2]) - 1, character: Number(match[3]) - 1 };
          diagnostics.push({ code: match[5], severity: match[4], message: line, range: { start: position, end: position }, data: { path: [] } });
        }
        failures.push(...checkReported(driver, text, diagnostics, { severities: ['error', 'warning', 'information', 'hint'], lines }));
        errors = summary ? Number(summary[1]) : undefined;
        break;
      }
      case 'github': {
        const outLines = output.stdout.split('\n');
        if (outLines.pop() !== '') {
          if (output.stdout.length > 0) fail('output', 'output does not end with a newline');
        }
        let count = 0;
        for (const line of outLines) {
          const match = /^::(error|warning|notice) file=([^,]*),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=mcp-catalog ([a-z-]+)::/.exec(line);
          if (!match) {
            fail('output', `not a workflow command: ${JSON.stringify(line.slice(0, 200))}`, 'github-line');
            continue;
          }
          if (match[1] === 'error') count++;
          const range = {
            start: { line: Number(match[3]) - 1, character: Number(match[4]) - 1 },
            end: { line: Number(match[5]) - 1, character: Number(match[6]) - 1 },
          };
          failures.push(
            ...checkReported(driver, text, [{ code: match[7], severity: match[1], message: line, range, data: { path: [] } }], {
              severities: ['error', 'warning', 'notice'],
              lines,
            }),
          );
        }
        errors = count;
        break;
      }
    }
  } catch (error) {
    fail('output', `unparseable output: ${describeError(error)}; stdout starts ${JSON.stringify(output.stdout.slice(0, 200))}`);
  }
  if (errors !== undefined && (output.code === 0 || output.code === 1) && errors > 0 !== (output.code === 1)) {
    fail('exit', `exit status ${output.code} with ${errors} error diagnostic(s)`, `${format}-status`);
  }
  return failures;
}

/** Engine and in-process CLI for one case (what the workers and the unit slice run). */
export async function runInProcess(
  text: string,
  plan: CasePlan,
  engine: EngineWorld,
  disk: DiskWorld,
  drivers: { engine: boolean; cli: boolean } = { engine: true, cli: true },
): Promise<Failure[]> {
  const failures: Failure[] = [];
  if (drivers.engine) failures.push(...runEngine(text, plan, engine));
  if (drivers.cli) failures.push(...(await runCliInProcess(text, plan, disk)));
  return failures;
}
