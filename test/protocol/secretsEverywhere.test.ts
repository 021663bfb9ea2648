/**
 * SPEC §4.3/§8 — secrets everywhere, through the bundled server: distinctive
 * values, random per run, are planted in the server's process environment, a dotenv file and an
 * AIR secrets file for names the catalog references, and every feature is driven at verbose
 * trace: diagnostics, hover and completion at every offset, every quick fix and fix-all, readiness
 * and previews (all runtimes, all servers, each server, each root), symbols, definition, references
 * and rename of a root, copy-as translations, the env and secrets files opened in the editor, a
 * settings change and a trust round trip. No value — nor any 12-character slice of one — may appear
 * in a response, a notification, a log line or on stderr.
 *
 * The test can fail: it also asserts that the sources WERE read (those names resolve, the hover
 * names each source, beta is `ready`), so a server that read nothing would not pass by silence.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import type { CodeAction, CompletionList, Diagnostic, DocumentSymbol, Hover, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { PreviewResult, ReadinessResult } from '../../shared/src/protocol';
import { assertNoLeak, PLANTED_FIXTURE, plantedFiles, plantedValues, type Planted } from '../support/plantedSecrets';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace, withCode } from './workspace';

/** The workspace: the fixture catalog and roots index, a dotenv file and a secrets file. */
function plantWorkspace(planted: Planted): TempWorkspace {
  const ws = TempWorkspace.create();
  cpSync(PLANTED_FIXTURE, ws.dir, { recursive: true });
  for (const [name, content] of Object.entries(plantedFiles(planted))) ws.write(name, content);
  return ws;
}

