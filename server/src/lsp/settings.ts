import type { Connection } from 'vscode-languageserver';
import { DEFAULT_SETTINGS, normaliseSettings, type McpCatalogSettings } from '../../../shared/src/settings';

/**
 * Settings per resource (DESIGN §11): `workspace/configuration` when the client supports it,
 * else `initializationOptions.settings`, else defaults. Cached until the client says they changed.
 */
export class SettingsProvider {
  private readonly cache = new Map<string, Promise<McpCatalogSettings>>();
  private fallback: McpCatalogSettings = DEFAULT_SETTINGS;

  constructor(
    private readonly connection: Connection,
    private supportsConfiguration: boolean,
    initialSettings: unknown,
  ) {
    if (initialSettings !== undefined) this.fallback = normaliseSettings(initialSettings);
  }

  /** Pushed settings (`workspace/didChangeConfiguration` with a payload) for clients that cannot be asked. */
  setFallback(raw: unknown): void {
    this.fallback = normaliseSettings(raw);
  }

  clear(): void {
    this.cache.clear();
  }

  get(resource: string): Promise<McpCatalogSettings> {
    if (!this.supportsConfiguration) return Promise.resolve(this.fallback);
    let pending = this.cache.get(resource);
    if (!pending) {
      pending = this.connection.workspace
        .getConfiguration({ scopeUri: resource, section: 'mcpCatalog' })
        .then(
          (raw: unknown) => (raw === null || raw === undefined ? this.fallback : normaliseSettings(raw)),
          () => this.fallback,
        );
      this.cache.set(resource, pending);
    }
    return pending;
  }
}
