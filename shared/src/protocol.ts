/**
 * Custom protocol messages between the VS Code client and the language server, declared once.
 * Method names are literal and namespaced (`mcpCatalog/…`); other LSP clients never need them.
 */

/** Client → server, notification: the workspace was trusted (or not); restricted workspaces read no env or secrets files. */
export const TRUST_CHANGED = 'mcpCatalog/trustChanged';
export interface TrustChangedParams {
  trusted: boolean;
}

/** Server → client, notification: a document was (re)analysed; lets the tree view and language status refresh. */
export const DOCUMENT_ANALYSED = 'mcpCatalog/documentAnalysed';
export interface DocumentAnalysedParams {
  uri: string;
  version: number | null;
  kind: 'catalog' | 'roots';
  servers: number;
  errors: number;
  warnings: number;
}

/**
 * Client → server, request: what SPEC §1 makes of a document the client has not handed to the
 * server (a JSON file), so the client can open it in the matching language mode. `text` is the
 * editor's current text (its `$schema` decides); the path decides the rest (name, air.json
 * listing, exclusions). Null: not a catalog, roots index or air.json.
 */
export const CLASSIFY_REQUEST = 'mcpCatalog/classify';
export interface ClassifyParams {
  uri: string;
  text: string;
}
export interface ClassifyResult {
  kind: 'catalog' | 'roots' | 'air' | 'skills' | 'hooks' | 'plugins' | 'references' | null;
}

/** What the client passes in `initializationOptions`. */
export interface InitializationOptions {
  /** Settings for clients without `workspace/configuration`. */
  settings?: unknown;
  /** VS Code's workspace trust; other clients are trusted. */
  workspaceTrusted?: boolean;
  /** Files the user switched out of our language modes (`OPTED_OUT`). */
  optedOut?: string[];
}

/**
 * The files (URIs) the user switched out of our language modes (client/src/languages.ts): not ours
 * for workspace diagnostics either, open in another language or closed (bench/NOTES.md item 1).
 */
export const OPTED_OUT = 'mcpCatalog/optedOut';
export interface OptedOutParams {
  uris: string[];
}

import type { ReadinessState } from '../../server/src/service/readiness';
import type { RuntimeConfig, RuntimeName } from '../../server/src/service/runtime';
import type { Range } from '../../server/src/service/text';
import type { TranslationTarget } from '../../server/src/service/translate';
import type { WorkspaceEdit } from 'vscode-languageserver-types';

/**
 * Client → server, request: the readiness of a catalog (SPEC §6.1–6.2) for the tree view and the
 * language status. Null when the document is not a catalog. Never contains a variable's value.
 */
export const READINESS_REQUEST = 'mcpCatalog/readiness';
export interface ReadinessParams {
  uri: string;
}
/**
 * One server of the answer. How its state looks (badge, label, codicon, colour) and whether it
 * can start are the state's own (`STATE_INFO`, `isStartable` in server/src/service/readiness/
 * states.ts, which the client imports), so the answer does not repeat them per server: at 10,000
 * servers they were a third of its 3.2 MB (bench/NOTES.md, "Readiness").
 */
export interface ServerReadinessItem {
  name: string;
  state: ReadinessState;
  reason?: string;
  variables?: string[];
  /** The server-name key in the catalog, for "reveal". */
  range?: Range;
}
export interface RootReadinessItem {
  name: string;
  servers: string[];
  worstState?: ReadinessState;
  warning?: string;
  /** Servers of `servers` a plugin brought → that plugin (SPEC §12). */
  broughtBy?: Record<string, string>;
  /** The root's plugins, skills and hooks (SPEC §12), each absent when it has none; `plugin`: the plugin that brought it. */
  plugins?: string[];
  skills?: { id: string; plugin?: string }[];
  hooks?: { id: string; plugin?: string }[];
  /** The root's key in its roots index, for "reveal". */
  location?: { uri: string; range: Range };
}
export interface ReadinessResult {
  uri: string;
  version: number;
  servers: ServerReadinessItem[];
  roots: RootReadinessItem[];
  /** Where the roots came from, or why there are none. */
  rootsSource: string;
  errors: number;
  warnings: number;
  /** False in a restricted workspace: no env or secrets file and no process environment were read. */
  trusted: boolean;
}

/** Client → server, request: a runtime-config preview (SPEC §6.3) of a catalog's current text. */
export const PREVIEW_REQUEST = 'mcpCatalog/preview';
export interface PreviewParams {
  uri: string;
  runtime: RuntimeName;
  /** One root's default servers, or the named servers; default all. */
  root?: string;
  servers?: string[];
  /** Default: the `mcpCatalog.preview.clonePath` setting. */
  clonePath?: string;
}
export type PreviewResult = { ok: true; version: number; config: RuntimeConfig } | { ok: false; message: string };

