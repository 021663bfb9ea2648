import * as fs from 'node:fs';
import * as path from 'node:path';
import { CachingReader } from '../node/files';
import { discoverIndexFiles } from '../node/discovery';
import { Workspace, type SourceSettings } from '../node/workspace';
import { UsageError } from './args';
import { displayPath } from './config';
import type { CliIo } from './io';
import type { CliContext } from './targets';
import { terminalText } from '../service/surfaces/terminal';
import { INDEX_NOUN } from '../service/classify';

/** A catalog named on the command line, read once, with the workspace that discovers its sources. */
export interface CatalogFile {
  given: string;
  absolute: string;
  text: string;
  workspace: Workspace;
}

/**
 * The command line's workspace (SPEC §7, §8): rooted at the current directory. Side files found by
 * discovery must lie below it — or below a DIR the user named, or beside a FILE — while the sources
 * named by a flag may lie anywhere. A DIR contains only itself: `check .` must not open the parent
 * of the repository to a skill's `../x` path.
 */
export function cliWorkspace(io: CliIo, reader: CachingReader, positional: readonly string[]): Workspace {
  const folders = [io.cwd, ...positional.map((given) => containmentOf(path.resolve(io.cwd, given)))];
  return new Workspace(reader, { workspaceRoot: io.cwd, env: io.env, containment: [...new Set(folders)], containmentLabel: 'the current directory' });
}

/** The folder a named target opens: a directory itself, a file's folder. */
function containmentOf(target: string): string {
  try {
    return fs.statSync(target).isDirectory() ? target : path.dirname(target);
  } catch {
    return path.dirname(target);
  }
}

/**
 * A source named by a flag that cannot be read is a usage error (exit 2, one line, SPEC §7): a
 * typo in `--env-file` must not pass silently as "every variable unresolved".
 */
export function checkNamedSources(settings: SourceSettings, reader: CachingReader, io: CliIo): void {
  const named: [string, string][] = [
    ...settings.rootsFiles.map((file): [string, string] => ['--roots', file]),
    ...settings.envFiles.map((file): [string, string] => ['--env-file', file]),
    ...(settings.secretsFile ? [['--secrets-file', settings.secretsFile] as [string, string]] : []),
  ];
  for (const [flag, given] of named) {
    const absolute = path.resolve(io.cwd, given);
    if (reader.read(absolute) === undefined) throw new Error(`cannot read ${flag} ${given}: it ${reader.refusal(absolute) ?? 'cannot be read'}`);
  }
}

/**
 * The one-catalog prologue of `readiness` and `preview`: exactly one FILE, or a directory holding
 * exactly one catalog (found as `check` finds it), readable (else exit 2 with a message), and not
 * a roots, skills, hooks, plugins or references index.
 */
export function readCatalogArgument(positional: readonly string[], context: CliContext, command: string): CatalogFile | number {
  const { io, reader, workspace } = context;
  if (positional.length !== 1) throw new UsageError(positional.length === 0 ? 'no FILE given' : 'give exactly one catalog FILE');
  let [given] = positional;
  let absolute = path.resolve(io.cwd, given);
  if (context.tree.entries(absolute) !== undefined) {
    const catalogs = discoverIndexFiles(absolute, context.tree, { classify: (file) => workspace.classify(file), config: context.config }).filter(
      (file) => workspace.classify(file) === 'catalog',
    );
    if (catalogs.length === 0) {
      io.stderr(terminalText(`mcp-catalog ${command}: no catalog found in ${given}; name the catalog FILE\n`));
      return 2;
    }
    if (catalogs.length > 1)
      throw new UsageError(`${given} holds ${catalogs.length} catalogs (${catalogs.map((file) => displayPath(io.cwd, file)).join(', ')}); name one`);
    absolute = catalogs[0];
    given = displayPath(io.cwd, absolute);
  }
  if (context.tree.outside?.(absolute) !== undefined) return 2;
  const text = reader.read(absolute);
  if (text === undefined) {
    io.stderr(terminalText(`mcp-catalog ${command}: cannot read ${given}: it ${reader.refusal(absolute) ?? 'cannot be read'}\n`));
    return 2;
  }
  const kind = workspace.classify(absolute, text);
  if (kind === 'roots') throw new UsageError(`${given} is a roots index; give the catalog (mcp.json) that uses it`);
  // SPEC §12: the other indexes hold no servers of their own.
  if (kind && kind !== 'catalog' && kind !== 'air')
    throw new UsageError(`${given} is a ${INDEX_NOUN[kind].index}; give the catalog (mcp.json) of its repository`);
  return { given, absolute, text, workspace };
}
