/**
 * The protocol floor of the end-to-end table (bench/NOTES.md, "What is measured"): a
 * language server on vscode-languageserver's own stdio reader and writer, as ours
 * is, that keeps each document (incremental sync, as ours) and answers every diagnostic
 * pull with nothing. It checks nothing, so what it takes is what ours pays on the same machine
 * before checking: Node's start, the client's encoding of a multi-megabyte `didOpen`, the pipe,
 * the decode, and the pull's round trip.
 */

import { TextDocument } from 'vscode-languageserver-textdocument';
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';

const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
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
