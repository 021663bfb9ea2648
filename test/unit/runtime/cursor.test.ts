import { strict as assert } from 'node:assert';
import { generate, mcpServers } from './generate';

/**
 * Cursor's `.cursor/mcp.json` (SPEC §6.6), as AIR's Cursor adapter writes it. The cases marked
 * "AIR:" are the translateMcpServersByShort cases of pulsemcp/air
 * `packages/extensions/adapter-cursor/tests/cursor-adapter.test.ts` at 1afc90f2 (the test named in
 * quotes).
 */

function cursor(entries: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const config = generate('cursor', entries);
  assert.deepEqual(config.warnings, []);
  return mcpServers(config);
}

describe('runtime: Cursor .cursor/mcp.json (SPEC §6.6)', () => {
  it('is {"mcpServers": …} at .cursor/mcp.json, 2-space JSON with a final newline, and no process environment', () => {
    const config = generate('cursor', { a: { type: 'stdio', command: 'node' } });
    assert.equal(config.runtime, 'cursor');
    assert.deepEqual(config.files, [{ path: '.cursor/mcp.json', content: '{\n  "mcpServers": {\n    "a": {\n      "command": "node"\n    }\n  }\n}\n' }]);
    assert.deepEqual(config.env, {});
  });

  it('AIR: "translates stdio servers with literal env, stripping metadata" (and adds no npm cache, no timeout)', () => {
    const servers = cursor({
      github: {
        title: 'GitHub',
        description: 'GitHub MCP',
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@mcp/github@1.0.0'],
        env: { LOG_LEVEL: 'debug' },
        startup_timeout_sec: 300,
      },
    });
    assert.deepEqual(servers.github, { command: 'npx', args: ['-y', '@mcp/github@1.0.0'], env: { LOG_LEVEL: 'debug' } });
  });

  it('AIR: "rewrites a ${VAR} env reference to Cursor\'s ${env:VAR} without warning" and "rewrites a renamed ${VAR} env reference cleanly"', () => {
    const servers = cursor({ github: { type: 'stdio', command: 'npx', env: { GITHUB_TOKEN: '${GITHUB_TOKEN}', TOKEN: '${GITHUB_TOKEN}' } } });
    assert.deepEqual(servers.github.env, { GITHUB_TOKEN: '${env:GITHUB_TOKEN}', TOKEN: '${env:GITHUB_TOKEN}' });
  });

  it('AIR: "rewrites a partial ${VAR} header cleanly (no warning)"', () => {
    const servers = cursor({ remote: { type: 'streamable-http', url: 'https://mcp.example.com/api', headers: { Authorization: 'Bearer ${API_TOKEN}' } } });
    assert.deepEqual(servers.remote, { url: 'https://mcp.example.com/api', headers: { Authorization: 'Bearer ${env:API_TOKEN}' } });
  });

  it('AIR: "rewrites a mix of whole-value, renamed, and literal env values"', () => {
    const servers = cursor({ srv: { type: 'stdio', command: 'run', env: { API_KEY: '${API_KEY}', LOG_LEVEL: 'debug', RENAMED: '${OTHER}' } } });
    assert.deepEqual(servers.srv.env, { API_KEY: '${env:API_KEY}', LOG_LEVEL: 'debug', RENAMED: '${env:OTHER}' });
  });

  it('AIR: "leaves Cursor built-in tokens and existing ${env:…} refs untouched"', () => {
    const servers = cursor({
      srv: {
        type: 'stdio',
        command: 'run',
        env: {
          HOME_BIN: '${userHome}/bin',
          WORK: '${workspaceFolder}',
          ALREADY: '${env:PRESET}',
          MIXED: '${userHome}/${SECRET}',
          SEP: '${pathSeparator}${workspaceFolderBasename}',
        },
      },
    });
    assert.deepEqual(servers.srv.env, {
      HOME_BIN: '${userHome}/bin',
      WORK: '${workspaceFolder}',
      ALREADY: '${env:PRESET}',
      MIXED: '${userHome}/${env:SECRET}',
      SEP: '${pathSeparator}${workspaceFolderBasename}',
    });
  });

  it('AIR: "translates remote servers to a url-based entry" and "handles sse servers via the same url-based shape" (no type, no oauth)', () => {
    const servers = cursor({
      remote: { type: 'streamable-http', url: 'https://mcp.example.com/api', oauth: { clientId: 'c', redirectUri: 'http://localhost:9/cb' } },
      events: { type: 'sse', url: 'https://mcp.example.com/sse', headers: {} },
    });
    assert.deepEqual(servers, { remote: { url: 'https://mcp.example.com/api' }, events: { url: 'https://mcp.example.com/sse' } });
  });

  it('AIR: "rewrites a ${VAR} header and preserves literal headers"', () => {
    const servers = cursor({
      remote: { type: 'streamable-http', url: 'https://mcp.example.com/api', headers: { Authorization: '${API_TOKEN}', 'X-Static': 'always' } },
    });
    assert.deepEqual(servers.remote.headers, { Authorization: '${env:API_TOKEN}', 'X-Static': 'always' });
  });

  it('command, args and url are rewritten too; a default is wrapped whole; empty args and env are omitted', () => {
    const servers = cursor({
      s: { type: 'stdio', command: '${BIN}/run', args: ['--token=${T}', 'plain'], env: {} },
      d: { type: 'stdio', command: 'x', args: [], env: { L: '${LEVEL:-info}' } },
      r: { type: 'sse', url: 'https://${HOST}/sse' },
    });
    assert.deepEqual(servers.s, { command: '${env:BIN}/run', args: ['--token=${env:T}', 'plain'] });
    assert.deepEqual(servers.d, { command: 'x', env: { L: '${env:LEVEL:-info}' } });
    assert.deepEqual(servers.r, { url: 'https://${env:HOST}/sse' });
  });
});
