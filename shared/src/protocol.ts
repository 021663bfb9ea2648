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

/** What the client passes in `initializationOptions`. */
export interface InitializationOptions {
  /** Settings for clients without `workspace/configuration`. */
  settings?: unknown;
  /** VS Code's workspace trust; other clients are trusted. */
  workspaceTrusted?: boolean;
}
