import { strict as assert } from 'node:assert';
import type { Connection } from 'vscode-languageserver';
import { CachingReader, MAX_SIDE_FILE, SideFileReader } from '../../server/src/files/fileAccess';
import { nodeFileSystem } from '../../server/src/node/nodeFileSystem';
import { ClientFileSystem } from '../../server/src/web/clientFileSystem';
import { VirtualUris } from '../../server/src/web/virtualUris';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analyzer } from '../../server/src/lsp/analysis';
import { useUriMapping } from '../../server/src/lsp/paths';
import { DEFAULT_SETTINGS } from '../../shared/src/settings';
import type { AddServerResponse } from '../../shared/src/protocol';
import { registerAddServerRequest } from '../../server/src/lsp/addServerRequest';
import type { ServerContext } from '../../server/src/lsp/features';

/**
 * The file-access seam on the web (server/src/files/fileAccess.ts, server/src/web/): reads stay
 * synchronous; what the client has not answered yet is asked for all at once and the computation
 * runs again; a cache never keeps a "not read yet"; a change forgets the answers.
 */

type Files = Record<string, string | string[]>;

/** A client that answers from an in-memory tree and counts what it was asked. */
function fakeClient(files: Files, failing: Set<string> = new Set()): { connection: Connection; asked: string[] } {
  const asked: string[] = [];
  const connection = {
    sendRequest: async (method: string, params: { uri: string; limit?: number }) => {
      const path = new URL(params.uri).pathname;
      asked.push(`${method.replace('mcpCatalog/fs/', '')} ${path}`);
      if (failing.has(path)) throw new Error('the connection to the client failed');
      const found = files[path];
      if (method === 'mcpCatalog/fs/readDirectory') return Array.isArray(found) ? { names: found } : null;
      if (method === 'mcpCatalog/fs/stat') return found === undefined ? { type: 'missing' } : { type: 'file', size: String(found).length, mtime: 1 };
      if (found === undefined) return { refused: 'does not exist', missing: true };
      if (Array.isArray(found)) return { refused: 'is a folder' };
      if (found.length > (params.limit ?? 0)) return { refused: 'is over the size limit', tooLarge: true, size: found.length };
      return { text: found };
    },
  } as unknown as Connection;
  return { connection, asked };
}

function webFiles(
  files: Files,
  failing?: Set<string>,
  options?: ConstructorParameters<typeof ClientFileSystem>[2],
): { access: ClientFileSystem; asked: string[]; connection: Connection } {
  const uris = new VirtualUris();
  uris.useFolders(['vscode-vfs://github/owner/repo']);
  const { connection, asked } = fakeClient(files, failing);
  return { access: new ClientFileSystem(connection, (p) => uris.toUri(p), options), asked, connection };
}

