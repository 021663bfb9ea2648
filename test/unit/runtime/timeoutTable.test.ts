import { strict as assert } from 'node:assert';
import { codexServers, generate, mcpServers } from './generate';

/**
 * SPEC §6.4, row by row: what a declared `startup_timeout_sec` does in each runtime, for a stdio
 * and a remote entry. Catalog texts are written by hand so `20.5` and `"20"` reach the generators
 * exactly as a maintainer would type them.
 */

const STDIO = '{"type": "stdio", "command": "node", "args": ["s.js"]';
const REMOTE = '{"type": "streamable-http", "url": "https://e.com/mcp", "headers": {"Authorization": "${TOKEN}"}';

function catalogWith(declared: string | undefined): string {
  const field = declared === undefined ? '' : `, "startup_timeout_sec": ${declared}`;
  return `{"local": ${STDIO}${field}}, "remote": ${REMOTE}${field}}}`;
}

interface Row {
  claudeMcpTimeout: string;
  codex: { local: number | undefined; remote: number | undefined };
  pi: { local: number | undefined; remote: number | undefined };
}

function observed(declared: string | undefined): Row {
  const text = catalogWith(declared);
  const claude = generate('claude', text);
  const codex = codexServers(generate('codex', text));
  const pi = mcpServers(generate('pi', text));
  return {
    claudeMcpTimeout: claude.env.MCP_TIMEOUT,
    codex: { local: codex.local.startup_timeout_sec as number | undefined, remote: codex.remote.startup_timeout_sec as number | undefined },
    pi: { local: pi.local.requestTimeoutMs as number | undefined, remote: pi.remote.requestTimeoutMs as number | undefined },
  };
}

const ABSENT: Row = { claudeMcpTimeout: '180000', codex: { local: 180, remote: undefined }, pi: { local: 180000, remote: undefined } };

describe('runtime: declared timeout per runtime (SPEC §6.4)', () => {
  it('absent: MCP_TIMEOUT=180000; Codex stdio 180, remote none; Pi stdio 180000, remote none', () => {
    assert.deepEqual(observed(undefined), ABSENT);
    assert.deepEqual(observed('null'), ABSENT);
  });

  it('20: no effect on Claude (floor 180); Codex 20 on both; Pi keeps its defaults (shorter is dropped)', () => {
    assert.deepEqual(observed('20'), { claudeMcpTimeout: '180000', codex: { local: 20, remote: 20 }, pi: { local: 180000, remote: undefined } });
  });

  it('300: MCP_TIMEOUT=300000 for the session; Codex 300; Pi 300000 on both', () => {
    assert.deepEqual(observed('300'), { claudeMcpTimeout: '300000', codex: { local: 300, remote: 300 }, pi: { local: 300000, remote: 300000 } });
  });

  for (const invalid of ['"20"', '4', '601', '20.5', 'true', '"300"']) {
    it(`invalid ${invalid}: as absent in every runtime`, () => assert.deepEqual(observed(invalid), ABSENT));
  }

  it('20.0 is the integer 20 (judged by value)', () => {
    assert.equal(observed('20.0').codex.local, 20);
  });

  // tadasant/zimmer pi_mcp_config_post_processor.rb at 06cda448, apply_startup_timeouts!: only a
  // declared value above McpStartupTimeout::SECONDS survives the floor.
  it('180 exactly is not written for a Pi remote entry: only a longer budget lengthens', () => {
    assert.deepEqual(observed('180').pi, { local: 180000, remote: undefined });
  });

  it("Claude's MCP_TIMEOUT is a string following the longest valid declaration of the selected servers", () => {
    const text =
      '{"a": {"type": "stdio", "command": "x", "startup_timeout_sec": 240}, "b": {"type": "stdio", "command": "y", "startup_timeout_sec": 420}, "c": {"type": "stdio", "command": "z", "startup_timeout_sec": 9000}}';
    assert.equal(generate('claude', text).env.MCP_TIMEOUT, '420000');
    assert.equal(generate('claude', text, { selection: { kind: 'servers', names: ['a', 'c'] } }).env.MCP_TIMEOUT, '240000');
    assert.equal(generate('claude', '{}').env.MCP_TIMEOUT, '180000');
  });
});
