import { isSeveritySetting, type SeveritySetting } from '../../server/src/service/severity';

/**
 * The `mcpCatalog.*` settings as both sides see them. The server reads them per resource through
 * `workspace/configuration` (section `mcpCatalog`) or `initializationOptions.settings`, and works
 * with none at all: every field has a default and bad values fall back to it.
 */
export interface McpCatalogSettings {
  /** Per-code severity overrides, including `off`. */
  severity: Record<string, SeveritySetting>;
  /** Variable names provided by stores the editor cannot see (Rails credentials, a parameter store). */
  knownVariables: string[];
  /** Dotenv files (relative to the workspace folder); empty → `.env` beside the catalog and at the workspace root. */
  envFiles: string[];
  /** An AIR secrets-file JSON map; only its names are read. */
  secretsFile: string;
  /** Roots indexes (relative to the workspace folder); empty → discovery through air.json or a sibling file. */
  rootsFiles: string[];
  /** Whether names from the editor's process environment count as set. */
  readProcessEnv: boolean;
  /** Documents larger than this many megabytes get one information diagnostic instead of a check. */
  maxFileSizeMB: number;
  validation: {
    /** Milliseconds to wait after the last keystroke before validating. */
    delay: number;
  };
  preview: {
    /** What stands for the session checkout in previews. */
    clonePath: string;
    /** `<BASE>` of what Zimmer adds to a session (SPEC §6.5): the instance's base URL, never a key. */
    zimmerUrl: string;
  };
}

/**
 * The settings a workspace folder's `.mcp-catalog.json` can also hold (its other key is
 * `exclude`); for these the server needs to know whether the user set them.
 */
export const SETTINGS_IN_PROJECT_CONFIG = ['severity', 'knownVariables', 'envFiles', 'secretsFile', 'rootsFiles', 'readProcessEnv'] as const;

export const DEFAULT_SETTINGS: McpCatalogSettings = {
  severity: {},
  knownVariables: [],
  envFiles: [],
  secretsFile: '',
  rootsFiles: [],
  readProcessEnv: true,
  maxFileSizeMB: 20,
  validation: { delay: 200 },
  preview: { clonePath: '<clone>', zimmerUrl: 'https://zimmer.example.com' },
};

const stringList = (value: unknown, fallback: string[]): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim().length > 0).map((s) => s.trim()) : fallback;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Settings from whatever a client sent (possibly nothing, possibly garbage). */
export function normaliseSettings(raw: unknown): McpCatalogSettings {
  const input = record(raw);
  const severity: Record<string, SeveritySetting> = {};
  for (const [code, level] of Object.entries(record(input.severity))) {
    if (isSeveritySetting(level)) severity[code] = level;
  }
  const number = (value: unknown, fallback: number, min: number, max: number): number =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  const validation = record(input.validation);
  const preview = record(input.preview);
  return {
    severity,
    knownVariables: stringList(input.knownVariables, DEFAULT_SETTINGS.knownVariables),
    envFiles: stringList(input.envFiles, DEFAULT_SETTINGS.envFiles),
    secretsFile: typeof input.secretsFile === 'string' ? input.secretsFile.trim() : DEFAULT_SETTINGS.secretsFile,
    rootsFiles: stringList(input.rootsFiles, DEFAULT_SETTINGS.rootsFiles),
    readProcessEnv: typeof input.readProcessEnv === 'boolean' ? input.readProcessEnv : DEFAULT_SETTINGS.readProcessEnv,
    maxFileSizeMB: number(input.maxFileSizeMB, DEFAULT_SETTINGS.maxFileSizeMB, 1, 1024),
    validation: { delay: number(validation.delay, DEFAULT_SETTINGS.validation.delay, 0, 5000) },
    preview: {
      clonePath: typeof preview.clonePath === 'string' && preview.clonePath.trim() ? preview.clonePath.trim() : DEFAULT_SETTINGS.preview.clonePath,
      zimmerUrl: typeof preview.zimmerUrl === 'string' && preview.zimmerUrl.trim() ? preview.zimmerUrl.trim() : DEFAULT_SETTINGS.preview.zimmerUrl,
    },
  };
}
