/**
 * The complexity tier for Add Server… (SPEC §13): an imported file is hostile, and the import runs
 * in the language server, so reading it must cost about twice as much for twice the text — a
 * ratio within one run, never a timed assertion. A URL's query parameters matched by a pattern
 * that rescans the rest of the URL from every `?` (or every `/` of a run) cost minutes at the import's 1 MB limit.
 */
import { addServer } from '../../../server/src/service/addServer';
import { assertScalesLinearly, ownCpuMsOf } from '../../support/complexity';

describe('complexity: Add Server reads a hostile import in linear time', function () {
  this.timeout(600_000);

  it('a URL of n against 2n "?a" pieces (no "=" anywhere)', async () => {
    await assertScalesLinearly('import URL query', 20_000, (count) => {
      const text = JSON.stringify({ mcpServers: { s: { url: `https://x.example.com/mcp${'?a'.repeat(count)}` } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it('a URL of n against 2n slashes before its last character (no type: is it /sse?)', async () => {
    await assertScalesLinearly('import URL slashes', 20_000, (count) => {
      const text = JSON.stringify({ mcpServers: { s: { url: `https://x.example.com/${'/'.repeat(count)}a` } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it("a registry OCI image reference of n against 2n colons before its last '/' (is it tagged already?)", async () => {
    await assertScalesLinearly('registry OCI identifier', 20_000, (count) => {
      const text = JSON.stringify({ name: 'io.example/s', packages: [{ registryType: 'oci', identifier: `${':'.repeat(count)}/x`, version: '1.0.0' }] });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it('a URL of n against 2n "#a" pieces (a fragment parameter is read as a query one)', async () => {
    await assertScalesLinearly('import URL fragment', 20_000, (count) => {
      const text = JSON.stringify({ mcpServers: { s: { url: `https://x.example.com/mcp${'#a'.repeat(count)}` } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it('a URL user name of n against 2n characters, "@" and ":" among them (is it a token?)', async () => {
    await assertScalesLinearly('import URL user name', 20_000, (count) => {
      const text = JSON.stringify({ mcpServers: { s: { url: `https://${'a@'.repeat(count)}:${'b'.repeat(count)}` } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it('a value of n against 2n characters under a secret name, path-like but for its end (is it a file?)', async () => {
    await assertScalesLinearly('import secret path', 20_000, (count) => {
      const text = JSON.stringify({ mcpServers: { s: { command: 'x', env: { API_KEY: `/${'a/'.repeat(count)}+` } } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it('a catalog of n against 2n entries reading variables, and a registry server whose names they all take', async () => {
    await assertScalesLinearly('registry names against the catalog', 2_000, (count) => {
      const entries: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) entries[`e${i}`] = { type: 'stdio', command: 'x', env: { K: `\${W_API_KEY${i === 0 ? '' : `_${i + 1}`}}` } };
      const catalog = JSON.stringify(entries);
      const text = JSON.stringify({
        name: 'io.example/w',
        packages: [{ registryType: 'npm', identifier: 'w', environmentVariables: [{ name: 'API_KEY', isSecret: true }] }],
      });
      return ownCpuMsOf(() => addServer(catalog, { kind: 'import', text }, 'end'));
    });
  });

  it('n against 2n short values after "--token" (each literal its own name: S_TOKEN, S_TOKEN_2, …)', async () => {
    await assertScalesLinearly('import many secrets of one name', 5_000, (count) => {
      const text = JSON.stringify({ mcpServers: { s: { command: 'x', args: Array.from({ length: count }, (_, i) => ['--token', `t${i}`]).flat() } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it('a URL of n against 2n credential parameters (each one named after its parameter)', async () => {
    await assertScalesLinearly('import URL of many credential parameters', 20_000, (count) => {
      const url = `https://x.example.com/mcp?${Array.from({ length: count }, (_, i) => `token=v${i}`).join('&')}`;
      const text = JSON.stringify({ mcpServers: { s: { url } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });

  it('an argument of n against 2n characters read as a header line ("Name: value", mcp-remote\'s --header)', async () => {
    await assertScalesLinearly('import header line argument', 20_000, (count) => {
      const args = [`X${'-'.repeat(count)}`, '--header', `Authorization:${' '.repeat(count)}Bearer ${'x '.repeat(count)}`];
      const text = JSON.stringify({ mcpServers: { s: { command: 'x', args } } });
      return ownCpuMsOf(() => addServer('{\n}\n', { kind: 'import', text }, 'end'));
    });
  });
});
