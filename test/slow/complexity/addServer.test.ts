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
});
