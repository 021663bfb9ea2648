import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { IndexKind } from '../../server/src/service/classify';
import { nodeValue, parseJson } from '../../server/src/service/parse';
import { hooksSchema, mcpSchema, pluginsSchema, referencesSchema, rootsSchema, skillsSchema, validateEntryValue } from '../../server/src/service/schema';
import { random } from '../support/seededRandom';
import { catalogText, Rng, rootsText } from './airAgreement/generator';
import { FIXTURES, REPO_ROOT } from './helpers';

/**
 * The entry validators are ajv's standalone code generated at build time
 * (scripts/generate-validators.mjs → server/src/service/generated/entryValidators.ts). They must
 * give exactly what compiling the schemas with ajv at run time gave — the same verdict and the
 * same error objects, which rules/structure.ts turns into diagnostics — and the committed file
 * must be what a fresh generation writes, so a schema change cannot leave it stale.
 */

/** The run-time compile the engine did before the validators were generated: the reference. */
function runTimeValidators(): Record<Exclude<IndexKind, 'air'>, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, unicodeRegExp: true, validateSchema: false });
  ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'defaultSnippets', 'deprecationMessage']);
  addFormats(ajv, ['uri', 'email']);
  ajv.addSchema(mcpSchema, 'mcp');
  ajv.addSchema(rootsSchema, 'roots');
  ajv.addSchema(skillsSchema, 'skills');
  ajv.addSchema(hooksSchema, 'hooks');
  ajv.addSchema(pluginsSchema, 'plugins');
  ajv.addSchema(referencesSchema, 'references');
  return {
    catalog: ajv.compile({ $ref: 'mcp#/$defs/ServerConfiguration' }),
    roots: ajv.compile({ $ref: 'roots#/$defs/Root' }),
    skills: ajv.compile({ $ref: 'skills#/$defs/Skill' }),
    hooks: ajv.compile({ $ref: 'hooks#/$defs/Hook' }),
    plugins: ajv.compile({ $ref: 'plugins#/$defs/Plugin' }),
    references: ajv.compile({ $ref: 'references#/$defs/Reference' }),
  };
}

const REFERENCE = runTimeValidators();

/** Each value checked against every entry schema: what differs, and how many were accepted and rejected. */
function compare(values: readonly unknown[]): { differences: string[]; accepted: number; rejected: number } {
  const differences: string[] = [];
  let accepted = 0;
  let rejected = 0;
  for (const value of values) {
    for (const kind of Object.keys(REFERENCE) as (keyof typeof REFERENCE)[]) {
      const validate = REFERENCE[kind];
      const expectedValid = validate(value);
      const expectedErrors = expectedValid ? [] : [...(validate.errors ?? [])];
      if (expectedValid) accepted++;
      else rejected++;
      const errors = validateEntryValue(kind, value);
      try {
        assert.deepStrictEqual(errors, expectedErrors);
      } catch (error) {
        differences.push(`${kind} ${JSON.stringify(value)?.slice(0, 300)}: ${error instanceof Error ? error.message.slice(0, 600) : String(error)}`);
      }
    }
  }
  return { differences, accepted, rejected };
}

/** The top-level value and, when it is an object, every entry value. */
/**
 * A tolerant read of a file that may not be strict JSON (comments, trailing commas), with our own
 * parser: its walks are iterative, and a fuzz reproducer nests 5,000 levels deep (jsonc-parser's
 * recursive parse overflowed the stack on it in one CI run).
 */
function tolerantValue(text: string): unknown {
  return nodeValue(parseJson(text).root);
}

function entriesOf(value: unknown): unknown[] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? [value, ...Object.values(value)] : [value];
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

describe('validators compiled at build time (scripts/generate-validators.mjs)', () => {
  it('the committed generated module is what a fresh generation writes', function () {
    this.timeout(60_000);
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'generate-validators.mjs'), '--stdout'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const committed = fs.readFileSync(path.join(REPO_ROOT, 'server', 'src', 'service', 'generated', 'entryValidators.ts'), 'utf8');
    assert.ok(
      committed.replace(/\r\n/g, '\n') === run.stdout,
      'server/src/service/generated/entryValidators.ts is stale: run `node scripts/generate-validators.mjs`',
    );
  });

  it('`--check` fails, with the command to run, when the generated module differs from the schemas', function () {
    this.timeout(60_000);
    // Inside the repository (test/.tmp is ignored), so the copied script finds ajv in node_modules.
    fs.mkdirSync(path.join(REPO_ROOT, 'test', '.tmp'), { recursive: true });
    const copy = fs.mkdtempSync(path.join(REPO_ROOT, 'test', '.tmp', 'validators-'));
    try {
      for (const dir of ['scripts', 'schemas', 'server/src/service/generated']) fs.mkdirSync(path.join(copy, dir), { recursive: true });
      for (const file of [
        'scripts/generate-validators.mjs',
        ...fs
          .readdirSync(path.join(REPO_ROOT, 'schemas'))
          .filter((name) => name.endsWith('.schema.json'))
          .map((name) => `schemas/${name}`),
        'server/src/service/generated/entryValidators.ts',
      ])
        fs.copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
      const check = (): ReturnType<typeof spawnSync> =>
        spawnSync(process.execPath, [path.join(copy, 'scripts', 'generate-validators.mjs'), '--check'], { encoding: 'utf8', cwd: REPO_ROOT });
      assert.equal(check().status, 0, String(check().stderr));
      const schemaFile = path.join(copy, 'schemas', 'roots.schema.json');
      fs.writeFileSync(schemaFile, fs.readFileSync(schemaFile, 'utf8').replace('"maxLength": 500', '"maxLength": 400'));
      const stale = check();
      assert.equal(stale.status, 1);
      assert.match(String(stale.stderr), /entryValidators\.ts is out of date with schemas\/: run `node scripts\/generate-validators\.mjs`/);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it("gives ajv's run-time verdicts and errors on every entry of the AIR-agreement property catalogs and roots indexes", function () {
    this.timeout(120_000);
    const values: unknown[] = [];
    for (const [make, seed, count] of [
      [catalogText, 20261201, 2400],
      [rootsText, 20261202, 1200],
    ] as const) {
      const g = new Rng(random(seed));
      for (let i = 0; i < count; i++) {
        const text = make(g);
        try {
          values.push(...entriesOf(JSON.parse(text)));
        } catch {
          values.push(...entriesOf(tolerantValue(text)));
        }
      }
    }
    const { differences, accepted, rejected } = compare(values);
    assert.deepEqual(differences.slice(0, 3), [], `${differences.length} differences`);
    assert.ok(accepted > 1000 && rejected > 1000, `accepted ${accepted}, rejected ${rejected}: the cases must include both`);
  });

  it("gives ajv's run-time verdicts and errors on every entry of every fixture file", () => {
    const values: unknown[] = [];
    for (const file of filesUnder(FIXTURES)) {
      const text = fs.readFileSync(file, 'utf8');
      if (!/^\s*[[{]/.test(text.replace(/^\uFEFF/, ''))) continue;
      values.push(...entriesOf(tolerantValue(text.replace(/^\uFEFF/, ''))));
    }
    const { differences, accepted, rejected } = compare(values);
    assert.deepEqual(differences.slice(0, 3), [], `${differences.length} differences`);
    assert.ok(accepted > 50 && rejected > 50, `accepted ${accepted}, rejected ${rejected}`);
  });
});
