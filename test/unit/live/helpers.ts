import * as fs from 'node:fs';
import { createInstanceGet, type TransportOptions } from '../../../shared/src/liveTransport';
import { compareWithInstance, readInstance, type InstanceRead, type LiveComparison } from '../../../server/src/service/live';
import { computeReadiness } from '../../../server/src/service/readiness';
import { readCatalog } from '../../../server/src/service/catalogView';
import { fixture, facts, rootsFacts } from '../helpers';

export const LIVE_CATALOG = fixture('live', 'mcp.json');

/** Roots facts of the fixture's roots index. */
export function liveRootsFacts() {
  return rootsFacts(['app', 'ops'], fixture('live', 'roots.json'));
}

/** Read an instance through the real transport, then compare it with the fixture catalog. */
export async function compareLive(
  base: string,
  key: string,
  options: Partial<TransportOptions> = {},
  text = fs.readFileSync(LIVE_CATALOG, 'utf8'),
): Promise<{ read: InstanceRead; comparison?: LiveComparison }> {
  const read = await readInstance(base, createInstanceGet({ base, key, ...options }));
  if (!read.ok) return { read };
  const workspaceFacts = facts({ known: ['GITHUB_TOKEN'], roots: liveRootsFacts() });
  const catalog = readCatalog(text, workspaceFacts);
  const readiness = computeReadiness(catalog, workspaceFacts);
  return { read, comparison: compareWithInstance(catalog, workspaceFacts, readiness, read.answer, read.notes) };
}
