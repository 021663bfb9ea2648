import * as path from 'node:path';
import type { SeveritySetting } from '../service/codes';
import { CachingReader, diskReader } from '../node/files';
import { discoverIndexFiles, diskTree, SKIPPED_FOLDERS, type TreeReader } from '../node/discovery';
import type { ProjectConfig } from '../node/projectConfig';
import type { SourceSettings, Workspace } from '../node/workspace';
import { checkNamedSources, cliWorkspace } from './catalogFile';
import type { ParsedArgs } from './args';
import { configuredSeverities, configuredSourceSettings, displayPath, loadCliConfig } from './config';
import type { CliIo } from './io';
import { terminalText } from '../service/surfaces/terminal';

/**
 * What `check` and `fix` work on: the files named, and for each directory named (the current
 * directory when none is) the files discovery finds in it (node/discovery.ts), with the
 * configuration and source settings they are checked with.
 */

export interface CliContext {
  io: CliIo;
  reader: CachingReader;
  tree: TreeReader;
  workspace: Workspace;
  config: ProjectConfig | undefined;
  settings: SourceSettings;
  severities: Record<string, SeveritySetting>;
}

export interface Target {
  /** As shown: as given for a named file, relative to the current directory for a discovered one. */
  given: string;
  absolute: string;
}

export function cliContext(args: ParsedArgs, io: CliIo): CliContext {
  const reader = new CachingReader(diskReader);
  const config = loadCliConfig(args, io, reader);
  const settings = configuredSourceSettings(args, config, io.cwd);
  checkNamedSources(settings, reader, io);
  const workspace = cliWorkspace(io, reader, args.positional);
  // A catalog that links out of the current directory is named once, as skipped (never where it
  // points), and never read; a link only its text could make ours is refused without a word (discovery.ts).
  const skipped = new Set<string>();
  const outside = (file: string, quiet = false): string | undefined => {
    const why = workspace.outside(file);
    if (why !== undefined && !quiet && !skipped.has(file)) {
      skipped.add(file);
      io.stderr(terminalText(`mcp-catalog: skipped ${displayPath(io.cwd, file)}: it ${why}, so it is not read\n`));
    }
    return why;
  };
  return {
    io,
    reader,
    tree: diskTree(reader, outside),
    workspace,
    config,
    settings,
    severities: configuredSeverities(args, config),
  };
}

export function collectTargets(positional: readonly string[], context: CliContext): Target[] {
  const targets = new Map<string, Target>();
  for (const given of positional.length > 0 ? positional : ['.']) {
    const absolute = path.resolve(context.io.cwd, given);
    if (context.tree.entries(absolute) === undefined) {
      if (!targets.has(absolute)) targets.set(absolute, { given, absolute });
      continue;
    }
    const found = discoverIndexFiles(absolute, context.tree, { classify: (file) => context.workspace.classify(file), config: context.config });
    for (const file of found) if (!targets.has(file)) targets.set(file, { given: displayPath(context.io.cwd, file), absolute: file });
  }
  return [...targets.values()];
}

/** Why a search found nothing, for the "0 files checked" error (exit 2). */
export function nothingFoundHint(positional: readonly string[], context: CliContext): string {
  const where = positional.length > 0 ? positional.join(', ') : 'the current directory';
  const config = context.config ? `, the exclude list of ${displayPath(context.io.cwd, context.config.path)}` : '';
  return (
    `no catalog, roots index or air.json found in ${where}. ` +
    `Looked for *.json files named with an mcp or roots token (mcp.json, team-roots.json), with an AIR $schema, air.json and the files it lists; ` +
    `skipped hidden entries, ${[...SKIPPED_FOLDERS].filter((name) => !name.startsWith('.')).join(', ')}, what .gitignore ignores${config}. ` +
    'Name a FILE to check it whatever its name.'
  );
}
