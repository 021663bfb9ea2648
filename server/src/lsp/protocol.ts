/**
 * The values the server takes from vscode-languageserver, imported here once. esbuild turns each
 * module's import of a CommonJS package into a fresh copy of all its ~300 exports (`__toESM`):
 * thirteen modules made thirteen copies, ~6 ms of every start (bench/NOTES.md "Start-up"). The
 * others import these from here; types still come from the package (they leave no code).
 */
export {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  createServerPipeTransport,
  createServerSocketTransport,
  DiagnosticSeverity,
  DiagnosticTag,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FoldingRangeKind,
  InsertTextFormat,
  InsertTextMode,
  IPCMessageReader,
  IPCMessageWriter,
  LSPErrorCodes,
  MarkupKind,
  ProposedFeatures,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
