import * as path from 'node:path';
import { nodeValue, parseJson } from '../service/parse';
import { EDITOR_SURFACE, type Surface } from '../service/surface';
import { namesWithoutValues, namesWithValues, VariableIndex, type VariableSource } from '../service/variables';
import type { SideFiles, SideRead } from './sideFiles';

/**
 * The variable sources of a catalog (SPEC §4.3), in resolution order: known names, dotenv files,
 * the secrets file, the process environment. Only names are kept. In a restricted workspace none
 * of the files is even opened (node/sideFiles.ts says why a file was not read).
 */

export interface VariableSettings {
  knownVariables: readonly string[];
  surface?: Surface;
  envFiles: readonly string[];
  secretsFile?: string;
  readProcessEnv: boolean;
  trusted: boolean;
}

export interface VariableContext {
  side: SideFiles;
  workspaceRoot?: string;
  /** Undefined where there is no process environment (the language server in a web worker). */
  env: NodeJS.ProcessEnv | undefined;
  resolve(file: string): string;
  display(file: string): string;
}

export function discoverVariables(context: VariableContext, filePath: string, settings: VariableSettings, dependencies: string[]): VariableIndex {
  const sources: VariableSource[] = [];
  const skipped: string[] = [];
  if (settings.knownVariables.length > 0) {
    sources.push({
      kind: 'known',
      label: `names declared in ${(settings.surface ?? EDITOR_SURFACE).knownNames}`,
      exists: true,
      names: new Set(settings.knownVariables),
    });
  }
  const envFiles = envFilesFor(context, filePath, settings);
  if (!settings.trusted) {
    // Not read, but still dependencies: a change re-checks the catalog (which then still does not read them).
    dependencies.push(...envFiles);
    skipped.push('env files, secrets files and the process environment (restricted workspace)');
    return new VariableIndex(sources, skipped, true);
  }
  const explicitEnv = settings.envFiles.length > 0;
  for (const envFile of envFiles) {
    dependencies.push(envFile);
    const read = context.side.read(envFile, { explicit: explicitEnv, trusted: true });
    const entries = 'text' in read ? Object.entries(parseDotenv(read.text)) : [];
    sources.push({
      kind: 'dotenv',
      label: context.display(envFile),
      path: envFile,
      exists: 'text' in read,
      names: namesWithValues(entries),
      empty: namesWithoutValues(entries),
      ...problem(read),
    });
  }
  if (settings.secretsFile) {
    const secretsPath = context.resolve(settings.secretsFile);
    dependencies.push(secretsPath);
    const read = context.side.read(secretsPath, { explicit: true, trusted: true });
    const names = 'text' in read ? secretNames(read.text) : new Set<string>();
    sources.push({
      kind: 'secrets',
      label: `secrets file ${context.display(secretsPath)}`,
      path: secretsPath,
      exists: 'text' in read,
      names,
      ...problem(read),
    });
  }
  if (settings.readProcessEnv && context.env) {
    sources.push({ kind: 'process', label: 'the process environment', exists: true, names: namesWithValues(Object.entries(context.env)) });
  } else if (settings.readProcessEnv) {
    skipped.push(NO_PROCESS_ENVIRONMENT);
  } else {
    skipped.push('the process environment (switched off)');
  }
  return new VariableIndex(sources, skipped);
}

/** Why the process environment is not a source where the server has none (docs/web.md). */
export const NO_PROCESS_ENVIRONMENT = 'the process environment (there is none in the web extension)';

/** What a refused source says instead of "not found". */
function problem(read: SideRead): { problem?: string } {
  return 'refused' in read && !read.missing ? { problem: read.refused } : {};
}

/** The files that are variable sources by configuration: never read as anything else while restricted. */
export function configuredVariableFiles(context: VariableContext, settings: VariableSettings): string[] {
  return [...settings.envFiles, ...(settings.secretsFile ? [settings.secretsFile] : [])].map((file) => context.resolve(file));
}

/** Explicit env files replace discovery; otherwise `.env` beside the catalog and at the workspace root. */
function envFilesFor(context: VariableContext, filePath: string, settings: VariableSettings): string[] {
  if (settings.envFiles.length > 0) return [...new Set(settings.envFiles.map((file) => context.resolve(file)))];
  const candidates = [path.join(path.dirname(filePath), '.env')];
  if (context.workspaceRoot) candidates.push(path.join(context.workspaceRoot, '.env'));
  return [...new Set(candidates)];
}

/** Names of an AIR secrets-file JSON map whose values are non-blank strings. Values are dropped at once. */
function secretNames(text: string): Set<string> {
  const value = nodeValue(parseJson(text).root);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return new Set();
  return namesWithValues(Object.entries(value as Record<string, unknown>));
}

/**
 * dotenv's parser, loaded when a dotenv file is read: dotenv loads Node's `crypto` (for its
 * encrypted vault, which is never used here) and a check without a dotenv file should not pay for
 * it (bench/NOTES.md "Start-up").
 */
function parseDotenv(text: string): Record<string, string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('dotenv') as typeof import('dotenv')).parse(text);
}
