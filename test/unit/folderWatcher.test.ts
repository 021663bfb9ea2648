import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FolderWatcher } from '../../server/src/lsp/watchers';

/**
 * The server's own folder watching, for clients that cannot watch files (lsp/watchers.ts). An
 * analysis reads a roots index, then its folder is watched: a change that lands between the two is
 * not an event of the new watcher, so the file's modification time must tell it.
 */
describe('fallback folder watching (lsp/watchers.ts)', () => {
  let dir: string;
  let watcher: FolderWatcher | undefined;
  let changes = 0;
  let onChange: (() => void) | undefined;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-watch-'));
    changes = 0;
    onChange = undefined;
    watcher = new FolderWatcher(() => {
      changes++;
      onChange?.();
    });
  });
  afterEach(() => {
    watcher?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const changed = (): Promise<void> => (changes > 0 ? Promise.resolve() : new Promise((resolve) => (onChange = resolve)));
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

  it('counts a file modified after it was read, before its folder was watched, as a change', async () => {
    const roots = path.join(dir, 'roots.json');
    fs.writeFileSync(roots, '{}\n');
    const readSince = Date.now();
    // Written again after the read: its modification time is later than the read.
    fs.writeFileSync(roots, '{"docs": {"description": "Docs"}}\n');
    fs.utimesSync(roots, new Date(readSince + 5000), new Date(readSince + 5000));
    watcher!.watchFilesOf([path.join(dir, 'mcp.json'), roots], readSince);
    await changed();
    assert.equal(changes, 1, 'one revalidation for the change the watcher could not see');
  });

  it('counts a file created after the read (a roots index that was missing) as a change', async () => {
    const roots = path.join(dir, 'roots.json');
    const readSince = Date.now() - 5000;
    fs.writeFileSync(roots, '{}\n');
    watcher!.watchFilesOf([roots], readSince);
    await changed();
    assert.equal(changes, 1);
  });

  it('leaves files unchanged since the read alone, and a missing file is no change', async () => {
    const roots = path.join(dir, 'roots.json');
    fs.writeFileSync(roots, '{}\n');
    fs.utimesSync(roots, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    watcher!.watchFilesOf([roots, path.join(dir, '.env')], Date.now() - 1000);
    await settle();
    assert.equal(changes, 0);
  });

  it('checks modification times only in folders it starts watching (a watched folder sees its own changes)', async () => {
    const roots = path.join(dir, 'roots.json');
    fs.writeFileSync(roots, '{}\n');
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(roots, future, future);
    // Watched by an earlier analysis; a later one's read cannot have missed what the watcher saw.
    watcher!.watchFilesOf([roots]);
    watcher!.watchFilesOf([roots], Date.now());
    await settle();
    assert.equal(changes, 0);
  });
});