describe('the file-access seam on the web (server/src/web/clientFileSystem.ts)', () => {
  it('runs a computation again once the client answered what it read, asking everything a run missed at once', async () => {
    const { access, asked } = webFiles({ '/owner/repo': ['mcp.json', 'roots.json'], '/owner/repo/roots.json': '{"web":{}}' });
    const reader = new CachingReader(new SideFileReader(access));
    let runs = 0;
    const result = await reader.settle(() => {
      runs++;
      return { names: reader.list('/owner/repo'), roots: reader.read('/owner/repo/roots.json'), env: reader.read('/owner/repo/.env') };
    });
    assert.deepEqual(result, { names: ['mcp.json', 'roots.json'], roots: '{"web":{}}', env: undefined });
    assert.equal(runs, 2, 'one run that asked, one that read the answers');
    assert.equal(asked.length, 3);
    assert.equal(reader.refusal('/owner/repo/.env'), 'does not exist');
    // Answered now: another computation reads them at once, without asking again.
    await reader.settle(() => reader.read('/owner/repo/roots.json'));
    assert.equal(asked.length, 3);
  });

  it('a cache never keeps "not read yet": a computation running meanwhile asks again instead of reading a missing file', async () => {
    const { access } = webFiles({ '/owner/repo/roots.json': '{"web":{}}' });
    const reader = new CachingReader(new SideFileReader(access));
    const [first, second] = await Promise.all([
      reader.settle(() => reader.read('/owner/repo/roots.json')),
      reader.settle(() => reader.read('/owner/repo/roots.json')),
    ]);
    assert.equal(first, '{"web":{}}');
    assert.equal(second, '{"web":{}}');
  });

  it('asks the client once for a file two computations miss at the same time', async () => {
    const { access, asked } = webFiles({ '/owner/repo/roots.json': '{"web":{}}' });
    const reader = new CachingReader(new SideFileReader(access));
    await Promise.all([reader.settle(() => reader.read('/owner/repo/roots.json')), reader.settle(() => reader.read('/owner/repo/roots.json'))]);
    assert.deepEqual(asked, ['readFile /owner/repo/roots.json']);
  });

  it('forgets its answers when told a file changed, and keeps none asked for before the change', async () => {
    const files: Files = { '/owner/repo/roots.json': 'one' };
    const { access } = webFiles(files);
    const reader = new CachingReader(new SideFileReader(access));
    assert.equal(await reader.settle(() => reader.read('/owner/repo/roots.json')), 'one');
    files['/owner/repo/roots.json'] = 'two';
    assert.equal(await reader.settle(() => reader.read('/owner/repo/roots.json')), 'one', 'kept until told');
    reader.changed();
    assert.equal(await reader.settle(() => reader.read('/owner/repo/roots.json')), 'two');
  });

  it("says a file over the limit is too large in the bounded reader's words, and stamps what stat says", async () => {
    const size = 1.5 * 1048576;
    const { access } = webFiles({ '/owner/repo/big.json': 'x'.repeat(size) });
    const read = await access.settle(() => access.readBounded('/owner/repo/big.json', 1048576));
    assert.deepEqual(read, { refused: 'is 1.5 MB, over the 1 MB limit', tooLarge: true, size });
    const stamp = await access.settle(() => access.stamp('/owner/repo/big.json'));
    assert.equal(stamp, `file:${size}:1:`);
    assert.deepEqual(access.realPath('/owner/repo/big.json'), { real: '/owner/repo/big.json' });
  });

  it('asks for no more than the client reads (MAX_SIDE_FILE), so a refusal names the limit that applied', async () => {
    const size = MAX_SIDE_FILE + 1;
    const { access, asked } = webFiles({ '/owner/repo/big.json': 'x'.repeat(size) });
    const read = await access.settle(() => access.readBounded('/owner/repo/big.json', 4 * MAX_SIDE_FILE));
    assert.deepEqual(read, { refused: 'is 20.0 MB, over the 20 MB limit', tooLarge: true, size });
    assert.equal(asked.length, 1);
  });

  it('keeps no answer to a request that failed: the next computation asks again', async () => {
    const failing = new Set(['/owner/repo/roots.json']);
    const { access, asked } = webFiles({ '/owner/repo/roots.json': '{"web":{}}' }, failing);
    const reader = new CachingReader(new SideFileReader(access));
    assert.equal(await reader.settle(() => reader.read('/owner/repo/roots.json')), undefined);
    assert.equal(asked.length, 1, 'a failed request is not asked again in the same computation');
    failing.clear();
    assert.equal(await reader.settle(() => reader.read('/owner/repo/roots.json')), '{"web":{}}');
  });

  it('a computation that keeps reading new files is taken as it is after a bounded number of runs, and says so once', async () => {
    const warnings: string[] = [];
    const { access } = webFiles({}, undefined, { warn: (message) => warnings.push(message) });
    // Each run reads one file more than the last: it never stops missing.
    let runs = 0;
    const chase = () => {
      runs++;
      for (let i = 0; i < runs; i++) access.list(`/owner/repo/${i}`);
    };
    await access.settle(chase);
    const bounded = runs;
    runs = 0;
    await access.settle(chase);
    assert.ok(bounded > 1 && bounded < 100, `${bounded} runs`);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /not answered/);
  });

  it('keeps the answers a computation is using when it holds too many: it still settles', async () => {
    const files: Files = {};
    for (const name of 'abcdef') files[`/owner/repo/${name}`] = [name];
    const { access } = webFiles(files, undefined, { maxKept: 4 });
    // Three files, then three more once the first are read: more than the four kept.
    const result = await access.settle(() => {
      const first = ['a', 'b', 'c'].map((name) => access.list(`/owner/repo/${name}`));
      return first.every(Boolean) ? [...first, ...['d', 'e', 'f'].map((name) => access.list(`/owner/repo/${name}`))] : first;
    });
    assert.deepEqual(result, [['a'], ['b'], ['c'], ['d'], ['e'], ['f']]);
  });

  it('asks the client a bounded number of questions at a time', async () => {
    const files: Files = {};
    for (let i = 0; i < 40; i++) files[`/owner/repo/${i}`] = [String(i)];
    const { access, connection } = webFiles(files);
    let open = 0;
    let most = 0;
    const answer = connection.sendRequest.bind(connection) as (method: string, params: unknown) => Promise<unknown>;
    (connection as unknown as { sendRequest: typeof answer }).sendRequest = async (method, params) => {
      most = Math.max(most, ++open);
      await new Promise((resolve) => setImmediate(resolve));
      open--;
      return answer(method, params);
    };
    const listed = await access.settle(() => Object.keys(files).map((dir) => access.list(dir)));
    assert.ok(listed.every(Boolean));
    assert.ok(most > 1 && most <= 16, `${most} at once`);
  });

  it('on Node every answer is at hand: a computation runs once', async () => {
    let runs = 0;
    const reader = new CachingReader(new SideFileReader(nodeFileSystem));
    await reader.settle(() => {
      runs++;
      return reader.read(__filename);
    });
    assert.equal(runs, 1);
  });
});

