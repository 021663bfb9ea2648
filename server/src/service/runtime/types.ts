/**
 * The runtime configs Zimmer generates per session (SPEC §6.3, §7): plain data shared by the
 * generators, the `mcp-catalog preview` command and the editor's preview documents.
 */

import type { Readiness } from '../readiness';
import type { ZimmerAddition } from './zimmerAdditions';

/** Zimmer's three runtimes (SPEC §6.3), and Cursor: a fourth AIR adapter Zimmer does not run (SPEC §6.6). */
export const RUNTIMES = ['claude', 'codex', 'pi', 'cursor'] as const;
export type RuntimeName = (typeof RUNTIMES)[number];
/** The runtimes Zimmer prepares sessions for: what it adds at prepare (SPEC §6.5) reaches only these. */
export const ZIMMER_RUNTIMES: readonly RuntimeName[] = ['claude', 'codex', 'pi'];

/** Stands for the session checkout when no path is given. */
export const DEFAULT_CLONE_PATH = '<clone>';

export interface RuntimeFile {
  /** Relative to the session checkout: `.mcp.json`, `.codex/config.toml`, `.cursor/mcp.json`. */
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
  /**
   * The catalog's readiness under these facts' variable sources, when the caller judged it (the
   * editor's analysis computed it once for every feature): a root's preview says from it which
   * servers cannot start. Without, it names what each plugin-brought server needs (`mcp-catalog
   * preview` reads no source).
   */
  readiness?: Readiness;
}

/** A selected, structurally valid entry as JSON.parse reads it. */
export interface SelectedServer {
  name: string;
  value: Record<string, unknown>;
}

/** What every generator receives: the servers in table order, the checkout, and the session's additions. */
export interface GeneratorInput {
  servers: readonly SelectedServer[];
  /** `<clone>` or the given checkout path, without a trailing separator. */
  clonePath: string;
  /** What Zimmer adds at prepare to the entries of a session (SPEC §6.5, §6.6); undefined for one server's preview. */
  session?: SessionEnv;
}

/** Zimmer's per-entry additions for a session: they reach every entry with a `command`. */
export interface SessionEnv {
  /** The `ELICITATION_*` variables written into the entry's own env. */
  stdioEnv: Readonly<Record<string, string>>;
}

export interface GeneratorOutput {
  files: RuntimeFile[];
  env: Record<string, string>;
  warnings: string[];
  /** Sentences about what the runtime's own prepare step adds, for the person reading. */
  notes?: string[];
}
