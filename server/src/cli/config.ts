import * as path from 'node:path';
import type { SeveritySetting } from '../service/codes';
import { CLI_SURFACE } from '../service/surface';
import type { FileReader } from '../node/files';
import { findProjectConfig, readProjectConfig, type ProjectConfig } from '../node/projectConfig';
import { SideFiles } from '../node/sideFiles';
import type { SourceSettings } from '../node/workspace';
import { UsageError, type OptionSpec, type ParsedArgs } from './args';
import type { CliIo } from './io';
import { severityOverrides, sourceSettings } from './sources';

/**
 * The command line's side of `.mcp-catalog.json` (docs/configuration.md "Configuration file"): found from the
 * current directory upward, or named with `--config`, or switched off with `--no-config`. A flag
 * given on the command line wins over the file, as a VS Code setting wins in the editor; severity
 * overrides merge per code.
 */

export const CONFIG_OPTIONS: Record<string, OptionSpec> = {
  config: { value: true },
  'no-config': { value: false },
};

/** The configuration in effect, or undefined; a file with problems is an error (exit 2), never half-read silently. */
export function loadCliConfig(args: ParsedArgs, io: CliIo, reader: FileReader): ProjectConfig | undefined {
  const named = args.options.get('config')?.[0];
  if (named !== undefined && args.flags.has('no-config')) throw new UsageError('give either --config or --no-config, not both');
  if (args.flags.has('no-config')) return undefined;
  const file = named !== undefined ? path.resolve(io.cwd, named) : findProjectConfig(io.cwd, reader);
  if (file === undefined) return undefined;
  const shown = displayPath(io.cwd, file);
  // Found, not named: a repository's link to a file elsewhere (SPEC §8) would have its keys quoted in the problems below.
  const outside = named === undefined ? new SideFiles(reader, { containment: [path.dirname(file)], containmentLabel: 'its folder' }).outside(file) : undefined;
  if (outside !== undefined) throw new Error(`${shown} ${outside}, so it is not read; name a configuration with --config`);
  const config = readProjectConfig(file, reader);
  if (!config) throw new Error(`cannot read the configuration file ${shown}`);
  if (config.problems.length > 0) throw new Error(`${shown}: ${config.problems.join('; ')}`);
  return config;
}

/** The source options with the configuration under them. */
export function configuredSourceSettings(args: ParsedArgs, config: ProjectConfig | undefined, cwd: string): SourceSettings {
  const flags = sourceSettings(args);
  const fromFlag = (name: string): boolean => args.options.has(name);
  const knownFromFile = !fromFlag('known') && (config?.knownVariables?.length ?? 0) > 0;
  return {
    ...flags,
    knownVariables: fromFlag('known') ? flags.knownVariables : (config?.knownVariables ?? []),
    surface: knownFromFile ? { ...CLI_SURFACE, knownNames: `knownVariables of ${displayPath(cwd, config!.path)}` } : flags.surface,
    envFiles: fromFlag('env-file') || fromFlag('dotenv') ? flags.envFiles : (config?.envFiles ?? []),
    secretsFile: fromFlag('secrets-file') ? flags.secretsFile : config?.secretsFile,
    rootsFiles: fromFlag('roots') ? flags.rootsFiles : (config?.rootsFiles ?? []),
    readProcessEnv: args.flags.has('no-process-env') ? false : (config?.readProcessEnv ?? true),
  };
}

export function configuredSeverities(args: ParsedArgs, config: ProjectConfig | undefined): Record<string, SeveritySetting> {
  return { ...(config?.severity ?? {}), ...severityOverrides(args) };
}

/** A path as the user reads it: relative to the current directory when inside it. */
export function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
