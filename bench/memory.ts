/**
 * Peak memory of one full check, measured alone in its own process so the two checkers cannot
 * pollute each other's heaps: `node --expose-gc out/bench-build/memory.js ours|peer DIR`.
 *
 * Both sides load their modules, read the same text and warm up on the Zimmer catalog (ajv and the
 * peer compile their schemas there) before the baseline; then the peak-RSS mark is reset, one full
 * check of DIR/catalog-mcp.json runs with its result kept alive, and the growth is reported:
 * `peakRssDelta` (VmHWM after − RSS before) and `heapDelta` (heapUsed after, before any GC − before).
 */

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-json-languageservice';
import { checkDocument } from '../server/src/service/engine';
import { createPeer } from './peer';
import { oursFacts } from './ours';
import { collectGarbage, FIXTURES, procStatusBytes, resetPeakRss } from './util';

export interface MemoryResult {
  which: 'ours' | 'peer';
  baselineRss: number;
  peakRss: number;
  peakRssDelta: number;
  heapDelta: number;
  /** How the peak was read: VmHWM after a clear_refs reset, or the process-lifetime maxRSS. */
  method: 'VmHWM' | 'maxRSS';
  kept: number;
}

async function main(): Promise<void> {
  const which = process.argv[2] as MemoryResult['which'];
  const dir = process.argv[3];
  if ((which !== 'ours' && which !== 'peer') || !dir) throw new Error('usage: memory.js ours|peer DIR');
  const catalogPath = path.join(dir, 'catalog-mcp.json');
  const rootsPath = path.join(dir, 'catalog-roots.json');
  const text = readFileSync(catalogPath, 'utf8');
  const zimmer = readFileSync(path.join(FIXTURES, 'zimmer-mcp.json'), 'utf8');
  const facts = oursFacts(catalogPath, rootsPath, readFileSync(rootsPath, 'utf8'), path.join(dir, '.env'));
  const peer = which === 'peer' ? createPeer() : undefined;

  const check = async (input: string): Promise<unknown> => {
    if (peer) {
      const document = TextDocument.create('file:///bench/catalog-mcp.json', 'json', 1, input);
      const jsonDocument = peer.service.parseJSONDocument(document);
      const diagnostics = await peer.service.doValidation(document, jsonDocument, { comments: 'error', trailingCommas: 'error' });
      // Keep what an editor keeps: the parsed document (for hovers, completion) and the diagnostics.
      return { jsonDocument, diagnostics };
    }
    // Keep what the server keeps after a check: the findings and the model (the tree and its entries).
    return checkDocument(input, 'catalog', facts);
  };

  await check(zimmer);
  collectGarbage();
  const reset = resetPeakRss();
  const baselineRss = (reset ? procStatusBytes('self', 'VmRSS') : undefined) ?? process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const kept = await check(text);
  const heapAfter = process.memoryUsage().heapUsed;
  const peakRss = (reset ? procStatusBytes('self', 'VmHWM') : undefined) ?? process.resourceUsage().maxRSS * 1024;
  const result: MemoryResult = {
    which,
    baselineRss,
    peakRss,
    peakRssDelta: peakRss - baselineRss,
    heapDelta: heapAfter - heapBefore,
    method: reset ? 'VmHWM' : 'maxRSS',
    kept: kept ? 1 : 0,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
