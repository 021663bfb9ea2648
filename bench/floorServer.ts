/**
 * The protocol floor of the end-to-end table (bench/NOTES.md, "What changed in the fifth
 * session"): a language server on vscode-languageserver with ours' stdio reader and writer
 * (server/src/lsp/streamReader.ts, streamWriter.ts; "The message reader", "The message writer"),
 * as ours is, that keeps each document (incremental sync, as ours) and answers every diagnostic
 * pull with nothing. It checks nothing, so what it takes is what ours pays on the same machine
 * before checking: Node's start, the client's encoding of a multi-megabyte `didOpen`, the pipe,
 * the decode, and the pull's round trip.
 */

import { TextDocument } from 'vscode-languageserver-textdocument';
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { ByteStreamMessageReader } from '../server/src/lsp/streamReader';
import { ByteStreamMessageWriter } from '../server/src/lsp/streamWriter';

const connection = createConnection(ProposedFeatures.all, new ByteStreamMessageReader(process.stdin), new ByteStreamMessageWriter(process.stdout));
const documents = new TextDocuments(TextDocument);
connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false },
  },
}));
connection.languages.diagnostics.on(() => ({ kind: 'full', items: [] }));
documents.listen(connection);
connection.listen();
