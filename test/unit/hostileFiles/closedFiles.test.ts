import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readClosedFile as readThrough, refusedBeforeReading, type ClosedFilePolicy } from '../../../server/src/node/closedFiles';
import { nodeFileSystem } from '../../../server/src/node/nodeFileSystem';
import { tempTree } from '../helpers';

const readClosedFile = (filePath: string, policy: ClosedFilePolicy) => readThrough(filePath, policy, nodeFileSystem);
const fileStamp = (filePath: string) => nodeFileSystem.stamp(filePath);

/**
 * Files a workspace diagnostic pull names that are not open (server/src/node/closedFiles.ts): the
 * client names them, the repository decides what is there (SPEC §8). Only a regular file inside a
 * workspace folder (after symlinks), within the size limit, in a trusted workspace is read.
 */

const CATALOG = '{"s": {"type": "stdio", "command": "x"}}\n';

function policy(folder: string, overrides: Partial<ClosedFilePolicy> = {}): ClosedFilePolicy {
  return { folders: [folder], trusted: true, limit: 1024 * 1024, ...overrides };
}

describe('closed files a workspace pull names (SPEC §8)', () => {
  it('reads a regular file inside a workspace folder', () => {
    const dir = tempTree({ 'team/mcp.json': CATALOG });
    assert.deepEqual(readClosedFile(path.join(dir, 'team/mcp.json'), policy(dir)), { text: CATALOG });
  });

  it('refuses by the path as written before touching the disk: outside every folder, restricted, or no folder', () => {
    // A path that does not exist anywhere: only a decision made without the disk can name the reason.
    const named = '/no/such/share/team/mcp.json';
    assert.equal(refusedBeforeReading(named, { folders: ['/work/repo'], trusted: true }), 'is outside the workspace folders');
    assert.match(refusedBeforeReading(named, { folders: ['/no/such/share'], trusted: false })!, /restricted workspace/);
    assert.match(refusedBeforeReading(named, { folders: [], trusted: true })!, /no workspace folder/);
    assert.equal(refusedBeforeReading(named, { folders: ['/no/such/share'], trusted: true }), undefined);
    assert.equal(refusedBeforeReading('/work/repo-other/mcp.json', { folders: ['/work/repo'], trusted: true }), 'is outside the workspace folders');
  });

  it('refuses a file outside every folder, also through a symlink inside one, and everything when there is no folder', () => {
    const dir = tempTree();
    const outside = tempTree({ 'mcp.json': CATALOG });
    fs.symlinkSync(path.join(outside, 'mcp.json'), path.join(dir, 'linked-mcp.json'));
    assert.match((readClosedFile(path.join(outside, 'mcp.json'), policy(dir)) as { refused: string }).refused, /^is outside the workspace folders$/);
    assert.match(
      (readClosedFile(path.join(dir, 'linked-mcp.json'), policy(dir)) as { refused: string }).refused,
      /^is outside the workspace folders \(it links to /,
    );
    assert.match((readClosedFile(path.join(outside, 'mcp.json'), policy(dir, { folders: [] })) as { refused: string }).refused, /no workspace folder/);
  });

  it('refuses everything in a restricted workspace, a FIFO without blocking, and a file over the limit without reading it', () => {
    const dir = tempTree({ 'mcp.json': CATALOG, 'big-mcp.json': 'x'.repeat(2048) });
    assert.match((readClosedFile(path.join(dir, 'mcp.json'), policy(dir, { trusted: false })) as { refused: string }).refused, /restricted workspace/);
    const fifo = path.join(dir, 'fifo-mcp.json');
    execFileSync('mkfifo', [fifo]);
    assert.deepEqual(readClosedFile(fifo, policy(dir)), { refused: 'is a FIFO (named pipe)' });
    assert.match((readClosedFile(path.join(dir, 'big-mcp.json'), policy(dir, { limit: 1024 })) as { refused: string }).refused, /over the .* limit/);
    assert.deepEqual(readClosedFile(path.join(dir, 'gone-mcp.json'), policy(dir)), { refused: 'does not exist' });
  });

  it('has a stamp that stays while the file does and moves when it is rewritten, replaced or removed', () => {
    const dir = tempTree({ 'mcp.json': CATALOG });
    const file = path.join(dir, 'mcp.json');
    const first = fileStamp(file);
    assert.equal(fileStamp(file), first, 'nothing changed');
    fs.writeFileSync(file, `${CATALOG} `);
    const rewritten = fileStamp(file);
    assert.notEqual(rewritten, first, 'a longer content');
    fs.writeFileSync(path.join(dir, 'next.json'), `${CATALOG}x`);
    fs.renameSync(path.join(dir, 'next.json'), file);
    assert.notEqual(fileStamp(file), rewritten, 'another file moved over it (same size, another inode)');
    fs.rmSync(file);
    assert.equal(fileStamp(file), 'unreadable:ENOENT');
  });
});
