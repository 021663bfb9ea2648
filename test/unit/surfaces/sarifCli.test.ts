import { strict as assert } from 'node:assert';
import { runCli, tempTree } from '../helpers';

/** `check --format sarif`: code scanning resolves `artifactLocation.uri` as a URI, so a file name is percent-encoded (RFC 3986). */

interface Sarif {
  runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
}

describe('check --format sarif: artifact URIs', () => {
  for (const [name, uri] of [
    ['x#frag%2e-mcp.json', 'x%23frag%252e-mcp.json'],
    ['a b?c-mcp.json', 'a%20b%3Fc-mcp.json'],
    ['ünï-mcp.json', '%C3%BCn%C3%AF-mcp.json'],
    ['sub dir/mcp.json', 'sub%20dir/mcp.json'],
  ]) {
    it(`${name} → ${uri}`, async () => {
      const dir = tempTree({ [name]: JSON.stringify({ s: { type: 'stdio', command: 'npx', startup_timeout_sec: 700 } }) });
      const run = await runCli(['check', '--no-process-env', '--format', 'sarif', name], { cwd: dir });
      const sarif = JSON.parse(run.stdout) as Sarif;
      const uris = sarif.runs[0].results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri);
      assert.ok(uris.length > 0, run.stderr);
      for (const found of uris) assert.equal(found, uri);
    });
  }
});
