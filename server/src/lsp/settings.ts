import type { Connection } from 'vscode-languageserver';
import type { ProjectConfig } from '../node/projectConfig';
import { withProjectConfig, type ResourceSettings } from './projectSettings';

/**
 * Settings per resource (DESIGN §11): `workspace/configuration` when the client supports it,
 * else `initializationOptions.settings`, else defaults — each over the workspace folder's
 * `.mcp-catalog.json` (lsp/projectSettings.ts). Cached until the client says they changed or a
 * watched file (the configuration file among them) changed.
 */
export class SettingsProvider {
  private readonly cache = new Map<string, Promise<ResourceSettings>>();
  private fallback: unknown = undefined;

  constructor(
    private readonly connection: Connection,
    private supportsConfiguration: boolean,
    initialSettings: unknown,
    /** The configuration file for a resource (URI), with its path and workspace folder. */
    private readonly projectConfig: (resource: string) => Promise<{ config?: ProjectConfig; filePath?: string; folder?: string }> = async () => ({}),
  ) {
    if (initialSettings !== undefined) this.fallback = initialSettings;
  }

  /** Pushed settings (`workspace/didChangeConfiguration` with a payload) for clients that cannot be asked. */
  setFallback(raw: unknown): void {
    this.fallback = raw;
  }

  clear(): void {
    this.cache.clear();
  }

  get(resource: string): Promise<ResourceSettings> {
    let pending = this.cache.get(resource);
    if (!pending) {
      const merge = async (raw: unknown): Promise<ResourceSettings> => {
        const { config, filePath, folder } = await this.projectConfig(resource);
        return withProjectConfig(raw, config, filePath, folder);
      };
      pending = !this.supportsConfiguration
        ? merge(this.fallback)
        : this.connection.workspace.getConfiguration({ scopeUri: resource, section: 'mcpCatalog' }).then(
            (raw: unknown) => merge(raw === null || raw === undefined ? this.fallback : raw),
            () => merge(this.fallback),
          );
      this.cache.set(resource, pending);
    }
    return pending;
  }
}