describe('protocol: secrets everywhere — no planted value leaves the server, whatever is asked', function () {
  this.timeout(120_000);

  const planted = plantedValues();
  /** Every response and notification payload, serialised, for the final sweep (the raw stdout is checked too). */
  const responses: string[] = [];
  let ws: TempWorkspace;
  let client: LspClient;
  let catalogUri: string;
  let rootsUri: string;

  async function ask<R>(method: string, params: unknown): Promise<R> {
    const result = await client.request<R>(method, params);
    const text = JSON.stringify(result) ?? 'undefined';
    responses.push(text);
    assertNoLeak(text, planted, `the response to ${method}`);
    return result;
  }

  /** A request the server may refuse with a ResponseError (an invalid rename): its message is checked too. */
  async function askOrRefused(method: string, params: unknown): Promise<void> {
    try {
      await ask(method, params);
    } catch (error) {
      const text = JSON.stringify({ message: (error as Error).message, data: (error as { data?: unknown }).data });
      responses.push(text);
      assertNoLeak(text, planted, `the error answering ${method}`);
      if (typeof (error as { code?: unknown }).code !== 'number') throw error;
    }
  }

  before(async () => {
    ws = plantWorkspace(planted);
    client = await LspClient.start({
      env: planted.process,
      workspaceFolders: [ws.dir],
      trace: 'verbose',
      settings: catalogSettings({ readProcessEnv: true, secretsFile: 'secrets.json' }),
      timeoutMs: 20_000,
    });
    client.notify('$/setTrace', { value: 'verbose' });
    catalogUri = client.open(ws.path('mcp.json'));
    rootsUri = client.open(ws.path('roots.json'));
    await client.waitForDiagnostics(catalogUri, { version: 1 });
    await client.waitForDiagnostics(rootsUri, { version: 1 });
  });

  after(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('diagnostics: the planted names resolve (the sources were read) and only the truly missing ones are reported', () => {
    const diagnostics = client.latest(catalogUri)!.diagnostics;
    const unresolved = withCode(diagnostics, 'unresolved-variable')
      .map((d) => (d.data as { name: string }).name)
      .sort();
    // TOKEN_A (dotenv), TOKEN_B (process), TOKEN_C (secrets file), TOKEN_D (all three) resolve.
    assert.deepEqual(unresolved, ['MISSING_EVERYWHERE', 'TOKEN_AA', 'TOKEN_BLANK']);
    const typo = withCode(diagnostics, 'unresolved-variable').find((d) => (d.data as { name: string }).name === 'TOKEN_AA')!;
    assert.doesNotMatch(typo.message, /Searched/, "one short Problems row: the sources searched are the hover's");
    assert.ok(((typo.data as { candidates: string[] }).candidates ?? []).includes('TOKEN_A'), 'close names are suggested by name');
    // The other rules ran too, so every kind of message was produced.
    for (const code of [
      'timeout-range',
      'timeout-type',
      'invalid-placeholder',
      'lowercase-variable',
      'placeholder-not-interpolated',
      'hardcoded-secret',
      'undefined-root',
      'unknown-type',
      'ineffective-field',
      'unavailable-multiline',
    ]) {
      assert.ok(withCode(diagnostics, code).length > 0, `${code} fires`);
    }
    assert.ok(withCode(client.latest(rootsUri)!.diagnostics, 'undefined-server').length > 0);
  });

  it('hover at every offset of both files names the source of each variable, never its value', async () => {
    for (const uri of [catalogUri, rootsUri]) {
      const document = client.document(uri);
      const text = document.getText();
      for (let offset = 0; offset <= text.length; offset++) {
        await ask<Hover | null>('textDocument/hover', { textDocument: { uri }, position: document.positionAt(offset) });
      }
    }
    const catalog = client.document(catalogUri);
    const hoverOn = async (context: string, target: string): Promise<string> => {
      const range = rangeIn(catalog.getText(), context, target);
      const hover = await ask<Hover | null>('textDocument/hover', {
        textDocument: { uri: catalogUri },
        position: { line: range.start.line, character: range.start.character + 3 },
      });
      return (hover?.contents as { value: string } | undefined)?.value ?? '';
    };
    assert.match(await hoverOn('"--token=${TOKEN_A}"', '${TOKEN_A}'), /Source: \.env\./);
    assert.match(await hoverOn('"FROM_PROCESS": "${TOKEN_B}"', '${TOKEN_B}'), /Source: the process environment\./);
    assert.match(await hoverOn('"Authorization": "Bearer ${TOKEN_C}"', '${TOKEN_C}'), /Source: secrets file secrets\.json\./);
    assert.match(await hoverOn('"x-${TOKEN_D}-y"', '${TOKEN_D}'), /Source: \.env\./);
    assert.match(await hoverOn('"${TOKEN_BLANK}"', '${TOKEN_BLANK}'), /no source/);
  });

  it('completion at every offset (and after `${`) offers the names with their sources, never a value', async () => {
    for (const uri of [catalogUri, rootsUri]) {
      const document = client.document(uri);
      const text = document.getText();
      for (let offset = 0; offset <= text.length; offset++) {
        await ask<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: document.positionAt(offset) });
      }
    }
    // Right after `${`, as typed: invoked and triggered by `{`.
    const text = client.document(catalogUri).getText();
    const after = rangeIn(text, '"NEW": "${"', '${').end;
    for (const context of [{ triggerKind: 1 }, { triggerKind: 2, triggerCharacter: '{' }, { triggerKind: 2, triggerCharacter: '$' }]) {
      const list = await ask<CompletionList | null>('textDocument/completion', { textDocument: { uri: catalogUri }, position: after, context });
      const details = new Map((list?.items ?? []).filter((item) => item.kind === 6).map((item) => [item.label, item.detail]));
      if (context.triggerCharacter === '$') continue; // `$` alone opens no placeholder yet
      // The catalog uses them, so they come first, with the source that sets them.
      assert.equal(details.get('TOKEN_A'), 'used in this catalog; set in .env');
      assert.equal(details.get('TOKEN_B'), 'used in this catalog; set in the process environment');
      assert.equal(details.get('TOKEN_C'), 'used in this catalog; set in secrets file secrets.json');
      assert.equal(details.get('TOKEN_D'), 'used in this catalog; set in .env');
      assert.equal(details.get('UNRELATED_DOTENV'), 'set in .env');
      assert.ok(!details.get('TOKEN_BLANK')?.includes('set in'), 'a blank value counts as unset');
    }
  });

  it('code actions: every quick fix of every diagnostic, all at once, and source.fixAll', async () => {
    const titles: string[] = [];
    for (const uri of [catalogUri, rootsUri]) {
      const diagnostics = client.latest(uri)!.diagnostics;
      const request = (
        only: string[] | undefined,
        list: Diagnostic[],
        range = list[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      ) => ask<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: list, ...(only ? { only } : {}) } });
      for (const diagnostic of diagnostics) {
        for (const action of (await request(['quickfix'], [diagnostic])) ?? []) titles.push(action.title);
        await request(undefined, [diagnostic]);
      }
      const whole = { start: { line: 0, character: 0 }, end: client.document(uri).positionAt(client.document(uri).getText().length) };
      await request(undefined, diagnostics, whole);
      for (const only of [['source.fixAll'], ['source.fixAll.mcp-catalog'], ['source'], ['']]) {
        const actions = (await request(only, [], whole)) ?? [];
        titles.push(...actions.map((action) => action.title));
      }
    }
    // The fixes that touch variables were really offered (and name, never hold, a value).
    for (const title of [
      'Change to ${TOKEN_A}',
      'Add TOKEN_AA= to .env',
      'Declare TOKEN_AA known (mcpCatalog.knownVariables)',
      'Move the secret to ${GAMMA_LITERAL} in .env',
      'Fix all auto-fixable MCP catalog problems',
    ]) {
      assert.ok(titles.includes(title), `offered: ${title}; got ${JSON.stringify(titles)}`);
    }

    // Apply fix-all (as an editor would on save) and let the server analyse the result.
    const whole = { start: { line: 0, character: 0 }, end: client.document(catalogUri).positionAt(client.document(catalogUri).getText().length) };
    const [fixAll] =
      (await ask<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: catalogUri },
        range: whole,
        context: { diagnostics: [], only: ['source.fixAll.mcp-catalog'] },
      })) ?? [];
    const edits = (fixAll.edit as WorkspaceEdit).changes![catalogUri];
    const version = client.change(catalogUri, TextDocument.applyEdits(client.document(catalogUri), edits));
    const fixed = await client.waitForDiagnostics(catalogUri, { version });
    assert.equal(withCode(fixed.diagnostics, 'timeout-range').length, 0, 'fix-all was applied');
    assert.equal(withCode(fixed.diagnostics, 'unresolved-variable').length, 3);
  });

  it('readiness: beta is ready from the three sources, alpha misses only the unset names', async () => {
    const result = await ask<ReadinessResult>('mcpCatalog/readiness', { uri: catalogUri });
    assert.equal(result.trusted, true);
    const beta = result.servers.find((server) => server.name === 'beta')!;
    assert.equal(beta.state, 'ready');
    assert.deepEqual([...(beta.variables ?? [])].sort(), ['TOKEN_A', 'TOKEN_B', 'TOKEN_C', 'TOKEN_D']);
    const alpha = result.servers.find((server) => server.name === 'alpha')!;
    assert.equal(alpha.state, 'missing_configuration');
    assert.deepEqual([...(alpha.variables ?? [])].sort(), ['TOKEN_AA', 'TOKEN_BLANK']);
    assert.ok(result.roots.some((root) => root.name === 'zimmer' && root.worstState === 'missing_configuration'));
    // What is the state's own (badge, icon, colour, whether it starts) is not repeated per server (shared/src/protocol.ts).
    for (const server of result.servers) {
      assert.deepEqual(
        Object.keys(server).filter((key) => !['name', 'state', 'reason', 'variables', 'range'].includes(key)),
        [],
        server.name,
      );
      assert.ok(server.range, `${server.name} can be revealed`);
    }
    await ask('mcpCatalog/readiness', { uri: rootsUri });
  });

  it('previews: every runtime for all servers, each server and each root, placeholders kept as written', async () => {
    const selections = [
      {},
      { root: 'zimmer' },
      { root: 'strad' },
      ...['alpha', 'beta', 'gamma', 'delta'].map((name) => ({ servers: [name] })),
      { servers: ['alpha', 'beta'], clonePath: '/work/clone' },
    ];
    for (const runtime of ['claude', 'codex', 'pi', 'cursor']) {
      for (const selection of selections) {
        const result = await ask<PreviewResult>('mcpCatalog/preview', { uri: catalogUri, runtime, ...selection });
        if ('servers' in selection && selection.servers?.[0] === 'delta') continue; // structurally invalid: left out with a message
        assert.ok(result.ok, `${runtime} ${JSON.stringify(selection)}: ${JSON.stringify(result)}`);
      }
      const all = await ask<PreviewResult>('mcpCatalog/preview', { uri: catalogUri, runtime });
      assert.ok(all.ok && all.config.files.some((file) => file.content.includes('TOKEN_C')), `${runtime}: the placeholder name is kept`);
    }
  });

  it('symbols, definition, references and rename of a root, and copy-as translations', async () => {
    for (const uri of [catalogUri, rootsUri]) {
      const symbols = await ask<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      assert.ok(symbols.length > 0);
    }
    const roots = client.document(rootsUri).getText();
    const catalog = client.document(catalogUri).getText();
    const onRootKey = { textDocument: { uri: rootsUri }, position: rangeIn(roots, '"zimmer": {', 'zimmer').start };
    const onRootItem = { textDocument: { uri: catalogUri }, position: rangeIn(catalog, '["zimmer"]', 'zimmer').start };
    const onServerItem = { textDocument: { uri: rootsUri }, position: rangeIn(roots, '["alpha", "beta"]', 'beta').start };
    for (const at of [onRootKey, onRootItem, onServerItem]) {
      await ask<Location[] | null>('textDocument/definition', at);
      await ask<Location[] | null>('textDocument/references', { ...at, context: { includeDeclaration: true } });
      await askOrRefused('textDocument/prepareRename', at);
      await askOrRefused('textDocument/rename', { ...at, newName: 'renamed_here' });
    }
    const references = await ask<Location[]>('textDocument/references', { ...onRootKey, context: { includeDeclaration: true } });
    assert.ok(references.length >= 3, 'the root is referenced from both files');
    const rename = await ask<WorkspaceEdit>('textDocument/rename', { ...onRootKey, newName: 'zimmer_renamed' });
    assert.ok(Object.keys(rename.changes ?? {}).length + (rename.documentChanges?.length ?? 0) > 0);

    // The copy-as request, where this build has it.
    for (const target of ['vscode', 'claude', 'codex']) {
      for (const params of [{}, { servers: ['alpha', 'beta', 'gamma'] }, { position: rangeIn(catalog, '"beta": {', 'beta').start }]) {
        await askOrRefused('mcpCatalog/translate', { uri: catalogUri, target, ...params });
      }
    }
  });

  it('the env and secrets files opened in the editor, a settings change and a trust round trip', async () => {
    for (const [file, languageId] of [
      ['.env', 'dotenv'],
      ['secrets.json', 'json'],
    ] as const) {
      const uri = client.open(ws.path(file), ws.read(file), languageId);
      const document = client.document(uri);
      const text = document.getText();
      for (let offset = 0; offset <= text.length; offset += 3) {
        const position = document.positionAt(offset);
        await ask('textDocument/hover', { textDocument: { uri }, position });
        await ask('textDocument/completion', { textDocument: { uri }, position });
      }
      await ask('textDocument/documentSymbol', { textDocument: { uri } });
      await ask('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: document.positionAt(text.length) },
        context: { diagnostics: [] },
      });
      await ask('mcpCatalog/readiness', { uri });
      await ask('mcpCatalog/preview', { uri, runtime: 'claude' });
      client.close(uri);
    }
    let mark = client.mark();
    client.setSettings(catalogSettings({ readProcessEnv: true, secretsFile: 'secrets.json', knownVariables: ['TOKEN_AA'] }));
    await client.waitForDiagnostics(catalogUri, { since: mark, match: (d) => withCode(d, 'unresolved-variable').length === 2 });
    mark = client.mark();
    client.notify('mcpCatalog/trustChanged', { trusted: false });
    // Restricted Mode reads no source of values, so no name is called unset.
    await client.waitForDiagnostics(catalogUri, { since: mark, match: (d) => withCode(d, 'unresolved-variable').length === 0 });
    mark = client.mark();
    client.notify('mcpCatalog/trustChanged', { trusted: true });
    await client.waitForDiagnostics(catalogUri, { since: mark, match: (d) => withCode(d, 'unresolved-variable').length === 2 });
    await client.roundTrip();
  });

  it('nothing the server wrote — responses, diagnostics, notifications, verbose logs, stderr — holds a planted value', async () => {
    await client.stop();
    // Verbose logging was really on, and names do travel.
    assert.ok(
      client.logs.some((line) => /Checked mcp\.json/.test(line.message)),
      'verbose log lines arrived',
    );
    const stdout = client.rawStdout();
    for (const name of ['TOKEN_A', 'TOKEN_B', 'TOKEN_C', 'TOKEN_D']) assert.ok(stdout.includes(name), `${name} appears by name`);
    assertNoLeak(stdout, planted, "the server's stdout (every LSP message, window/logMessage and $/logTrace included)");
    assertNoLeak(client.stderr(), planted, "the server's stderr");
    assertNoLeak(JSON.stringify(client.notifications), planted, 'the notifications');
    assertNoLeak(responses.join('\n'), planted, 'the responses');
  });
});
