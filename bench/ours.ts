/**
 * Our side of the benchmark: a full `checkDocument` with the facts the editor would have — the
 * sibling roots index summarised, and the `.env` names in a VariableIndex. Every run parses afresh
 * (no `parsed` passed in, nothing cached between runs); only ajv's one-time schema compilation is
 * shared, as it is in the running server.
 */

import { checkDocument } from '../server/src/service/engine';
import type { WorkspaceFacts } from '../server/src/service/facts';
import { summariseRootsIndex } from '../server/src/service/summary';
import { VariableIndex } from '../server/src/service/variables';
import { knownVariableNames } from './generate';

export function oursFacts(catalogPath: string, rootsPath: string, rootsText: string, envPath: string): WorkspaceFacts {
  const variables = new VariableIndex([{ kind: 'dotenv', label: `.env (${envPath})`, path: envPath, exists: true, names: new Set(knownVariableNames()) }]);
  return {
    documentPath: catalogPath,
    variables,
    roots: { via: 'sibling', files: [summariseRootsIndex(rootsPath, rootsText)], remoteSources: [] },
  };
}

/** One full check; returns the number of findings (so the work cannot be optimised away). */
export function runOurs(text: string, facts: WorkspaceFacts): number {
  return checkDocument(text, 'catalog', facts).findings.length;
}
