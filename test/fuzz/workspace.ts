import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { IndexFileKind } from '../../server/src/node/airJsons';
import { tokenOfKind, type IndexKind } from '../../server/src/service/classify';
import type { CatalogsFacts, RootsFacts, WorkspaceFacts } from '../../server/src/service/facts';
import { summariseCatalog, summariseRootsIndex } from '../../server/src/service/summary';
import { VariableIndex } from '../../server/src/service/variables';
import { repoRoot } from './corpus';

/**
 * The world around a fuzzed document: the facts the engine driver passes (a roots index, a
 * catalog, variable sources) and the folders the CLI and the server read from disk, where the
 * fuzzed text is the catalog (beside a real roots.json) or the roots index (beside a real mcp.json).
 */

export const KNOWN_NAMES = ['SLACK_BOT_TOKEN', 'STRAD_API_KEY', 'ZIMMER_PROD_API_KEY'];
const DOTENV_NAMES = ['A', 'B', 'HOST', 'TOKEN'];

/** How much of the outside world the engine sees; each case picks one. */
export type FactsVariant = 'full' | 'remote' | 'none';
export const FACTS_VARIANTS: readonly FactsVariant[] = ['full', 'remote', 'none'];

export interface EngineWorld {
  catalogPath: string;
  rootsPath: string;
  rootsText: string;
  catalogText: string;
  /** Texts that related locations may point into, by path. */
  otherTexts: Map<string, string>;
  factsFor(kind: IndexKind, variant: FactsVariant): WorkspaceFacts;
}

function seedText(name: string): string {
  return fs.readFileSync(path.join(repoRoot(), 'test', 'fixtures', 'fuzz', 'seeds', name), 'utf8');
}

export function engineWorld(): EngineWorld {
  const catalogPath = '/fuzz/mcp.json';
  const rootsPath = '/fuzz/roots.json';
  const rootsText = seedText('zimmer-roots.json');
  const catalogText = seedText('zimmer-mcp.json');
  const rootsFile = summariseRootsIndex(rootsPath, rootsText);
  const catalogFile = summariseCatalog(catalogPath, catalogText);
  const variables = new VariableIndex(
    [
      { kind: 'known', label: '--known', exists: true, names: new Set(KNOWN_NAMES) },
      { kind: 'dotenv', label: '.env (/fuzz/.env)', path: '/fuzz/.env', exists: true, names: new Set(DOTENV_NAMES) },
      { kind: 'dotenv', label: '.env (/.env)', path: '/.env', exists: false, names: new Set() },
      { kind: 'process', label: 'the process environment', exists: true, names: new Set(['PATH', 'HOME']) },
    ],
    ['secrets file (restricted workspace)'],
  );
  const roots = (variant: FactsVariant): RootsFacts | undefined =>
    variant === 'none' ? undefined : { via: 'sibling', files: [rootsFile], remoteSources: variant === 'remote' ? ['github://owner/repo/roots.json'] : [] };
  const catalogs = (variant: FactsVariant): CatalogsFacts | undefined =>
    variant === 'none' ? undefined : { via: 'air.json', files: [catalogFile], remoteSources: variant === 'remote' ? ['github://owner/repo/mcp.json'] : [] };
  return {
    catalogPath,
    rootsPath,
    rootsText,
    catalogText,
    otherTexts: new Map([
      [rootsPath, rootsText],
      [catalogPath, catalogText],
    ]),
    factsFor(kind, variant) {
      if (kind === 'catalog') {
        return {
          documentPath: catalogPath,
          variables,
          roots: roots(variant),
          rootsSearch: variant === 'none' ? 'no air.json lists it and there is no sibling roots.json' : undefined,
        };
      }
      if (kind === 'air') return { documentPath: '/fuzz/air.json', variables };
      return { documentPath: rootsPath, variables: variant === 'none' ? VariableIndex.empty() : variables, catalogs: catalogs(variant) };
    },
  };
}

/**
 * Folders on disk for the CLI and the server, one per index kind, where the fuzzed or tested text of
 * that kind goes (`fileFor`): `catalog/mcp.json` beside a real roots.json and .env, `roots/roots.json`
 * beside a real mcp.json, and `skills/skills.json`, `hooks/hooks.json`, `plugins/plugins.json` and
 * `references/references.json`. Every folder but the catalog's holds the sibling indexes of every
 * other kind (SPEC §12 finds them as it finds a roots index), so the IDs an entry names resolve.
 */
export interface DiskWorld {
  base: string;
  catalogDir: string;
  rootsDir: string;
  /** Where the fuzzed text goes for each kind. */
  fileFor(kind: IndexFileKind): string;
  dispose(): void;
}

/**
 * The sibling indexes: Zimmer's catalog and roots (the seeds), the cross-references fixture's skills,
 * hooks and references, and a plugins index whose plugin gives root `web` a second skill named
 * `review` (test/fixtures/shortname-collision/), so a roots index's `shortname-collision` can fire here.
 */
function siblingText(kind: IndexFileKind): string {
  if (kind === 'catalog') return seedText('zimmer-mcp.json');
  if (kind === 'roots') return seedText('zimmer-roots.json');
  const folder = kind === 'plugins' ? 'shortname-collision' : 'cross-references';
  return fs.readFileSync(path.join(repoRoot(), 'test', 'fixtures', folder, `${tokenOfKind(kind)}.json`), 'utf8');
}

const INDEX_FILE_KINDS: readonly IndexFileKind[] = ['catalog', 'roots', 'skills', 'hooks', 'plugins', 'references'];

/** A RAM-backed folder when there is one: each case writes its file, and a disk write costs ~7 ms here. */
function scratchRoot(): string {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

/** A fresh folder for one fuzz run (workers put their worlds inside it; the runner removes it). */
export function scratchDir(prefix = 'mcp-catalog-fuzz-'): string {
  return fs.mkdtempSync(path.join(scratchRoot(), prefix));
}

export function diskWorld(parent = scratchRoot(), prefix = 'world-'): DiskWorld {
  const base = fs.mkdtempSync(path.join(parent, prefix));
  const dirOf = (kind: IndexFileKind): string => path.join(base, kind);
  const fileFor = (kind: IndexFileKind): string => path.join(dirOf(kind), `${tokenOfKind(kind)}.json`);
  for (const kind of INDEX_FILE_KINDS) {
    fs.mkdirSync(dirOf(kind));
    const siblings = kind === 'catalog' ? ['roots' as const] : INDEX_FILE_KINDS.filter((other) => other !== kind);
    for (const sibling of siblings) fs.writeFileSync(path.join(dirOf(kind), `${tokenOfKind(sibling)}.json`), siblingText(sibling));
  }
  fs.writeFileSync(path.join(dirOf('catalog'), '.env'), DOTENV_NAMES.map((name) => `${name}=set`).join('\n') + '\n');
  return {
    base,
    catalogDir: dirOf('catalog'),
    rootsDir: dirOf('roots'),
    fileFor,
    dispose: () => fs.rmSync(base, { recursive: true, force: true }),
  };
}
