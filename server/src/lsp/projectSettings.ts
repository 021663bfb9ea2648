import * as path from 'node:path';
import { normaliseSettings, type McpCatalogSettings } from '../../../shared/src/settings';
import { isExcludedByConfig, type ProjectConfig } from '../node/projectConfig';

/**
 * The editor's side of `.mcp-catalog.json` (docs/configuration.md "Configuration file"): the file of the
 * resource's workspace folder lies under the user's settings. A setting the user set wins; one
 * left at its default gives way to the file. What counts as set is what the client sends: the VS
 * Code client leaves defaults out (client/src/explicitSettings.ts); other clients send only what
 * their user configured. Severity overrides merge per code, the setting's winning.
 */

/** The settings of one resource, with what the configuration file decides about it. */
export interface ResourceSettings extends McpCatalogSettings {
  /** The file's `exclude` leaves this resource out: it is not checked. */
  excluded?: boolean;
  /** Where the known names came from, as messages name it, when the file gave them. */
  knownVariablesLabel?: string;
}

const FILE_KEYS = ['knownVariables', 'envFiles', 'secretsFile', 'rootsFiles', 'readProcessEnv'] as const;

export function withProjectConfig(
  raw: unknown,
  config: ProjectConfig | undefined,
  resourcePath: string | undefined,
  folder: string | undefined,
): ResourceSettings {
  const explicit: Record<string, unknown> = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
  if (!config) return normaliseSettings(explicit);
  const fromFile = new Set<string>();
  for (const key of FILE_KEYS) {
    if (explicit[key] === undefined && config[key] !== undefined) {
      explicit[key] = config[key];
      fromFile.add(key);
    }
  }
  const severity = explicit.severity && typeof explicit.severity === 'object' ? (explicit.severity as Record<string, unknown>) : {};
  explicit.severity = { ...(config.severity ?? {}), ...severity };
  const settings: ResourceSettings = normaliseSettings(explicit);
  if (resourcePath && isExcludedByConfig(config, resourcePath)) settings.excluded = true;
  if (fromFile.has('knownVariables')) {
    const shown = folder ? path.relative(folder, config.path) || config.path : config.path;
    settings.knownVariablesLabel = `knownVariables of ${shown}`;
  }
  return settings;
}
