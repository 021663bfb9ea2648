import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHECK_FORMATS, type CasePlan } from './drivers';
import { FUZZ_FIXTURES } from './corpus';
import { FACTS_VARIANTS } from './workspace';

/**
 * Saved reproducers: `test/fixtures/fuzz/<hash>.json` holds the minimised input, and the sidecar
 * `<hash>.txt` says what failed, how it was found and how to replay it. The header is
 * `key: value` lines up to the first blank line; the rest is the explanation. An input that UTF-8
 * cannot carry (a lone surrogate) is stored as a JSON string literal (`encoding: json-string`).
 */

export interface Reproducer {
  /** The .json file. */
  file: string;
  text: string;
  plan: CasePlan;
  header: Record<string, string>;
  explanation: string;
}

export interface ReproducerInfo {
  signature: string;
  plan: CasePlan;
  seed?: number;
  caseIndex?: number;
  seedFile?: string;
  mutations?: string[];
  originalSize?: number;
  detail: string;
}

function roundTripsUtf8(text: string): boolean {
  return Buffer.from(text, 'utf8').toString('utf8') === text;
}

export function saveReproducer(text: string, info: ReproducerInfo, dir = FUZZ_FIXTURES()): string {
  fs.mkdirSync(dir, { recursive: true });
  const encoding = roundTripsUtf8(text) ? 'utf8' : 'json-string';
  const hash = createHash('sha1').update(JSON.stringify(text)).digest('hex').slice(0, 12);
  const file = path.join(dir, `${hash}.json`);
  fs.writeFileSync(file, encoding === 'utf8' ? text : JSON.stringify(text));
  const header: [string, string | undefined][] = [
    ['failure', info.signature],
    ['encoding', encoding],
    ['plan', JSON.stringify(info.plan)],
    ['seed', info.seed?.toString()],
    ['case', info.caseIndex?.toString()],
    ['seed-file', info.seedFile],
    ['mutations', info.mutations?.join(', ')],
    ['size', `${text.length} UTF-16 units${info.originalSize !== undefined ? ` (minimised from ${info.originalSize})` : ''}`],
    [
      'replay',
      `test/slow/fuzz.test.ts replays this file${info.seed !== undefined && info.caseIndex !== undefined ? `; \`npm run fuzz -- --seed ${info.seed} --case ${info.caseIndex}\` regenerates the unminimised case (with the corpus of its day)` : ''}`,
    ],
  ];
  const sidecar = `${header
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n')}\n\n${info.detail.trim()}\n`;
  fs.writeFileSync(path.join(dir, `${hash}.txt`), sidecar);
  return file;
}

function parsePlan(raw: string | undefined): CasePlan {
  const fallback: CasePlan = { facts: 'full', cliKind: 'catalog', format: 'json' };
  if (!raw) return fallback;
  try {
    const plan = JSON.parse(raw) as Partial<CasePlan>;
    return {
      facts: FACTS_VARIANTS.includes(plan.facts as CasePlan['facts']) ? (plan.facts as CasePlan['facts']) : fallback.facts,
      cliKind: plan.cliKind === 'roots' ? 'roots' : 'catalog',
      format: CHECK_FORMATS.includes(plan.format as CasePlan['format']) ? (plan.format as CasePlan['format']) : fallback.format,
    };
  } catch {
    return fallback;
  }
}

/** Every saved reproducer (not the seeds folder). */
export function loadReproducers(dir = FUZZ_FIXTURES()): Reproducer[] {
  let names: string[];
  try {
    names = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const file = path.join(dir, name);
    const sidecarPath = file.replace(/\.json$/, '.txt');
    const sidecar = fs.existsSync(sidecarPath) ? fs.readFileSync(sidecarPath, 'utf8') : '';
    const blank = sidecar.indexOf('\n\n');
    const headerText = blank >= 0 ? sidecar.slice(0, blank) : sidecar;
    const header: Record<string, string> = {};
    for (const line of headerText.split('\n')) {
      const colon = line.indexOf(': ');
      if (colon > 0) header[line.slice(0, colon)] = line.slice(colon + 2);
    }
    const raw = fs.readFileSync(file, 'utf8');
    const text = header.encoding === 'json-string' ? (JSON.parse(raw) as string) : raw;
    return { file, text, plan: parsePlan(header.plan), header, explanation: blank >= 0 ? sidecar.slice(blank + 2) : '' };
  });
}
