import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { cannotStart, STATE_INFO } from '../../server/src/service/readiness/states';
import { READINESS_REQUEST, type ReadinessParams, type ReadinessResult, type RootReadinessItem, type ServerReadinessItem } from '../../shared/src/protocol';
import type { CatalogTracker } from './catalogTracker';
import type { LiveNode, LiveTreeContribution } from './live/liveTree';
import { PauseRefresh } from './pauseRefresh';

/**
 * The readiness tree (SPEC §6.1–6.2, §12): a "Servers" section — startable servers first, each with
 * its state icon, badge and reason — and a "Roots" section — each root's default servers (those its
 * plugins bring marked with the plugin) and its plugins, skills and hooks as children, and, when a
 * server cannot start, the worst state and the sentence a session on that root is warned with.
 */

type ArtifactKind = 'plugin' | 'skill' | 'hook';

type Node =
  | { kind: 'section'; section: 'servers' | 'roots' }
  | { kind: 'server'; server: ServerReadinessItem; parent?: string; plugin?: string }
  | { kind: 'root'; root: RootReadinessItem }
  | { kind: 'artifact'; artifact: ArtifactKind; id: string; parent: string; plugin?: string }
  | { kind: 'message'; text: string; tooltip?: string }
  | LiveNode;

export const READINESS_VIEW_ID = 'mcpCatalog.readiness';

/** The longest a readiness refresh waits for typing to pause. */
const MAX_PAUSE_MS = 1000;

