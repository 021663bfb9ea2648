import * as vscode from 'vscode';
import { type LiveGetParams, type LiveGetResult } from '../../../shared/src/liveProtocol';
import { checkInstanceUrl, createInstanceGet, isInstancePath, isSendableKey } from '../../../shared/src/liveTransport';

/**
 * The connection to a Zimmer instance (SPEC §11): its URL in the `mcpCatalog.live.url` setting,
 * its API key in the editor's SecretStorage — stored per origin, so a URL changed by a workspace
 * setting never receives a key given for another host. This side makes every HTTP request (the
 * language server asks over `mcpCatalog/liveGet` and never sees the key); it refuses in a
 * restricted workspace, for paths outside SPEC §11, and for plain http: beyond loopback.
 */

export const LIVE_SETTINGS = 'mcpCatalog.live';
const SECRET_PREFIX = 'mcpCatalog.live.apiKey:';

export type ConnectionStatus =
  | { kind: 'off' }
  | { kind: 'restricted'; message: string }
  | { kind: 'invalid-url'; message: string }
  | { kind: 'no-key'; base: string; message: string }
  | { kind: 'ready'; base: string; origin: string };

export class LiveConnection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** The URL, the key or the workspace trust changed. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(LIVE_SETTINGS)) this.changed.fire();
      }),
      secrets.onDidChange((event) => {
        if (event.key.startsWith(SECRET_PREFIX)) this.changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
  }

  /** The configured URL as written (empty when the user never connected). */
  get url(): string {
    return (vscode.workspace.getConfiguration(LIVE_SETTINGS).get<string>('url') ?? '').trim();
  }

  async status(): Promise<ConnectionStatus> {
    const url = this.url;
    if (url === '') return { kind: 'off' };
    if (!vscode.workspace.isTrusted)
      return { kind: 'restricted', message: 'Restricted workspace: MCP Catalog does not connect to a Zimmer instance until the workspace is trusted.' };
    const checked = checkInstanceUrl(url);
    if (!checked.ok) return { kind: 'invalid-url', message: `mcpCatalog.live.url: ${checked.message}.` };
    const key = await this.keyFor(checked.origin);
    if (!key)
      return { kind: 'no-key', base: checked.base, message: `No API key is stored for ${checked.origin}: run "MCP Catalog: Connect to a Zimmer Instance…".` };
    return { kind: 'ready', base: checked.base, origin: checked.origin };
  }

  /** Store the key for the URL's origin and the URL in the user settings. */
  async connect(urlText: string, key: string): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!vscode.workspace.isTrusted) return { ok: false, message: 'A restricted workspace never connects to a Zimmer instance; trust the workspace first.' };
    const checked = checkInstanceUrl(urlText);
    if (!checked.ok) return { ok: false, message: checked.message };
    const trimmed = key.trim();
    if (!isSendableKey(trimmed)) return { ok: false, message: 'The API key must be visible ASCII characters without spaces.' };
    await this.secrets.store(secretName(checked.origin), trimmed);
    await vscode.workspace.getConfiguration(LIVE_SETTINGS).update('url', checked.base, vscode.ConfigurationTarget.Global);
    return { ok: true };
  }

  /** Forget the key of the configured instance and the URL. */
  async disconnect(): Promise<void> {
    const checked = checkInstanceUrl(this.url);
    if (checked.ok) await this.secrets.delete(secretName(checked.origin));
    const settings = vscode.workspace.getConfiguration(LIVE_SETTINGS);
    await settings.update('url', undefined, vscode.ConfigurationTarget.Global);
    if (settings.inspect('url')?.workspaceValue !== undefined) await settings.update('url', undefined, vscode.ConfigurationTarget.Workspace);
  }

  /** The stored key for an origin (SecretStorage), if any. */
  keyFor(origin: string): Thenable<string | undefined> {
    return this.secrets.get(secretName(origin));
  }

  /** One GET for the language server, with this connection's key; never throws, never returns the key. */
  async get(params: LiveGetParams): Promise<LiveGetResult> {
    const status = await this.status();
    if (status.kind !== 'ready')
      return { kind: 'error', error: 'disconnected', detail: status.kind === 'off' ? 'not connected to a Zimmer instance' : status.message };
    if (!params || !isInstancePath(params.path)) return { kind: 'error', error: 'disconnected', detail: 'that path is not part of the live comparison' };
    const key = (await this.keyFor(status.origin)) ?? '';
    const timeoutSeconds = vscode.workspace.getConfiguration(LIVE_SETTINGS).get<number>('timeoutSeconds') ?? 10;
    const get = createInstanceGet({ base: status.base, key, timeoutMs: Math.max(1, Math.min(120, timeoutSeconds)) * 1000 });
    return get(params.path, params.withKey === true);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function secretName(origin: string): string {
  return `${SECRET_PREFIX}${origin}`;
}
