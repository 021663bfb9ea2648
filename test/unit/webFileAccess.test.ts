import { strict as assert } from 'node:assert';
import type { Connection } from 'vscode-languageserver';
import { CachingReader, MAX_SIDE_FILE, SideFileReader } from '../../server/src/files/fileAccess';
import { nodeFileSystem } from '../../server/src/node/nodeFileSystem';
import { ClientFileSystem } from '../../server/src/web/clientFileSystem';
import { VirtualUris } from '../../server/src/web/virtualUris';

/**
 * The file-access seam on the web (server/src/files/fileAccess.ts, server/src/web/): reads stay
 * synchronous; what the client has not answered yet is asked for all at once and the computation
 * runs again; a cache never keeps a "not read yet"; a change forgets the answers.
 */

type Files = Record<string, string | string[]>;

/** A client that answers from an in-memory tree and counts what it was asked. */
function fakeClient(files: Files): { connection: Connection; asked: string[] } {
  const asked: string[] = [];
  const connection = {
    sendRequest: async (method: string, params: { uri: string; limit?: number }) => {
      const path = new URL(params.uri).pathname;
      asked.push(`${method.replace('mcpCatalog/fs/', '')} ${path}`);
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

function webFiles(files: Files): { access: ClientFileSystem; asked: string[] } {
  const uris = new VirtualUris();
  uris.useFolders(['vscode-vfs://github/owner/repo']);
  const { connection, asked } = fakeClient(files);
  return { access: new ClientFileSystem(connection, (p) => uris.toUri(p)), asked };
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

  it('on Node every answer is at hand: a computation runs once', async () => {
    let runs = 0;
    const reader = new CachingReader(new SideFileReader(nodeFileSystem));
    await reader.settle(() => {
      runs++;
      return reader.read(__filename);
    });
    assert.equal(runs, 1);
    assert.ok(MAX_SIDE_FILE > 0);
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

  it("without a folder, the first document's scheme is the workspace's", () => {
    const uris = new VirtualUris();
    assert.equal(uris.toPath('file:///tmp/x/mcp.json'), '/tmp/x/mcp.json');
    assert.equal(uris.toPath('vscode-vfs://github/owner/repo/mcp.json'), undefined);
  });
});
