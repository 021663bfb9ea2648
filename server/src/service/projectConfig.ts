import { isCode, isSeveritySetting, type SeveritySetting } from './codes';
import { nodeValue, parseJson } from './parse';

/**
 * `.mcp-catalog.json` (docs/configuration.md "Configuration file"): one configuration the language server and
 * the command line both read, with the keys of the `mcpCatalog.*` settings that decide verdicts
 * plus `exclude`. Pure: validates the text and reports every problem; the caller resolves paths
 * (relative to the file) and decides where to look for it. A dot-file, so SPEC §1 never takes it
 * for a catalog.
 */

export const PROJECT_CONFIG_NAME = '.mcp-catalog.json';

/** The keys it may hold, in the order the README documents them. */
export const PROJECT_CONFIG_KEYS = ['severity', 'knownVariables', 'envFiles', 'secretsFile', 'rootsFiles', 'readProcessEnv', 'exclude'] as const;
export type ProjectConfigKey = (typeof PROJECT_CONFIG_KEYS)[number];

/** What the file says, paths still as written. A key is present only when the file sets it validly. */
export interface ProjectConfigValues {
  severity?: Record<string, SeveritySetting>;
  knownVariables?: string[];
  envFiles?: string[];
  secretsFile?: string;
  rootsFiles?: string[];
  readProcessEnv?: boolean;
  exclude?: string[];
}

export interface ParsedProjectConfig {
  values: ProjectConfigValues;
  /** One sentence per problem ("knownVariables must be an array of strings"); values with a problem are left out. */
  problems: string[];
}

export function parseProjectConfig(text: string): ParsedProjectConfig {
  const problems: string[] = [];
  const parsed = parseJson(text);
  const root = nodeValue(parsed.root);
  if (!parsed.root || parsed.findings.some((f) => f.code === 'json-syntax')) return { values: {}, problems: ['it is not valid JSON'] };
  if (!root || typeof root !== 'object' || Array.isArray(root)) return { values: {}, problems: ['it must hold a JSON object'] };
  const values: ProjectConfigValues = {};
  for (const [key, value] of Object.entries(root as Record<string, unknown>)) {
    switch (key) {
      case '$schema':
        break;
      case 'severity':
        if (!isRecord(value)) problems.push('severity must be an object of code → level');
        else {
          const severity: Record<string, SeveritySetting> = {};
          for (const [code, level] of Object.entries(value)) {
            if (!isCode(code)) problems.push(`severity: "${code}" is not a diagnostic code`);
            else if (!isSeveritySetting(level)) problems.push(`severity.${code} must be error, warning, information, hint or off`);
            else severity[code] = level;
          }
          values.severity = severity;
        }
        break;
      case 'knownVariables':
      case 'envFiles':
      case 'rootsFiles':
      case 'exclude':
        if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim().length === 0))
          problems.push(`${key} must be an array of non-empty strings`);
        else values[key] = value.map((item: string) => item.trim());
        break;
      case 'secretsFile':
        if (typeof value !== 'string') problems.push('secretsFile must be a string');
        else if (value.trim()) values.secretsFile = value.trim();
        break;
      case 'readProcessEnv':
        if (typeof value !== 'boolean') problems.push('readProcessEnv must be true or false');
        else values.readProcessEnv = value;
        break;
      default:
        problems.push(`unknown key "${key}" (known: ${PROJECT_CONFIG_KEYS.join(', ')})`);
    }
  }
  return { values, problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
