/**
 * Hostile input shapes for the complexity tier (SPEC §8: every request is bounded): each builds a
 * small workspace — the checked file and the side files it reads — whose size grows linearly with
 * `n`, so checking it at `n` and `2n` shows whether the cost grows linearly or worse. Each shape
 * is one kind of repetition that once made a scan quadratic: nested `${` openings, "did you mean"
 * against big name sets, npx package specs, deep nesting.
 */

import type { IndexKind } from '../../server/src/service/classify';

export interface HostileWorld {
  /** The checked file's name, relative to the workspace folder. */
  target: string;
  kind: Extract<IndexKind, 'catalog' | 'roots'>;
  /** Every file of the workspace (the target included), by name. */
  files: Record<string, string>;
}

export interface HostileShape {
  name: string;
  /** What the repetition is, for test titles. */
  describe: string;
  build(n: number): HostileWorld;
}

const range = <T>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));

const json = (value: unknown): string => `${JSON.stringify(value, null, 1)}\n`;

/** One args string of `${${}` repeated: every `${` opens a placeholder nested in the previous one. */
export const nestedOpenings: HostileShape = {
  name: 'nested-openings',
  describe: '`${${}` repeated in one string',
  build: (n) => ({ target: 'mcp.json', kind: 'catalog', files: { 'mcp.json': json({ s: { type: 'stdio', command: 'x', args: ['${${}'.repeat(n)] } }) } }),
};

/** `n` distinct unresolved `${V<i>}` against a dotenv file of 2n/3 other names: one "did you mean" each. */
export const variableSuggestions: HostileShape = {
  name: 'variable-suggestions',
  describe: 'unresolved `${V<i>}` against a big .env',
  build: (n) => ({
    target: 'mcp.json',
    kind: 'catalog',
    files: {
      'mcp.json': json({ s: { type: 'stdio', command: 'x', args: range(n, (i) => `\${V${i}}`) } }),
      '.env': `${range(Math.round((n * 2) / 3), (i) => `W${i}=x`).join('\n')}\n`,
    },
  }),
};

/** `n` undefined `default_in_roots` items against a roots index of 5n/8 roots. */
export const rootSuggestions: HostileShape = {
  name: 'root-suggestions',
  describe: 'undefined roots against a big roots index',
  build: (n) => ({
    target: 'mcp.json',
    kind: 'catalog',
    files: {
      'mcp.json': json({ s: { type: 'stdio', command: 'x', default_in_roots: range(n, (i) => `r${i}`) } }),
      'roots.json': json(Object.fromEntries(range(Math.round((n * 5) / 8), (i) => [`q${i}`, { description: 'd' }]))),
    },
  }),
};

/** A root whose `default_mcp_servers` names `n` undefined servers, against a catalog of 5n/8 servers. */
export const serverSuggestions: HostileShape = {
  name: 'server-suggestions',
  describe: 'undefined servers against a big catalog',
  build: (n) => ({
    target: 'roots.json',
    kind: 'roots',
    files: {
      'roots.json': json({ z: { description: 'd', default_mcp_servers: range(n, (i) => `s${i}`) } }),
      'mcp.json': json(Object.fromEntries(range(Math.round((n * 5) / 8), (i) => [`t${i}`, { type: 'stdio', command: 'x' }]))),
    },
  }),
};

/** Two npx servers with `n` `-p=x` specs each: every spec is matched back to its `args` item. */
export const npxSpecs: HostileShape = {
  name: 'npx-specs',
  describe: 'two npx servers with many `-p=x` specs',
  build: (n) => {
    const server = { type: 'stdio', command: 'npx', args: range(n, () => '-p=x') };
    return { target: 'mcp.json', kind: 'catalog', files: { 'mcp.json': json({ a: server, b: server }) } };
  },
};

/** A server whose `args` holds `n` nested arrays; `cursorOffset` is inside the innermost one. */
export function deepArrays(n: number): { text: string; cursorOffset: number } {
  const head = `{"s": {"type": "stdio", "command": "x", "args": ${'['.repeat(n)}`;
  return { text: `${head}${']'.repeat(n)}}}\n`, cursorOffset: head.length };
}

/** A server whose `env` value is `n` objects deep (what a translation copies). */
export function deepEnvCatalog(n: number): string {
  return `{"s": {"type": "stdio", "command": "x", "env": {"A": ${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}}\n`;
}

/** Sizes at which the old quadratic scans cost 4× for 2× in process (the engine and the server; the CLI's own, larger, count its start-up). */
export const QUADRATIC_SIZES: Readonly<Record<string, number>> = {
  'nested-openings': 12_000,
  'variable-suggestions': 3_000,
  'root-suggestions': 2_500,
  'server-suggestions': 2_500,
  'npx-specs': 6_000,
};

/** The shapes checked as whole workspaces (engine, CLI and server). */
export const CHECKED_SHAPES: readonly HostileShape[] = [nestedOpenings, variableSuggestions, rootSuggestions, serverSuggestions, npxSpecs];

/** Names of a dotenv text, as the dotenv package reads `NAME=value` lines (enough for these shapes). */
export function dotenvNames(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^([A-Za-z_][A-Za-z0-9_]*)=./.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}