describe('analyses on the web (server/src/lsp/analysis.ts over server/src/web/clientFileSystem.ts)', () => {
  const catalog = '{"github":{"type":"stdio","command":"gh"}}';
  const tree: Files = { '/owner/repo': ['mcp.json', 'roots.json'], '/owner/repo/mcp.json': catalog, '/owner/repo/roots.json': '{"web":{}}' };

  function analyzerOver(files: Files, failing?: Set<string>, access = webFiles(files, failing).access): Analyzer {
    const uris = new VirtualUris();
    uris.useFolders(['vscode-vfs://github/owner/repo']);
    useUriMapping(uris);
    return new Analyzer({
      reader: new CachingReader(new SideFileReader(access)),
      env: undefined,
      workspaceFolders: () => ['/owner/repo'],
      trusted: () => true,
      onRuleError: (ruleId, _uri, error) => assert.fail(`${ruleId}: ${String(error)}`),
    });
  }

  /** What the server's `analyse` does (server/src/lsp/server.ts): an analysis once its reads are answered. */
  const analyse = (analyzer: Analyzer, document: TextDocument) =>
    analyzer.settle(
      () => analyzer.analyze(document, DEFAULT_SETTINGS),
      () => analyzer.forget(document.uri),
    );

  it('keeps no analysis made while a read failed: once the client answers, the roots index is there', async () => {
    const failing = new Set(['/owner/repo/roots.json']);
    const analyzer = analyzerOver(tree, failing);
    const document = TextDocument.create('vscode-vfs://github/owner/repo/mcp.json', 'json', 1, catalog);
    const first = await analyse(analyzer, document);
    assert.deepEqual(first?.facts.roots?.files, []);
    assert.deepEqual(first?.facts.roots?.unread, ['roots.json could not be read through the editor'], 'not "does not exist"');
    failing.clear();
    const second = await analyse(analyzer, document);
    assert.deepEqual(
      second?.facts.roots?.files.map((file) => file.path),
      ['/owner/repo/roots.json'],
    );
  });

  it('Add Server reads the env file it appends to through the client: an existing .env gets lines, not a new file', async () => {
    const files: Files = { ...tree, '/owner/repo': ['mcp.json', '.env'], '/owner/repo/.env': 'OTHER=1\n' };
    const { access } = webFiles(files);
    const analyzer = analyzerOver(files, undefined, access);
    const document = TextDocument.create('vscode-vfs://github/owner/repo/mcp.json', 'json', 1, catalog);
    assert.ok((await analyse(analyzer, document))?.complete);
    // The client's answer for .env is gone (a change, or room made for others); the analysis is still current.
    access.changed('/owner/repo/.env');
    let handler: ((params: unknown, token: unknown) => Promise<AddServerResponse | null>) | undefined;
    const context = {
      connection: { onRequest: (_method: string, h: typeof handler) => (handler = h) },
      documents: { get: (uri: string) => (uri === document.uri ? document : undefined), all: () => [document] },
      analyzer,
      files: new SideFileReader(access),
      logger: { error: (what: string, error: unknown) => assert.fail(`${what} ${String(error)}`) },
      analyse: (at: TextDocument) => analyse(analyzer, at),
      analyseAny: (at: TextDocument) => analyse(analyzer, at),
    } as unknown as ServerContext;
    registerAddServerRequest(context);
    const text = JSON.stringify({ mcpServers: { github: { command: 'npx', env: { GITHUB_TOKEN: 'ghp_FAKE0123456789abcdefghijklmnopqrstuv' } } } });
    const answer = await handler!({ uri: document.uri, source: { kind: 'import', text }, placement: 'end' }, { isCancellationRequested: false });
    assert.ok(answer?.ok, JSON.stringify(answer));
    assert.deepEqual(answer.unset, ['GITHUB_TOKEN']);
    assert.deepEqual(
      answer.envEdit?.documentChanges?.map((change) => ('kind' in change ? change.kind : change.edits.map((edit) => edit.newText))),
      // The token the import replaced goes back into the env file (SPEC §13), not into the catalog.
      [['GITHUB_TOKEN=ghp_FAKE0123456789abcdefghijklmnopqrstuv\n']],
    );
  });

  it('two requests on one document at once both see its roots index, neither the half-read first run', async () => {
    const analyzer = analyzerOver(tree);
    const document = TextDocument.create('vscode-vfs://github/owner/repo/mcp.json', 'json', 1, catalog);
    const [first, second] = await Promise.all([analyse(analyzer, document), analyse(analyzer, document)]);
    assert.deepEqual(
      first?.facts.roots?.files.map((file) => file.path),
      ['/owner/repo/roots.json'],
    );
    assert.deepEqual(
      second?.facts.roots?.files.map((file) => file.path),
      ['/owner/repo/roots.json'],
    );
  });
});

