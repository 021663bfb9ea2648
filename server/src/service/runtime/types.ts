/**
 * The runtime configs Zimmer generates per session (SPEC §6.3, §7): plain data shared by the
 * generators, the `mcp-catalog preview` command and the editor's preview documents.
 */

import type { ZimmerAddition } from './zimmerAdditions';

export const RUNTIMES = ['claude', 'codex', 'pi'] as const;
export type RuntimeName = (typeof RUNTIMES)[number];

/** Stands for the session checkout when no path is given. */
export const DEFAULT_CLONE_PATH = '<clone>';

export interface RuntimeFile {
  /** Relative to the session checkout: `.mcp.json`, `.codex/config.toml`. */
  path: string;
  /** The exact file text. */
  content: string;
}

export interface RuntimeConfig {
  runtime: RuntimeName;
  files: RuntimeFile[];
  /** Process variables the runtime needs (Claude's `MCP_TIMEOUT`); never a secret. */
  env: Record<string, string>;
  /** Entries left out, JSON that AIR would reject, name collisions … */
  warnings: string[];
  /** What Zimmer adds at prepare (SPEC §6.5), for the preview to mark; empty for one server's preview. */
  added: ZimmerAddition[];
  /** Sentences about the additions and the production behaviour shown, for the person reading. */
  notes: string[];
}

/** Which servers a preview covers. */
export type Selection = { kind: 'all' } | { kind: 'root'; root: string } | { kind: 'servers'; names: readonly string[] };

export interface PreviewRequest {
  runtime: RuntimeName;
  /** Default: all servers. */
  selection?: Selection;
  /** The session checkout; default `<clone>`. */
  clonePath?: string;
  /** `<BASE>` of what Zimmer adds (SPEC §6.5); default `https://zimmer.example.com`. */
  zimmerUrl?: string;
}

/** A selected, structurally valid entry as JSON.parse reads it. */
export interface SelectedServer {
  name: string;
  value: Record<string, unknown>;
}

/** What every generator receives: the servers in catalog order and their npm caches. */
export interface GeneratorInput {
  servers: readonly SelectedServer[];
  /** Server name → the `NPM_CONFIG_CACHE` to add (absent: nothing to add). */
  npmCaches: ReadonlyMap<string, string>;
  /** Variables Zimmer writes into every stdio entry's env at prepare (SPEC §6.5); none outside a session. */
  stdioEnv?: Readonly<Record<string, string>>;
}

export interface GeneratorOutput {
  files: RuntimeFile[];
  env: Record<string, string>;
  warnings: string[];
}
