import * as path from 'node:path';
import type { SeveritySetting } from '../service/codes';
import { compileIgnorePatterns, isIgnoredPath, type IgnorePattern } from '../service/ignorePatterns';
import { parseProjectConfig, PROJECT_CONFIG_NAME } from '../service/projectConfig';
import type { FileReader } from './files';

/**
 * `.mcp-catalog.json` on disk (docs/configuration.md "Configuration file"): where it is, and its values with
 * every path resolved against the file's own directory. The command line looks from the current
 * directory upward; the language server reads the one at the root of each workspace folder.
 */

export interface ProjectConfig {
  /** The file's absolute path. */
  path: string;
  severity?: Record<string, SeveritySetting>;
  knownVariables?: string[];
  /** Absolute paths. */
  envFiles?: string[];
  secretsFile?: string;
  rootsFiles?: string[];
  readProcessEnv?: boolean;
  /** Gitignore-style patterns relative to the file's directory. */
  exclude: IgnorePattern[];
  problems: string[];
}

/** The nearest `.mcp-catalog.json` in `dir` or above it, or undefined. */
export function findProjectConfig(dir: string, reader: FileReader): string | undefined {
  let current = path.resolve(dir);
  for (;;) {
    const candidate = path.join(current, PROJECT_CONFIG_NAME);
    if (reader.read(candidate) !== undefined) return candidate;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Reads and validates one file; undefined when it cannot be read. */
export function readProjectConfig(file: string, reader: FileReader): ProjectConfig | undefined {
  const absolute = path.resolve(file);
  const text = reader.read(absolute);
  if (text === undefined) return undefined;
  const { values, problems } = parseProjectConfig(text);
  const dir = path.dirname(absolute);
  const resolve = (relative: string): string => path.resolve(dir, relative);
  return {
    path: absolute,
    severity: values.severity,
    knownVariables: values.knownVariables,
    envFiles: values.envFiles?.map(resolve),
    secretsFile: values.secretsFile === undefined ? undefined : resolve(values.secretsFile),
    rootsFiles: values.rootsFiles?.map(resolve),
    readProcessEnv: values.readProcessEnv,
    exclude: compileIgnorePatterns(values.exclude ?? []),
    problems,
  };
}

/** Whether the configuration's `exclude` patterns leave out this file or folder. */
export function isExcludedByConfig(config: ProjectConfig | undefined, filePath: string, isDirectory = false): boolean {
  if (!config || config.exclude.length === 0) return false;
  const relative = path.relative(path.dirname(config.path), filePath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
  return isIgnoredPath(config.exclude, relative.split(path.sep).join('/'), isDirectory);
}
