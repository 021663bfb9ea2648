import * as fs from 'node:fs';
import * as path from 'node:path';
import { oneOf, parseArgs, UsageError } from './args';
import { displayPath } from './config';
import { compareSides } from './diffModel';
import { DIFF_FORMATS, formatDiff } from './diffFormats';
import { gitExecutable, repositoryRoot, resolveCommit, revisionTree } from './gitRevision';
import type { CliIo } from './io';
import { SOURCE_OPTIONS } from './sources';
import { CONFIG_OPTIONS } from './config';
import { cliContext } from './targets';
import { terminalText } from '../service/surfaces/terminal';

export const DIFF_USAGE = `mcp-catalog diff [--format text|json|markdown] [same source options]
                 [--config FILE | --no-config] BASE [HEAD]`;

/**
 * `mcp-catalog diff BASE [HEAD]` (docs/command-line.md "Reviewing a change"): what a change does to the
 * catalogs under the current directory. HEAD defaults to the working tree; revisions are read
 * through git, never checked out. Both sides use the configuration in effect now (the working
 * tree's `.mcp-catalog.json`), so only the change itself differs. Exit 1 when the change adds an
 * error-severity finding or makes a server's or root's readiness worse, 0 otherwise, 2 for usage
 * errors and revisions git does not know.
 */
export function runDiff(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { ...SOURCE_OPTIONS, ...CONFIG_OPTIONS, format: { value: true } });
  const format = oneOf(args, 'format', DIFF_FORMATS, 'text');
  if (args.positional.length === 0) throw new UsageError('no BASE revision given');
  if (args.positional.length > 2) throw new UsageError('give BASE and at most one HEAD revision');
  const [baseRevision, headRevision] = args.positional;
  if (!gitExecutable()) {
    io.stderr(terminalText('mcp-catalog diff: git was not found in the absolute folders of PATH\n'));
    return 2;
  }
  const root = repositoryRoot(io.cwd);
  if (!root) {
    io.stderr(terminalText('mcp-catalog diff: the current directory is not inside a git repository\n'));
    return 2;
  }
  const context = cliContext(args, io);
  const commits: string[] = [];
  for (const revision of [baseRevision, headRevision].filter((r): r is string => r !== undefined)) {
    const commit = resolveCommit(root, revision);
    if (!commit) {
      io.stderr(terminalText(`mcp-catalog diff: "${revision}" is not a revision of this repository\n`));
      return 2;
    }
    commits.push(commit);
  }
  // The same absolute paths on both sides: the current directory under the repository's top level.
  const dir = path.join(root, path.relative(fs.realpathSync(root), fs.realpathSync(io.cwd)));
  const result = compareSides(
    { label: baseRevision, tree: revisionTree(root, commits[0]) },
    headRevision === undefined ? { label: 'working tree', tree: context.tree } : { label: headRevision, tree: revisionTree(root, commits[1]) },
    {
      dir,
      repositoryRoot: root,
      config: context.config,
      settings: context.settings,
      severities: context.severities,
      env: io.env,
      display: (file) => displayPath(dir, file),
    },
  );
  io.stdout(formatDiff(format, result));
  return result.addedErrors > 0 || result.worsened > 0 ? 1 : 0;
}
