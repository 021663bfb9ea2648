import { strict as assert } from 'node:assert';
import { parse as parseToml } from 'smol-toml';
import { previewRuntimeConfig, type RuntimeConfig, type RuntimeName, type Selection } from '../../../server/src/service/runtime';
import type { WorkspaceFacts } from '../../../server/src/service/facts';
import { serverNames } from '../../../server/src/service/translate';
import { catalog } from './helpers';

/**
 * Generate a runtime config from catalog entries and parse its file the way the runtime would.
 * Without a selection it is AIR's table alone — every server named, which is not a session, so
 * Zimmer adds nothing (SPEC §6.5; those additions have their own suite, zimmerAdditions.test.ts).
 */

export function generate(
  runtime: RuntimeName,
  entries: Record<string, unknown> | string,
  options: { selection?: Selection; clonePath?: string; zimmerUrl?: string; facts?: WorkspaceFacts } = {},
): RuntimeConfig {
  const text = typeof entries === 'string' ? entries : catalog(entries);
  const selection = options.selection ?? { kind: 'servers', names: serverNames(text) };
  const outcome = previewRuntimeConfig(text, { runtime, selection, clonePath: options.clonePath, zimmerUrl: options.zimmerUrl }, options.facts);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.message);
  return outcome.config;
}

/** Claude's and Pi's `.mcp.json` (Cursor's `.cursor/mcp.json`), read with JSON.parse. */
export function mcpServers(
  config: RuntimeConfig,
  file = config.runtime === 'cursor' ? '.cursor/mcp.json' : '.mcp.json',
): Record<string, Record<string, unknown>> {
  assert.equal(config.files.length, 1);
  assert.equal(config.files[0].path, file);
  const parsed = JSON.parse(config.files[0].content) as { mcpServers: Record<string, Record<string, unknown>> };
  assert.deepEqual(Object.keys(parsed), ['mcpServers']);
  return parsed.mcpServers;
}

/** Codex's `.codex/config.toml`, read with smol-toml. */
export function codexServers(config: RuntimeConfig): Record<string, Record<string, unknown>> {
  assert.equal(config.files.length, 1);
  assert.equal(config.files[0].path, '.codex/config.toml');
  const parsed = parseToml(config.files[0].content) as { mcp_servers?: Record<string, Record<string, unknown>> };
  return parsed.mcp_servers ?? {};
}

/** Parsed values compared as plain data (smol-toml and JSON.parse objects alike). */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