describe("the web worker's URIs (server/src/web/virtualUris.ts)", () => {
  it("maps the workspace's own scheme to POSIX paths and back, as VS Code encodes them", () => {
    const uris = new VirtualUris();
    uris.useFolders(['vscode-vfs://github/owner/repo']);
    assert.equal(uris.toPath('vscode-vfs://github/owner/repo/team%20a/mcp.json'), '/owner/repo/team a/mcp.json');
    assert.equal(uris.toUri('/owner/repo/team a/(x)!.json'), 'vscode-vfs://github/owner/repo/team%20a/%28x%29%21.json');
    assert.equal(uris.toPath(uris.toUri('/owner/repo/ü.json')), '/owner/repo/ü.json');
  });

  it('reads no URI of another scheme or authority, and none that is not a URI with a path', () => {
    const uris = new VirtualUris();
    uris.useFolders(['vscode-vfs://github/owner/repo']);
    assert.equal(uris.toPath('vscode-vfs://gitlab/owner/repo/mcp.json'), undefined);
    assert.equal(uris.toPath('file:///owner/repo/mcp.json'), undefined);
    assert.equal(uris.toPath('untitled:Untitled-1'), undefined);
  });

  it('keeps each folder\u2019s own scheme and authority in a multi-root workspace', () => {
    const uris = new VirtualUris();
    uris.useFolders(['vscode-vfs://github/owner/repo', 'memfs://scratch/notes']);
    assert.equal(uris.toPath('memfs://scratch/notes/mcp.json'), '/notes/mcp.json');
    assert.equal(uris.toUri('/notes/roots.json'), 'memfs://scratch/notes/roots.json');
    assert.equal(uris.toUri('/owner/repo/roots.json'), 'vscode-vfs://github/owner/repo/roots.json');
    // A path is one folder's: the same path in another scheme is not read as it.
    assert.equal(uris.toPath('vscode-vfs://github/notes/mcp.json'), undefined);
    assert.equal(uris.toPath('memfs://scratch/owner/repo/mcp.json'), undefined);
  });

  it("without a folder, the first document's scheme is the workspace's", () => {
    const uris = new VirtualUris();
    assert.equal(uris.toPath('file:///tmp/x/mcp.json'), '/tmp/x/mcp.json');
    assert.equal(uris.toPath('vscode-vfs://github/owner/repo/mcp.json'), undefined);
  });
});
