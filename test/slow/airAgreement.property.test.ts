import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { IndexKind } from '../../server/src/service/classify';
import type { Code } from '../../server/src/service/codes';
import { check, facts, readFixture, REPO_ROOT, runCli, tempTree } from '../unit/helpers';
import { random } from '../support/seededRandom';
import { catalogText, Rng, rootsText } from '../unit/airAgreement/generator';

/**
 * The checker agrees with `air validate` (SPEC §2, §3, §5): over thousands of seeded catalogs and
 * roots indexes — valid, and broken at the JSON and the schema level — `mcp-catalog check`
 * reports an error-severity structural diagnostic exactly when JSON.parse + ajv (allErrors,
 * strict: false, ajv-formats) with AIR's published schema rejects the file, apart from SPEC's
 * deliberate differences:
 * - a `${` inside a URI is a warning here (AIR's `format: uri` fails on it; it is interpolated at run time);
 * - `default_in_roots`'s type is checked here (AIR's schema does not declare it);
 * - the cross-file, placeholder and top-level duplicate-key errors are not structural (JSON.parse
 *   accepts a repeated key; AIR's schema knows nothing of other files or placeholders).
 * Most cases run the engine in-process; a sample runs through the CLI in-process and through the
 * bundled `node dist/cli.js` as a process.
 */

const STRUCTURAL: ReadonlySet<Code> = new Set<Code>([
  'json-syntax',
  'json-comment',
  'json-trailing-comma',
  'json-bom',
  'not-an-object',
  'invalid-name',
  'unknown-type',
  'missing-field',
  'forbidden-field',
  'invalid-value',
]);

function airValidator(file: string): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFixture('air-schemas', file)) as object);
}

const VALIDATE: Record<'catalog' | 'roots', ValidateFunction> = { catalog: airValidator('air-mcp.schema.json'), roots: airValidator('air-roots.schema.json') };

/** The value at an ajv instance path. */
function at(value: unknown, pointer: string): unknown {
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** What AIR decides, with SPEC's deliberate differences applied; the reason, for failure messages. */
function airVerdict(text: string, kind: 'catalog' | 'roots'): { rejects: boolean; why: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { rejects: true, why: `JSON.parse: ${String(error)}` };
  }
  const validate = VALIDATE[kind];
  validate(value);
  const errors = (validate.errors ?? []).filter((error: ErrorObject) => {
    if (error.keyword === 'if') return false; // restates the failing `then`
    const instance = at(value, error.instancePath);
    return !(error.keyword === 'format' && typeof instance === 'string' && instance.includes('${'));
  });
  if (errors.length > 0) return { rejects: true, why: errors.map((e) => `${e.instancePath} ${e.message}`).join('; ') };
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
      const roots = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>).default_in_roots : undefined;
      if (roots !== undefined && !(Array.isArray(roots) && roots.every((item) => typeof item === 'string')))
        return { rejects: true, why: `${name}: default_in_roots is not an array of strings` };
    }
  }
  return { rejects: false, why: 'AIR accepts it' };
}

function structuralErrors(findings: readonly { code: Code; severity: string }[]): boolean {
  return findings.some((finding) => finding.severity === 'error' && STRUCTURAL.has(finding.code));
}

function cases(kind: 'catalog' | 'roots', seed: number, count: number): string[] {
  const g = new Rng(random(seed));
  return Array.from({ length: count }, () => (kind === 'catalog' ? catalogText(g) : rootsText(g)));
}

function disagreements(kind: IndexKind & ('catalog' | 'roots'), texts: readonly string[], verdictOf: (text: string, index: number) => boolean): string[] {
  const out: string[] = [];
  texts.forEach((text, index) => {
    const air = airVerdict(text, kind);
    const ours = verdictOf(text, index);
    if (ours !== air.rejects) out.push(`${ours ? 'we reject, AIR accepts' : `AIR rejects (${air.why}), we accept`}: ${JSON.stringify(text).slice(0, 400)}`);
  });
  return out;
}

for (const [kind, seed, count] of [
  ['catalog', 20261201, 2400],
  ['roots', 20261202, 1200],
] as const) {
  describe(`AIR agreement property: ${kind === 'catalog' ? 'catalogs' : 'roots indexes'} (seeded, ${count} cases)`, () => {
    const texts = cases(kind, seed, count);

    it('generates a mix: valid files, schema-level breaks and JSON-level breaks', () => {
      const verdicts = texts.map((text) => airVerdict(text, kind));
      const json = verdicts.filter((v) => v.why.startsWith('JSON.parse')).length;
      const schema = verdicts.filter((v) => v.rejects && !v.why.startsWith('JSON.parse')).length;
      const valid = verdicts.filter((v) => !v.rejects).length;
      assert.ok(json > count * 0.05 && schema > count * 0.15 && valid > count * 0.2, `json ${json}, schema ${schema}, valid ${valid}`);
    });

    it('the engine reports a structural error exactly when AIR rejects the file', function () {
      this.timeout(120_000); // a guard against a hang, not a speed assertion
      const wrong = disagreements(kind, texts, (text) => structuralErrors(check(text, kind, facts())));
      assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} disagreements`);
    });

    it('mcp-catalog check (in-process, and node dist/cli.js as a process) gives the same verdicts on a sample', async function () {
      this.timeout(120_000);
      const sample = texts.filter((_, index) => index % 12 === 0);
      const name = (index: number): string => `case-${String(index).padStart(4, '0')}-${kind === 'catalog' ? 'mcp' : 'roots'}.json`;
      const dir = tempTree(Object.fromEntries(sample.map((text, index) => [name(index), text])));
      const files = sample.map((_, index) => name(index));
      const verdicts = (stdout: string): Map<string, boolean> => {
        const report = JSON.parse(stdout) as { files: { path: string; diagnostics: { code: Code; severity: string }[] }[] };
        return new Map(report.files.map((file) => [file.path, structuralErrors(file.diagnostics)]));
      };
      const inProcess = verdicts((await runCli(['check', '--format', 'json', '--no-process-env', ...files], { cwd: dir })).stdout);
      assert.deepEqual(disagreements(kind, sample, (_, index) => inProcess.get(files[index])!).slice(0, 5), []);

      const bin = path.join(REPO_ROOT, 'dist', 'cli.js');
      if (!fs.existsSync(bin)) this.skip();
      const run = spawnSync(process.execPath, [bin, 'check', '--format', 'json', '--no-process-env', ...files], {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      assert.ok(run.status === 0 || run.status === 1, run.stderr);
      const spawned = verdicts(run.stdout);
      assert.deepEqual(disagreements(kind, sample, (_, index) => spawned.get(files[index])!).slice(0, 5), []);
    });
  });
}
