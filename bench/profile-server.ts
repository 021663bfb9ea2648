/**
 * CPU profile of the language server's edit path: `node out/bench-build/profile-server.js SIZE [EDITS] [DIR] [REOPENS]`
 * spawns dist/server.js under `--cpu-prof` (profile written to DIR, default ./prof-server), opens a
 * generated catalog, sends EDITS one-character edits (default 20), closes and opens it again
 * REOPENS times (default 0: profile the open path with EDITS 0), and exits. Summarise the profile
 * with `node out/bench-build/profile.js --summarise-all FILE.cpuprofile EDITS`. `MCP_CATALOG_PROFILE_INTERVAL=250`
 * samples every 250 µs instead of V8's 1 ms (a cold start is a few hundred samples otherwise).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateCatalog, writeFixture } from './generate';
import { LspSession, positionOf } from './lsp';
import { benchNodeFlags, oursSpec } from './servers';
import { median, REPO } from './util';

async function main(): Promise<void> {
  const size = Number(process.argv[2] ?? 10000);
  const edits = Number(process.argv[3] ?? 20);
  const profileDir = path.resolve(process.argv[4] ?? 'prof-server');
  const reopens = Number(process.argv[5] ?? 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-profile-server-'));
  try {
    const generated = generateCatalog(size);
    const files = writeFixture(dir, generated);
    // As the VS Code client runs it (pulled diagnostics, default settings), under the profiler.
    const spec = oursSpec(path.join(REPO, 'dist', 'server.js'));
    const { session } = await LspSession.launch(
      {
        ...spec,
        command: process.execPath,
        // With the server's Node flags (as the benchmark runs it), then the profiler's.
        args: [
          ...benchNodeFlags(),
          ...(process.env.MCP_CATALOG_PROFILE_INTERVAL ? [`--cpu-prof-interval=${process.env.MCP_CATALOG_PROFILE_INTERVAL}`] : []),
          '--cpu-prof',
          `--cpu-prof-dir=${profileDir}`,
          path.join(REPO, 'dist', 'server.js'),
          '--stdio',
        ],
      },
      dir,
    );
    const uri = pathToFileURL(files.catalogPath).toString();
    const opened = await session.open(uri, generated.text);
    const key = generated.text.indexOf(`${JSON.stringify(generated.middleName)}: {`);
    const offset = generated.text.indexOf('"description": "', key) + '"description": "'.length + 1;
    const original = generated.text[offset];
    const { line, character } = positionOf(generated.text, offset);
    const samples: number[] = [];
    for (let version = 2; version < 2 + edits; version++) {
      const edit = await session.replaceCharacter(uri, version, line, character, version % 2 === 0 ? 'X' : original);
      samples.push(edit.ms);
    }
    const reopened: number[] = [];
    for (let round = 0; round < reopens; round++) {
      await session.close(uri);
      reopened.push((await session.open(uri, generated.text, 100 + round)).ms);
    }
    await session.stop(120_000);
    process.stdout.write(
      `open ${opened.ms.toFixed(0)} ms; ${edits} edits, median ${median(samples).toFixed(1)} ms; ${reopens} reopens, median ${reopens ? median(reopened).toFixed(0) : '-'} ms; profile in ${profileDir}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
