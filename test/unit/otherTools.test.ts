import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { diskReader } from '../../server/src/node/files';
import { Workspace } from '../../server/src/node/workspace';
import { isOtherToolsEnvelope, isUnderDotFolder } from '../../server/src/service/otherTools';
import { sniffAfterEdit, sniffSchemaUrl } from '../../server/src/service/schemaUrl';
import { runCli, tempTree } from './helpers';

/**
 * SPEC §1: other tools' MCP files are never catalogs — no diagnostics, no language mode, no
 * readiness — in the editor (the server's classifier, which the client's language switch and the
 * readiness view ask) exactly as on the command line, unless their `$schema` names AIR's schema or
 * an air.json lists them.
 */

const AIR_SCHEMA = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';
const CLAUDE = JSON.stringify({ mcpServers: { github: { command: 'npx', args: ['-y', 'gh'] } } }, null, 2);
const VSCODE = JSON.stringify({ inputs: [{ id: 'token', type: 'promptString' }], servers: { github: { type: 'stdio', command: 'npx' } } }, null, 2);
const AIR = JSON.stringify({ github: { type: 'stdio', command: 'npx' } }, null, 2);

/** Each file of another tool, where it lives (SPEC §1's list and the issue's). */
const OTHER_TOOLS: Record<string, string> = {
  '.cursor/mcp.json': CLAUDE,
  'mcp_config.json': CLAUDE, // Windsurf
  'jetbrains/mcp.json': CLAUDE, // JetBrains Air: an mcpServers envelope under AIR's own file name
  '.vscode/mcp.json': VSCODE,
  'vscode-like/mcp.json': VSCODE,
  '.mcp.json': CLAUDE, // Claude Code
  '.windsurf/mcp.json': AIR, // under a dot-folder, whatever its content
};

describe('other tools’ MCP files are not ours (SPEC §1)', () => {
  it('the envelope test: mcpServers, or servers/inputs beside no AIR entry', () => {
    assert.equal(isOtherToolsEnvelope(CLAUDE), true);
    assert.equal(isOtherToolsEnvelope(VSCODE), true);
    assert.equal(isOtherToolsEnvelope(JSON.stringify({ inputs: [] })), true);
    assert.equal(isOtherToolsEnvelope('{"\\u006dcpServers": {}}'), true, 'an escaped key is the same key');
    assert.equal(isOtherToolsEnvelope(AIR), false);
    // A server named servers is an AIR entry; a nested mcpServers is not an envelope.
    assert.equal(isOtherToolsEnvelope(JSON.stringify({ servers: { type: 'stdio', command: 'x' } })), false);
    assert.equal(isOtherToolsEnvelope(JSON.stringify({ a: { type: 'stdio', command: 'x', env: { mcpServers: '1' } } })), false);
    assert.equal(isOtherToolsEnvelope(JSON.stringify({ inputs: [], a: { type: 'stdio', command: 'x' } })), false);
    assert.equal(isOtherToolsEnvelope('{"mcpServers": '), true, 'a half-written envelope is still one');
  });

  it('dot-folders are judged below the workspace root, and the file’s own folder always', () => {
    assert.equal(isUnderDotFolder('/home/u/.config/ws/mcp.json', '/home/u/.config/ws'), false);
    assert.equal(isUnderDotFolder('/home/u/.config/ws/team/mcp.json', '/home/u/.config/ws'), false);
    assert.equal(isUnderDotFolder('/ws/.cursor/mcp.json', '/ws'), true);
    assert.equal(isUnderDotFolder('/ws/.kiro/settings/mcp.json', '/ws'), true);
    assert.equal(isUnderDotFolder('/elsewhere/.gemini/mcp.json', '/ws'), true);
    assert.equal(isUnderDotFolder('C:\\ws\\.claude\\mcp.json', 'C:\\ws'), true);
  });

  it('the classifier gives them no kind; the same envelope with AIR’s $schema, or listed by an air.json, is a catalog', () => {
    const dir = tempTree({ ...OTHER_TOOLS, 'schema/mcp.json': JSON.stringify({ $schema: AIR_SCHEMA, mcpServers: {} }), 'mcp.json': AIR });
    const workspace = new Workspace(diskReader, { workspaceRoot: dir, env: {} });
    for (const file of Object.keys(OTHER_TOOLS)) assert.equal(workspace.classify(path.join(dir, file)), undefined, file);
    assert.equal(workspace.classify(path.join(dir, 'schema/mcp.json')), 'catalog');
    assert.equal(workspace.classify(path.join(dir, 'mcp.json')), 'catalog');
    // The editor passes the text it has (and the sniff it carries): the same verdicts.
    assert.equal(workspace.classify(path.join(dir, 'mcp.json'), CLAUDE), undefined);
    assert.equal(workspace.classify(path.join(dir, 'mcp.json'), CLAUDE, sniffSchemaUrl(CLAUDE)), undefined);

    const listed = tempTree({ 'air.json': JSON.stringify({ mcp: ['./.cursor/mcp.json', './jetbrains/mcp.json'] }), ...OTHER_TOOLS });
    const composing = new Workspace(diskReader, { workspaceRoot: listed, env: {} });
    assert.equal(composing.classify(path.join(listed, '.cursor/mcp.json')), 'catalog');
    assert.equal(composing.classify(path.join(listed, 'jetbrains/mcp.json')), 'catalog');
    assert.equal(composing.classify(path.join(listed, 'mcp_config.json')), undefined);
  });

  it('the envelope verdict is carried through an edit only when the edit cannot change it', () => {
    const text = AIR;
    const sniff = sniffSchemaUrl(text);
    assert.equal(sniff.envelope, false);
    const at = text.indexOf('npx');
    // Typing in a value of a file with no such key keeps the verdict.
    const typed = `${text.slice(0, at)}x${text.slice(at)}`;
    assert.equal(sniffAfterEdit(sniff, { start: at, end: at, text: 'x' }, typed), sniff);
    // Writing "mcpServers" is judged again.
    const renamed = text.replace('"github"', '"mcpServers"');
    const start = text.indexOf('"github"') + 1;
    assert.equal(sniffAfterEdit(sniff, { start, end: start + 'github'.length, text: 'mcpServers' }, renamed), undefined);
    assert.equal(sniffSchemaUrl(renamed).envelope, true);
  });

  it('check . skips them and checks the same envelope with AIR’s $schema', async () => {
    const dir = tempTree({ ...OTHER_TOOLS, 'schema/mcp.json': JSON.stringify({ $schema: AIR_SCHEMA, mcpServers: {} }, null, 2) });
    const run = await runCli(['check', '--format', 'json', '--no-process-env', '.'], { cwd: dir });
    const files = (JSON.parse(run.stdout) as { files: { path: string; diagnostics: { code: string }[] }[] }).files;
    assert.deepEqual(
      files.map((f) => f.path.split(path.sep).join('/')),
      ['schema/mcp.json'],
    );
    // Checked, and its problem reported: mcpServers is no AIR server entry.
    assert.ok(files[0].diagnostics.length > 0);
  });
});
