import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { LIVE_COMPARE_REQUEST, LIVE_GET_REQUEST, type LiveCompareParams, type LiveCompareResult, type LiveGetParams } from '../../../shared/src/liveProtocol';
import type { CatalogTracker } from '../catalogTracker';
import { LIVE_SETTINGS, type ConnectionStatus, type LiveConnection } from './liveConnection';

/**
 * The live side of the readiness view (SPEC §11): asks the server to compare the active catalog
 * with the connected instance, on connect, on demand, every 60 s while connected (the instance
 * re-reads its catalog at most that often, so polling faster shows nothing new) and — reusing the
 * answer already read — after every edit. Nothing happens until the user connects.
 */

/** off: never connected (nothing is shown); live: the last read worked; stale: it failed, an older answer is shown. */
export type LiveViewState = 'off' | 'live' | 'stale' | 'disconnected';

export type LiveCompared = Extract<LiveCompareResult, { ok: true }>;

export const REFRESH_INTERVAL_MS = 60_000;

export class LiveController implements vscode.Disposable {
  private compared: { uri: string; instance: string; result: LiveCompared } | undefined;
  private problem: string | undefined;
  private connection: ConnectionStatus = { kind: 'off' };
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly client: LanguageClient,
    private readonly tracker: CatalogTracker,
    readonly live: LiveConnection,
  ) {
    this.disposables.push(
      client.onRequest(LIVE_GET_REQUEST, (params: LiveGetParams) => live.get(params)),
      live.onDidChange(() => void this.refresh()),
      tracker.onDidChangeActiveCatalog(() => void this.refresh(true)),
      tracker.onDidAnalyse((info) => {
        if (info.uri === tracker.active && this.connection.kind === 'ready') void this.refresh(true);
      }),
    );
    void this.refresh();
  }

  get state(): LiveViewState {
    if (this.connection.kind === 'off') return 'off';
    if (this.current) return this.problem ? 'stale' : 'live';
    return 'disconnected';
  }

  /** The comparison for the catalog the view shows, if any. */
  get current(): LiveCompared | undefined {
    const compared = this.compared;
    if (!compared || compared.uri !== this.tracker.active) return undefined;
    // An answer from another instance (the URL changed) is no comparison with this one.
    return this.connection.kind === 'ready' && compared.instance === this.connection.base ? compared.result : undefined;
  }

  /** Why the view is stale or disconnected. */
  get message(): string | undefined {
    return this.problem;
  }

  get instance(): string | undefined {
    return this.connection.kind === 'ready' || this.connection.kind === 'no-key' ? this.connection.base : undefined;
  }

  /** Read again (or, with `reuse`, re-compare with the answer read last); calls run one at a time. */
  refresh(reuse = false): Promise<void> {
    this.queue = this.queue.then(() => this.load(reuse)).catch(() => undefined);
    return this.queue;
  }

  private async load(reuse: boolean): Promise<void> {
    this.connection = await this.live.status();
    this.schedule();
    const uri = this.tracker.active;
    if (this.connection.kind !== 'ready') {
      this.compared = undefined;
      this.problem = this.connection.kind === 'off' ? undefined : this.connection.message;
    } else if (!uri) {
      this.problem = undefined;
    } else {
      const params: LiveCompareParams = { uri, instance: this.connection.base, reuse };
      let result: LiveCompareResult | null;
      try {
        result = await this.client.sendRequest<LiveCompareResult | null>(LIVE_COMPARE_REQUEST, params);
      } catch {
        result = { ok: false, failure: { kind: 'unavailable', message: 'The language server did not answer the live comparison.' } };
      }
      if (result === null) return;
      if (result.ok) {
        this.compared = { uri, instance: this.connection.base, result };
        this.problem = undefined;
      } else {
        if (this.compared?.uri !== uri || this.compared.instance !== this.connection.base) this.compared = undefined;
        this.problem = result.failure.message;
      }
    }
    this.changed.fire();
  }

  private schedule(): void {
    const wanted = this.connection.kind === 'ready' && vscode.workspace.getConfiguration(LIVE_SETTINGS).get<boolean>('autoRefresh', true);
    if (wanted && !this.timer) this.timer = setInterval(() => void this.refresh(), REFRESH_INTERVAL_MS);
    if (!wanted && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    for (const disposable of this.disposables) disposable.dispose();
  }
}
