/**
 * The peer: what a maintainer has without us — VS Code's JSON support, i.e. vscode-json-languageservice
 * `parseJSONDocument` + `doValidation` against AIR's published schema (bench/fixtures/air-mcp.schema.json),
 * registered the way json-language-features registers a schema association. Comments and trailing
 * commas are errors, as for a `json` document.
 */

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getLanguageService, TextDocument, type LanguageService } from 'vscode-json-languageservice';
import { FIXTURES } from './util';

export const PEER_DOCUMENT_URI = 'file:///bench/catalog-mcp.json';
const PUBLISHED_SCHEMA_URL = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';

export interface Peer {
  service: LanguageService;
  /** One full parse + validation of `text`; returns the number of diagnostics. */
  run(text: string, version?: number): Promise<number>;
}

export function createPeer(): Peer {
  const schemaText = readFileSync(path.join(FIXTURES, 'air-mcp.schema.json'), 'utf8');
  const schema = JSON.parse(schemaText) as { $id: string };
  // The catalogs name the schema by its published URL in `$schema`, which VS Code would download:
  // serve the same file for it, offline.
  const known = new Set([schema.$id, PUBLISHED_SCHEMA_URL]);
  const service = getLanguageService({
    schemaRequestService: (uri) => (known.has(uri) ? Promise.resolve(schemaText) : Promise.reject(new Error(`no schema ${uri}`))),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  service.configure({ validate: true, allowComments: false, schemas: [{ uri: schema.$id, fileMatch: ['*mcp.json'], schema }] });
  return {
    service,
    async run(text, version = 1) {
      const document = TextDocument.create(PEER_DOCUMENT_URI, 'json', version, text);
      const jsonDocument = service.parseJSONDocument(document);
      const diagnostics = await service.doValidation(document, jsonDocument, { comments: 'error', trailingCommas: 'error' });
      return diagnostics.length;
    },
  };
}
