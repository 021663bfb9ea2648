import * as fs from 'node:fs';
import * as path from 'node:path';
import { hash32 } from './rng';

/**
 * The seeds the fuzzer mutates: the public corpus (copied into test/fixtures/fuzz/seeds/) and every
 * JSON file under test/fixtures/ (other suites' fixtures are good starting shapes). Saved
 * reproducers (test/fixtures/fuzz/*.json) are not seeds: they are replayed on their own, and
 * keeping them out keeps a seed's cases stable as reproducers are added.
 */

export interface Seed {
  /** Path relative to the repository root. */
  name: string;
  text: string;
}

/** Fixtures larger than this are not useful seeds (mutations append huge content themselves). */
const MAX_SEED_SIZE = 512 * 1024;

/** The repository root, found upwards from this file (it runs from out/test/fuzz/). */
export function repoRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && fs.existsSync(path.join(dir, 'tsconfig.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no repository root above ${__dirname}`);
    dir = parent;
  }
}

export const FUZZ_FIXTURES = (): string => path.join(repoRoot(), 'test', 'fixtures', 'fuzz');

function jsonFilesUnder(dir: string, skip: (full: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    let names: string[];
    try {
      names = fs.readdirSync(current).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(current, name);
      if (skip(full)) continue;
      let stat: fs.Stats;
      try {
        stat = fs.statSync(full);
      } catch {
        continue;
      }
      if (stat.isDirectory()) walk(full);
      else if (name.endsWith('.json') && stat.size <= MAX_SEED_SIZE) out.push(full);
    }
  };
  walk(dir);
  return out;
}

export function loadSeeds(root = repoRoot()): Seed[] {
  const fixtures = path.join(root, 'test', 'fixtures');
  const fuzzDir = path.join(fixtures, 'fuzz');
  const seedDir = path.join(fuzzDir, 'seeds');
  const files = [...jsonFilesUnder(seedDir, () => false), ...jsonFilesUnder(fixtures, (full) => full === fuzzDir || path.basename(full) === 'node_modules')];
  const seen = new Set<string>();
  const seeds: Seed[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (seen.has(text)) continue; // the same file copied into several fixture folders
    seen.add(text);
    seeds.push({ name: path.relative(root, file).split(path.sep).join('/'), text });
  }
  return seeds;
}

/** A short fingerprint of the seed set, printed with the run so a seed's cases can be matched to a tree. */
export function corpusFingerprint(seeds: readonly Seed[]): string {
  return hash32(seeds.map((s) => `${s.name}\u0000${s.text}`).join('\u0001'))
    .toString(16)
    .padStart(8, '0');
}
