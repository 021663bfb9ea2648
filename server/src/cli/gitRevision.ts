import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import type { TreeEntry, TreeReader } from '../node/discovery';
import { findOnPath } from '../node/executables';
import { nodeFileSystem } from '../node/nodeFileSystem';

/**
 * A git revision as a read-only file tree, for `mcp-catalog diff` (docs/command-line.md "Reviewing a change"):
 * listed with `git ls-tree` and read with `git show REV:path`, so the user's working tree is never
 * checked out over or touched. Paths are absolute, under the repository's top level, exactly as
 * the working tree's, so both sides' discovery and facts line up file by file.
 */

const MAX_OUTPUT = 256 * 1024 * 1024;

let found: { pathValue: string | undefined; git: string | undefined } | undefined;

/**
 * git's absolute path, found on the process's PATH once (again only if PATH changes): never run by
 * bare name, which would let a `git` in the repository under review run (`node/executables.ts`).
 */
export function gitExecutable(): string | undefined {
  const pathValue = process.env.PATH;
  if (!found || found.pathValue !== pathValue) found = { pathValue, git: findOnPath('git', pathValue) };
  return found.git;
}

function git(cwd: string, args: readonly string[]): { ok: boolean; stdout: string } {
  const executable = gitExecutable();
  if (!executable) return { ok: false, stdout: '' };
  const result = spawnSync(executable, args, { cwd, encoding: 'utf8', maxBuffer: MAX_OUTPUT, stdio: ['ignore', 'pipe', 'pipe'] });
  return { ok: result.status === 0 && !result.error, stdout: result.stdout ?? '' };
}

/** The repository's top level, or undefined outside a repository (or without git). */
export function repositoryRoot(cwd: string): string | undefined {
  const result = git(cwd, ['rev-parse', '--show-toplevel']);
  return result.ok ? path.resolve(result.stdout.trim()) : undefined;
}

/** The commit a revision names, or undefined when it names none. */
export function resolveCommit(root: string, revision: string): string | undefined {
  if (revision.startsWith('-')) return undefined;
  const result = git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]);
  return result.ok ? result.stdout.trim() : undefined;
}

/** The tree of `commit`: regular files only (no symbolic links or submodules). */
export function revisionTree(root: string, commit: string): TreeReader {
  const listing = git(root, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  const directories = new Map<string, TreeEntry[]>([[root, []]]);
  const files = new Set<string>();
  const addEntry = (dir: string, entry: TreeEntry): void => {
    let entries = directories.get(dir);
    if (!entries) {
      entries = [];
      directories.set(dir, entries);
      addEntry(path.dirname(dir), { name: path.basename(dir), directory: true });
    }
    if (!entries.some((other) => other.name === entry.name)) entries.push(entry);
  };
  for (const record of listing.stdout.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type] = record.slice(0, tab).split(' ');
    if (type !== 'blob' || mode === '120000') continue;
    const file = path.join(root, ...record.slice(tab + 1).split('/'));
    files.add(file);
    addEntry(path.dirname(file), { name: path.basename(file), directory: false });
  }
  const texts = new Map<string, string | undefined>();
  return {
    read(filePath) {
      const absolute = path.resolve(filePath);
      if (!files.has(absolute)) return undefined;
      if (!texts.has(absolute)) {
        const relative = path.relative(root, absolute).split(path.sep).join('/');
        const shown = git(root, ['show', `${commit}:${relative}`]);
        texts.set(absolute, shown.ok ? shown.stdout : undefined);
      }
      return texts.get(absolute);
    },
    list: (dir) => directories.get(path.resolve(dir))?.map((entry) => entry.name),
    entries: (dir) => directories.get(path.resolve(dir)),
    // Containment is judged on the disk's real paths, as for the working tree (node/sideFiles.ts).
    realPath: (filePath) => nodeFileSystem.realPath(filePath),
  };
}
