import type { CancellationToken, ClientCapabilities, Connection, ServerCapabilities, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileReader } from '../files/fileAccess';
import type { Analysis, Analyzer } from './analysis';
import type { Logger } from './log';
import type { RenameEchoes } from './renameEchoes';
import { registerCatalogRequests } from './catalogRequests';
import { registerClassifyRequest } from './classifyRequest';
import { registerCodeActions } from './codeActions';
import { registerCompletion } from './completion';
import { registerHover } from './hover';
import { registerLiveRequest } from './liveRequest';
import { registerNavigation } from './navigation';
import { registerStructure } from './structure';
import { registerSymbols } from './symbols';

/**
 * Editor features beyond diagnostics (hover, completion, code actions, navigation, custom
 * requests) register here; each returns the capabilities it adds. Every handler reads the cached
 * analysis of the document's current version.
 */
export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  analyzer: Analyzer;
  /** Side files read afresh (a fix's other file, a definition's target), through the platform's file access. */
  files: FileReader;
  logger: Logger;
  /** The analysis of a document's current version (cached per version). */
  analyse(document: TextDocument): Promise<Analysis | undefined>;
  /** The same for any file the server classifies, air.json included (folding, formatting). */
  analyseAny(document: TextDocument): Promise<Analysis | undefined>;
  /** A file that is not open, read from disk as a workspace pull reads it; optional (tests' contexts). */
  analyseClosed?(uri: string, token: CancellationToken): Promise<Analysis | undefined>;
  /**
   * The client's capabilities from `initialize` (snippets, hierarchical symbols), undefined before
   * it. Optional: features must degrade to what every client reads when it is absent.
   */
  clientCapabilities?: () => ClientCapabilities | undefined;
  /** What renames produced, so the save a rename triggers gets no fix-all (renameEchoes.ts). */
  renames?: RenameEchoes;
}

export type FeatureRegistration = (context: ServerContext) => ServerCapabilities;

const FEATURES: FeatureRegistration[] = [
  registerCatalogRequests,
  registerHover,
  registerCompletion,
  registerNavigation,
  registerSymbols,
  registerCodeActions,
  registerStructure,
  registerClassifyRequest,
  registerLiveRequest,
];

/** Register every feature's handlers; returns a function giving the merged capabilities. */
export function registerFeatures(context: ServerContext): () => ServerCapabilities {
  const capabilities = FEATURES.map((register) => register(context));
  return () => Object.assign({}, ...capabilities) as ServerCapabilities;
}