/**
 * Client → server, request: a catalog's servers translated for another MCP client — a
 * VS Code `.vscode/mcp.json`, a Claude Code `.mcp.json` or a Codex `config.toml` table — from the
 * catalog's current text. Literal credentials are replaced by variables; never a value.
 * `servers` names them; otherwise `position` picks the server under the cursor (when the cursor is
 * on none, the answer lists the names to choose from); with neither, every server.
 */
export const TRANSLATE_REQUEST = 'mcpCatalog/translate';
export interface TranslateParams {
  uri: string;
  target: TranslationTarget;
  servers?: string[];
  position?: { line: number; character: number };
  /** Translate nothing: answer with the servers to pick from (`ok: false` with `choices`). */
  pick?: boolean;
}
/** A server to pick from, with what a picker shows beside its name. */
export interface ServerChoice {
  name: string;
  type?: string;
  title?: string;
}
export type TranslateResult =
  | { ok: true; content: string; servers: string[]; warnings: string[] }
  | { ok: false; message: string; /** The servers to pick from when the cursor is on none (or `pick` was asked). */ choices?: ServerChoice[] };

/**
 * Client → server, request: Add Server… (SPEC §13) into an open catalog. The source is a blank
 * template, or the text of another tool's MCP file, the clipboard or an MCP registry server.json
 * (the client reads it; the server reads no file for it). The answer is the edit that inserts the
 * translated entry (applied by the client, then checked like any other edit) and, for the
 * variables it reads that no source sets, an edit adding `NAME=` lines to the env file for the
 * client to offer. When the source holds several servers and none is named, `choices` lists them.
 */
export const ADD_SERVER_REQUEST = 'mcpCatalog/addServer';
export interface AddServerParams {
  uri: string;
  source: { kind: 'template'; transport: 'stdio' | 'streamable-http' } | { kind: 'import'; text: string; server?: string };
  placement: 'end' | 'sorted';
}
export type AddServerResponse =
  | {
      ok: true;
      /** The new entry's name (de-duplicated against the catalog). */
      name: string;
      edit: WorkspaceEdit;
      warnings: string[];
      /** Names the entry reads that no variable source sets (never a value). */
      unset: string[];
      /** `NAME=` lines for `unset` names, appended to the env file (created when missing). */
      envEdit?: WorkspaceEdit;
      /** The env file `envEdit` writes, as the user knows it (workspace-relative). */
      envFile?: string;
      /** Names whose line in `envEdit` carries the literal the import replaced (names only; the values travel in the edit alone). */
      moved?: string[];
    }
  | { ok: false; message: string; choices?: string[] };

/**
 * Server → client, requests: the file access of the language server in a web worker
 * (server/src/web/clientFileSystem.ts), which has no file system of its own. The browser client
 * (client/src/web/fileSystemRequests.ts) answers through `vscode.workspace.fs`, so a virtual
 * workspace (github.dev, vscode.dev) is read as it is; it reads nothing outside the workspace
 * folders, follows no symbolic link (the file's or a folder's on the way), reads no file over
 * `limit` bytes nor over MAX_SIDE_FILE (shared/src/fileReads.ts) and, in Restricted Mode, no file
 * that holds variables (a dotenv or secrets file). URIs are the workspace's own, with no query or fragment.
 */
export const FS_READ_FILE_REQUEST = 'mcpCatalog/fs/readFile';
export interface FsReadFileParams {
  uri: string;
  /** Bytes: a larger file is refused, never read. */
  limit: number;
}
/** The text, or why it was not read as the end of a sentence ("does not exist", "is a folder"). */
export type FsReadFileResult = { text: string } | { refused: string; missing?: boolean; tooLarge?: boolean; size?: number };

export const FS_STAT_REQUEST = 'mcpCatalog/fs/stat';
export interface FsStatParams {
  uri: string;
}
/** What is there; `size` in bytes, times in milliseconds (the stamp a closed file is re-read by). */
export interface FsStatResult {
  type: 'file' | 'folder' | 'other' | 'missing' | 'refused';
  size?: number;
  mtime?: number;
  ctime?: number;
}

export const FS_READ_DIRECTORY_REQUEST = 'mcpCatalog/fs/readDirectory';
export interface FsReadDirectoryParams {
  uri: string;
}
/** The names in the folder; null when it cannot be listed (missing, not a folder, outside the workspace). */
export type FsReadDirectoryResult = { names: string[] } | null;
