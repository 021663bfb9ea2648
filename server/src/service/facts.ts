import type { VariableIndex } from './variables';

/**
 * What the discovery layer (server or CLI) tells the core about the world outside the document.
 * Plain data: the core never reads files itself.
 */

export interface NamedSpan {
  start: number;
  end: number;
}

/** A roots index as a catalog sees it. */
export interface RootsFile {
  path: string;
  /** Root names → the span of their key in that file (for related information and navigation). */
  roots: Map<string, NamedSpan>;
  /** Span of the top-level object's opening brace, for related information when no root matches. */
  anchor: NamedSpan;
  /**
   * Root names → the string items of their explicit `default_mcp_servers` (references as written:
   * bare, `@local/name` or `@owner/repo/name`). Absent when the summary was built elsewhere.
   */
  defaultServers?: Map<string, string[]>;
}

export interface RootsFacts {
  /** How the roots were found, for messages: 'setting' | 'air.json' | 'sibling'. */
  via: 'explicit' | 'air.json' | 'sibling';
  files: RootsFile[];
  /** Roots sources that live elsewhere (`github://…`) and cannot be checked offline. */
  remoteSources: string[];
}

/** A server of a catalog, as a roots index sees it. */
export interface CatalogServer {
  span: NamedSpan;
  /** The normalised `unavailable` reason, when one is declared. */
  unavailableReason?: string;
  /** Roots this server names in `default_in_roots`. */
  defaultInRoots: string[];
}

export interface CatalogFile {
  path: string;
  servers: Map<string, CatalogServer>;
}

export interface CatalogsFacts {
  via: 'explicit' | 'air.json' | 'sibling';
  files: CatalogFile[];
  remoteSources: string[];
}

export interface WorkspaceFacts {
  /** Absolute path of the document being checked, when it has one. */
  documentPath?: string;
  variables: VariableIndex;
  /** For a catalog: its roots index, or undefined when none was found. */
  roots?: RootsFacts;
  /** For a catalog: what was looked for when no roots index was found, for the message. */
  rootsSearch?: string;
  /** For a roots index: its catalogs, or undefined when none was found. */
  catalogs?: CatalogsFacts;
}
