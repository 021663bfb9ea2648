import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileRequests } from '../../client/src/web/fileSystemRequests';
import { MAX_SIDE_FILE } from '../../shared/src/fileReads';
import { nodeFileHost } from '../protocol/workerTransport';

/**
 * What the web client lets the server in a web worker read (client/src/web/fileSystemRequests.ts),
 * over the disk as the protocol tier's transport answers (test/protocol/workerTransport.ts): the
 * server's questions are not trusted, nor the repository.
 */
describe('the web client answers the server\u2019s reads by its own rules (client/src/web/fileSystemRequests.ts)', () => {
  let root: string;
  let ws: string;
  let trusted: boolean;
  let requests: FileRequests<string>;
  const uri = (relative: string): string => pathToFileURL(path.join(ws, relative)).toString();

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-file-requests-'));
    ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'team'), { recursive: true });
    fs.mkdirSync(path.join(root, 'home'));
    fs.writeFileSync(path.join(ws, 'team', 'roots.json'), '{"web":{}}');
    fs.writeFileSync(path.join(ws, '.env'), 'A=1\n');
    fs.writeFileSync(path.join(root, 'home', 'secret.json'), '{"token":"x"}');
    fs.writeFileSync(path.join(root, 'outside.json'), '{}');
    fs.symlinkSync(path.join(root, 'home'), path.join(ws, 'link'));
    fs.symlinkSync(path.join(root, 'home', 'secret.json'), path.join(ws, 'file-link.json'));
    trusted = true;
    requests = new FileRequests(nodeFileHost([ws], () => trusted));
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads a file inside the workspace folders, and lists and stats a folder there', async () => {
    assert.deepEqual(await requests.readFile({ uri: uri('team/roots.json'), limit: 100 }), { text: '{"web":{}}' });
    assert.deepEqual((await requests.readDirectory({ uri: uri('team') }))?.names, ['roots.json']);
    assert.equal((await requests.stat({ uri: uri('team/roots.json') })).type, 'file');
  });

  it('reads nothing outside the folders, through `..` or `.`, or named with a query or a fragment', async () => {
    const outside = { refused: 'is outside the workspace folders' };
    assert.deepEqual(await requests.readFile({ uri: pathToFileURL(path.join(root, 'outside.json')).toString(), limit: 100 }), outside);
    assert.deepEqual(await requests.readFile({ uri: `${pathToFileURL(ws)}/team/../../outside.json`, limit: 100 }), outside);
    assert.deepEqual(await requests.readFile({ uri: `${pathToFileURL(ws)}/./team/roots.json`, limit: 100 }), outside);
    assert.deepEqual(await requests.readFile({ uri: `${uri('team/roots.json')}?x=1`, limit: 100 }), { refused: 'is not a file' });
    assert.deepEqual(await requests.readFile({ uri: `${uri('team/roots.json')}#top`, limit: 100 }), { refused: 'is not a file' });
    assert.deepEqual(await requests.readFile({ uri: 42 as unknown as string, limit: 100 }), { refused: 'is not a file' });
    assert.equal(await requests.readDirectory({ uri: pathToFileURL(root).toString() }), null);
  });

  it('follows no symbolic link: neither the file\u2019s own nor a folder\u2019s on the way to it', async () => {
    assert.deepEqual(await requests.readFile({ uri: uri('file-link.json'), limit: 100 }), {
      refused: 'is a symbolic link, which the web extension does not follow',
    });
    assert.deepEqual(await requests.readFile({ uri: uri('link/secret.json'), limit: 100 }), {
      refused: 'is inside a symbolic link, which the web extension does not follow',
    });
    assert.equal((await requests.stat({ uri: uri('link/secret.json') })).type, 'refused');
    assert.equal(await requests.readDirectory({ uri: uri('link') }), null);
  });

  it('reads no dotenv or secrets file in Restricted Mode, and reads it once trusted', async () => {
    trusted = false;
    assert.deepEqual(await requests.readFile({ uri: uri('.env'), limit: 100 }), {
      refused: 'holds variables (a dotenv or secrets file), which a restricted workspace does not read',
    });
    trusted = true;
    assert.deepEqual(await requests.readFile({ uri: uri('.env'), limit: 100 }), { text: 'A=1\n' });
  });

  it('reads nothing over the limit the server asks with, nor over its own whatever the server asks', async () => {
    assert.deepEqual(await requests.readFile({ uri: uri('team/roots.json'), limit: 5 }), { refused: 'is over the size limit', tooLarge: true, size: 10 });
    const big = MAX_SIDE_FILE + 1;
    fs.writeFileSync(path.join(ws, 'big.json'), Buffer.alloc(big, 0x20));
    for (const limit of [Infinity, Number.MAX_SAFE_INTEGER, 2 * MAX_SIDE_FILE]) {
      assert.deepEqual(await requests.readFile({ uri: uri('big.json'), limit }), { refused: 'is over the size limit', tooLarge: true, size: big });
    }
  });

  it('keeps a byte order mark, for the json-bom rule to see', async () => {
    fs.writeFileSync(path.join(ws, 'bom.json'), '\ufeff{}');
    assert.deepEqual(await requests.readFile({ uri: uri('bom.json'), limit: 100 }), { text: '\ufeff{}' });
  });

  it('says a missing file does not exist, and a folder is one', async () => {
    assert.deepEqual(await requests.readFile({ uri: uri('team/none.json'), limit: 100 }), { refused: 'does not exist', missing: true });
    assert.deepEqual(await requests.readFile({ uri: uri('none/roots.json'), limit: 100 }), { refused: 'does not exist', missing: true });
    assert.equal((await requests.stat({ uri: uri('none/roots.json') })).type, 'missing');
    assert.deepEqual(await requests.readFile({ uri: uri('team'), limit: 100 }), { refused: 'is a folder' });
  });
});