export class ReadinessProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readiness: ReadinessResult | undefined;
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly refresher = new PauseRefresh(() => this.load(), MAX_PAUSE_MS);

  constructor(
    private readonly client: LanguageClient,
    private readonly tracker: CatalogTracker,
    /** The live comparison's column and "Drift" group (SPEC §11); adds nothing until connected. */
    private readonly live?: LiveTreeContribution,
  ) {
    if (live) this.disposables.push(live.onDidChange(() => this.changed.fire(undefined)));
    this.disposables.push(
      tracker.onDidChangeActiveCatalog(() => void this.refresh()),
      tracker.onDidAnalyse((info) => {
        if (info.uri === tracker.active) this.refreshAfterEdit();
      }),
    );
  }

  get current(): ReadinessResult | undefined {
    return this.readiness;
  }

  /** After a new version: once typing pauses (pauseRefresh.ts). */
  private refreshAfterEdit(): void {
    this.refresher.afterEdit();
  }

  /** Re-ask the server; overlapping refreshes collapse into one more run. */
  refresh(): Promise<void> {
    return this.refresher.now();
  }

  private async load(): Promise<void> {
    const uri = this.tracker.active;
    if (!uri) {
      this.readiness = undefined;
    } else {
      try {
        const params: ReadinessParams = { uri };
        this.readiness = (await this.client.sendRequest<ReadinessResult | null>(READINESS_REQUEST, params)) ?? undefined;
      } catch {
        this.readiness = undefined;
      }
    }
    this.changed.fire(undefined);
  }

  getChildren(node?: Node): Node[] {
    const readiness = this.readiness;
    if (!readiness) return [];
    if (!node) return [{ kind: 'section', section: 'servers' }, { kind: 'section', section: 'roots' }, ...(this.live?.rootNodes() ?? [])];
    if (node.kind === 'live') return this.live?.children(node) ?? [];
    if (node.kind === 'section' && node.section === 'servers') {
      return readiness.servers.length
        ? readiness.servers.map((server) => ({ kind: 'server', server }))
        : [{ kind: 'message', text: 'No servers in this catalog.' }];
    }
    if (node.kind === 'section') {
      return readiness.roots.length ? readiness.roots.map((root) => ({ kind: 'root', root })) : [rootsMissing(readiness.rootsSource)];
    }
    if (node.kind === 'root') {
      const { root } = node;
      const byName = new Map(readiness.servers.map((server) => [server.name, server]));
      const servers = root.servers.flatMap((name): Node[] => {
        const server = byName.get(name);
        return server ? [{ kind: 'server', server, parent: root.name, plugin: root.broughtBy?.[name] }] : [];
      });
      const artifact = (kind: ArtifactKind, member: { id: string; plugin?: string }): Node => ({
        kind: 'artifact',
        artifact: kind,
        id: member.id,
        parent: root.name,
        plugin: member.plugin,
      });
      return [
        ...servers,
        ...(root.plugins ?? []).map((id) => artifact('plugin', { id })),
        ...(root.skills ?? []).map((member) => artifact('skill', member)),
        ...(root.hooks ?? []).map((member) => artifact('hook', member)),
      ];
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    const readiness = this.readiness!;
    switch (node.kind) {
      case 'section': {
        const servers = node.section === 'servers';
        const item = new vscode.TreeItem(servers ? 'Servers' : 'Roots', vscode.TreeItemCollapsibleState.Expanded);
        item.id = `section:${node.section}`;
        if (servers) {
          const blocked = readiness.servers.filter((s) => cannotStart(s.state)).length;
          const unchecked = readiness.servers.some((s) => s.state === 'not_checked');
          item.description = `${readiness.servers.length} · ${!blocked && unchecked ? STATE_INFO.not_checked.badge : `${blocked} cannot start`}`;
        } else {
          item.description = readiness.roots.length ? `${readiness.roots.length} · ${readiness.rootsSource}` : '';
        }
        item.contextValue = `section-${node.section}`;
        return item;
      }
      case 'server': {
        const { server } = node;
        const look = STATE_INFO[server.state];
        const item = new vscode.TreeItem(server.name, vscode.TreeItemCollapsibleState.None);
        item.id = node.parent ? `root:${node.parent}/server:${server.name}` : `server:${server.name}`;
        item.iconPath = stateIcon(look.icon, look.color);
        const reason = server.reason ? plain(server.reason) : undefined;
        const brought = node.plugin !== undefined ? `brought by plugin ${node.plugin}` : undefined;
        item.description = [brought && `plugin ${node.plugin} ·`, reason ? `${look.badge} — ${reason}` : look.badge].filter(Boolean).join(' ');
        // Plain text: a Markdown tooltip would show a reason's backticks and need escaping everywhere.
        item.tooltip = [
          `${server.name}: ${look.label}`,
          reason,
          server.variables?.length ? `Variables: ${server.variables.join(', ')}` : undefined,
          brought && `On root ${node.parent}: ${brought}`,
        ]
          .filter(Boolean)
          .join('\n');
        item.contextValue = 'server';
        item.accessibilityInformation = { label: `${server.name}: ${look.label}${reason ? `. ${reason}` : ''}${brought ? `. ${brought}` : ''}` };
        if (server.range) {
          item.command = { command: 'mcpCatalog.revealServer', title: 'Reveal in Catalog', arguments: [readiness.uri, server.range] };
        }
        this.live?.decorateServer(item, server.name);
        return item;
      }
      case 'root': {
        const { root } = node;
        const look = root.worstState ? STATE_INFO[root.worstState] : undefined;
        const children = root.servers.length + (root.plugins?.length ?? 0) + (root.skills?.length ?? 0) + (root.hooks?.length ?? 0);
        const item = new vscode.TreeItem(root.name, children ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.id = `root:${root.name}`;
        item.iconPath = look ? stateIcon(look.icon, look.color) : new vscode.ThemeIcon('root-folder');
        const count = root.servers.length === 1 ? '1 default server' : `${root.servers.length} default servers`;
        const warning = root.warning ? plain(root.warning) : undefined;
        item.description = look && warning ? `${look.badge} — ${warning}` : count;
        item.tooltip = [
          `${root.name}: ${count}${root.servers.length ? ` (${root.servers.join(', ')})` : ''}`,
          look && warning ? `${look.label}: ${warning}` : undefined,
        ]
          .filter(Boolean)
          .join('\n');
        item.accessibilityInformation = { label: `${root.name}: ${count}${look && warning ? `. ${look.label}: ${warning}` : ''}` };
        item.contextValue = 'root';
        if (root.location) {
          item.command = { command: 'mcpCatalog.revealServer', title: 'Reveal in Roots Index', arguments: [root.location.uri, root.location.range] };
        }
        return item;
      }
      case 'artifact': {
        const look = ARTIFACT_LOOK[node.artifact];
        const item = new vscode.TreeItem(node.id, vscode.TreeItemCollapsibleState.None);
        item.id = `root:${node.parent}/${node.artifact}:${node.id}`;
        item.iconPath = new vscode.ThemeIcon(look.icon);
        item.description = node.plugin !== undefined ? `${node.artifact} · plugin ${node.plugin}` : node.artifact;
        item.tooltip = `${look.label} ${node.id} is on by default for root ${node.parent}${node.plugin !== undefined ? `, brought by plugin ${node.plugin}` : ''}.`;
        item.accessibilityInformation = { label: item.tooltip };
        item.contextValue = node.artifact;
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = `message:${node.text}`;
        if (node.tooltip) item.tooltip = node.tooltip;
        return item;
      }
      case 'live':
        return this.live!.treeItem(node);
    }
  }

  dispose(): void {
    this.refresher.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** How a root's plugins, skills and hooks look in the tree. */
const ARTIFACT_LOOK: Record<ArtifactKind, { icon: string; label: string }> = {
  plugin: { icon: 'package', label: 'Plugin' },
  skill: { icon: 'mortar-board', label: 'Skill' },
  hook: { icon: 'zap', label: 'Hook' },
};

/** A state's codicon in its theme colour (STATE_INFO on the server picks both). */
function stateIcon(icon: string, color: string | undefined): vscode.ThemeIcon {
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}

/** Reasons quote names in backticks (SPEC §6.1's sentences); a tree row renders no Markdown. */
function plain(text: string): string {
  return text.replace(/`([^`]*)`/g, '$1');
}

/** Tree item actions: reveal an entry, copy a name. */
export function registerReadinessCommands(provider: ReadinessProvider): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(
      'mcpCatalog.revealServer',
      async (uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }) => {
        const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
        const selection = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
        await vscode.window.showTextDocument(document, { selection, preserveFocus: false });
      },
    ),
    vscode.commands.registerCommand('mcpCatalog.copyServerName', async (node?: { kind: string; server?: ServerReadinessItem }) => {
      const name = node?.server?.name;
      if (name) await vscode.env.clipboard.writeText(name);
    }),
    vscode.commands.registerCommand('mcpCatalog.refreshReadiness', () => provider.refresh()),
  ];
}

/**
 * The Roots section without roots: the server's `rootsSource` says where it looked ("no roots index
 * found (searched …)") or which file it read; the row says it in a few words, the tooltip in full.
 */
function rootsMissing(rootsSource: string): Node {
  const text = /^no roots index/i.test(rootsSource) ? 'No roots index found' : `No roots in ${rootsSource}`;
  return { kind: 'message', text, tooltip: rootsSource };
}
