import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';

/**
 * Planted secrets for the secrets-everywhere tests, on the command line and over
 * the protocol: distinctive values, random per run, for the names the fixture catalog references,
 * in the process environment, a dotenv file and an AIR secrets file; and the check that an output
 * contains none of them, nor any 12-character slice of one (a truncated echo is a leak too).
 */

/** test/fixtures/secrets/workspace: the catalog and roots index the values are planted around. */
export const PLANTED_FIXTURE = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'secrets', 'workspace');

const SLICE = 12;

/** Values planted for this run: `s3cr3t-<SOURCE>-<random>`, one per name and source. */
export interface Planted {
  dotenv: Record<string, string>;
  process: Record<string, string>;
  secretsFile: Record<string, string>;
}

export function plantedValues(): Planted {
  const value = (source: string): string => `s3cr3t-${source}-${randomBytes(8).toString('hex')}`;
  return {
    // TOKEN_D is set in all three sources: the dotenv file comes first, so hovers name it.
    dotenv: { TOKEN_A: value('DOTENV'), TOKEN_D: value('DOTENV'), UNRELATED_DOTENV: value('DOTENV') },
    process: { TOKEN_B: value('PROCENV'), TOKEN_D: value('PROCENV'), UNRELATED_PROCESS: value('PROCENV') },
    secretsFile: { TOKEN_C: value('SECRETSFILE'), TOKEN_D: value('SECRETSFILE'), UNRELATED_SECRET: value('SECRETSFILE') },
  };
}

/** The files to write beside the fixture: `.env` (every dotenv syntax) and `secrets.json` (a nested value too). */
export function plantedFiles(planted: Planted): { '.env': string; 'secrets.json': string } {
  const { TOKEN_A, TOKEN_D, UNRELATED_DOTENV } = planted.dotenv;
  return {
    '.env': `# planted by the secrets test\nTOKEN_A=${TOKEN_A}\nexport TOKEN_D="${TOKEN_D}"\nUNRELATED_DOTENV='${UNRELATED_DOTENV}' # a comment\nTOKEN_BLANK=   \n`,
    'secrets.json': `${JSON.stringify({ ...planted.secretsFile, NESTED: { inner: planted.secretsFile.TOKEN_C } }, null, 2)}\n`,
  };
}

/** Every value and every 12-character slice of it. */
function needles(planted: Planted): string[] {
  const out = new Set<string>();
  for (const value of [...Object.values(planted.dotenv), ...Object.values(planted.process), ...Object.values(planted.secretsFile)]) {
    out.add(value);
    for (let i = 0; i + SLICE <= value.length; i++) out.add(value.slice(i, i + SLICE));
  }
  return [...out];
}

/** Fails, quoting the spot, when `text` contains a planted value or a slice of one. */
export function assertNoLeak(text: string, planted: Planted, where: string): void {
  for (const needle of needles(planted)) {
    const at = text.indexOf(needle);
    assert.equal(at, -1, `${where} contains a planted value (or part of it: ${JSON.stringify(needle)}): …${text.slice(Math.max(0, at - 80), at + 80)}…`);
  }
}
