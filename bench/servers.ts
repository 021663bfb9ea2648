/**
 * The two language servers the end-to-end benchmark drives (bench/NOTES.md, /work/shared/TESTING.md
 * "The benchmark's peer"), both without network (`unshare -n` when it works) and both through the
 * same client (lsp.ts):
 *
 * - ours: the server bundle the .vsix ships (built by bench/run.ts with `scripts/build.mjs
 *   --production`) as the VS Code extension runs it, with its default settings (the client
 *   answers `workspace/configuration` with nothing set, so every default applies);
 * - the peer: VS Code 1.100's own JSON language server from the code-server package the VS Code
 *   test tier installs (`.ci/install-vscode.sh`), initialised and configured the way VS Code's JSON
 *   client does it, with AIR's schema associated to `*mcp.json` and served for the catalog's own
 *   `$schema` URL through `vscode/content`.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { READINESS_REQUEST } from '../shared/src/protocol';
import { addedServerEnvironment, SERVER_NODE_FLAGS } from '../shared/src/serverProcess';
import type { ServerSpec } from './lsp';
import { FIXTURES, REPO } from './util';

const JSON_SERVER = 'node_modules/code-server/lib/vscode/extensions/json-language-features/server/dist/node/jsonServerMain.js';

/** Where VS Code's JSON server is installed, or undefined (with the reason) when it is not. */
export function findPeerServer(): { path?: string; missing?: string } {
  const cache = process.env.MCP_CATALOG_VSCODE_CACHE ?? path.join(REPO, '.vscode-test');
  const candidate = path.join(cache, 'code-server', JSON_SERVER);
  if (existsSync(candidate)) return { path: candidate };
  return {
    missing: `VS Code's JSON language server is not installed (${candidate}); run .ci/install-vscode.sh to install code-server 4.100.3, then npm run bench again.`,
  };
}

/** `unshare -n` (a private network namespace: no network at all) when this machine allows it. */
let offline: boolean | undefined;
function offlinePrefix(): string[] {
  offline ??= spawnSync('unshare', ['-n', 'true']).status === 0;
  return offline ? ['unshare', '-n'] : [];
}

export function networkNote(): string {
  offlinePrefix();
  return offline
    ? 'both servers ran without network (unshare -n)'
    : "unshare -n is not permitted here: the servers ran with the network (neither needs it: the peer is served AIR's schema locally)";
}

function nodeCommand(script: string, nodeFlags: readonly string[] = []): { command: string; args: string[] } {
  const prefix = offlinePrefix();
  return prefix.length
    ? { command: prefix[0], args: [...prefix.slice(1), process.execPath, ...nodeFlags, script, '--stdio'] }
    : { command: process.execPath, args: [...nodeFlags, script, '--stdio'] };
}

/** The server's Node flags in the benchmark: the extension's, or an experiment's MCP_CATALOG_BENCH_NODE_FLAGS. */
export function benchNodeFlags(): readonly string[] {
  const override = process.env.MCP_CATALOG_BENCH_NODE_FLAGS;
  return override === undefined ? SERVER_NODE_FLAGS : override.split(/\s+/).filter(Boolean);
}

/**
 * Ours' environment as the extension gives it (its additions, shared/src/serverProcess.ts), unless
 * an experiment sets MCP_CATALOG_BENCH_NO_ADDED_ENV.
 */
function oursEnvironment(base: Record<string, string>): Record<string, string> {
  return process.env.MCP_CATALOG_BENCH_NO_ADDED_ENV ? base : { ...base, ...addedServerEnvironment(base) };
}

/**
 * Ours, as the VS Code client starts it: trusted workspace, settings asked for and all left at
 * their defaults.
 */
export function oursSpec(serverPath: string): ServerSpec {
  return {
    // With the Node flags the extension starts it with (shared/src/serverProcess.ts), unless an
    // experiment names others in MCP_CATALOG_BENCH_NODE_FLAGS ("" for none; bench/NOTES.md).
    ...nodeCommand(serverPath, benchNodeFlags()),
    initializationOptions: { workspaceTrusted: true },
    // VS Code answers with the contributed defaults; an empty object normalises to the same.
    requests: { 'workspace/configuration': (params) => ((params as { items: unknown[] }).items ?? []).map(() => ({})) },
    env: oursEnvironment({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' }),
    // The readiness view and the language status ask after every version of the active catalog.
    versionRequests: (uri) => [[READINESS_REQUEST, { uri }]],
  };
}

/**
 * The protocol floor (floorServer.ts), started with our Node flags and environment: it differs
 * from ours only in checking nothing.
 */
export function floorSpec(serverPath: string): ServerSpec {
  return { ...nodeCommand(serverPath, benchNodeFlags()), env: oursEnvironment({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' }) };
}

/** The peer, configured exactly as VS Code 1.100's JSON client configures it. */
export function peerSpec(serverPath: string): ServerSpec {
  const schemaPath = path.join(FIXTURES, 'air-mcp.schema.json');
  const schemaText = readFileSync(schemaPath, 'utf8');
  return {
    ...nodeCommand(serverPath),
    initializationOptions: { handledSchemaProtocols: ['file'], provideFormatter: false, customCapabilities: { rangeFormatting: { editLimit: 10000 } } },
    requests: {
      // The catalog's own https `$schema` wins over the association: VS Code downloads it; we serve the local copy.
      'vscode/content': () => schemaText,
      'workspace/configuration': (params) => ((params as { items: unknown[] }).items ?? []).map(() => null),
    },
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
    async afterInitialized(connection) {
      await connection.sendNotification('workspace/didChangeConfiguration', {
        settings: {
          http: { proxy: '', proxyStrictSSL: true },
          json: {
            validate: { enable: true },
            format: { enable: true },
            keepLines: { enable: false },
            schemas: [],
            resultLimit: 5001,
            jsonFoldingLimit: 5001,
            jsoncFoldingLimit: 5001,
            jsonColorDecoratorLimit: 5001,
            jsoncColorDecoratorLimit: 5001,
          },
        },
      });
      await connection.sendNotification('json/schemaAssociations', [{ fileMatch: ['*mcp.json'], uri: pathToFileURL(schemaPath).toString() }]);
    },
  };
}
