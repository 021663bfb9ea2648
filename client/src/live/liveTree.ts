import * as vscode from 'vscode';
import type { Drift } from '../../../shared/src/liveProtocol';
import type { LiveController } from './liveController';
import { joinMarkdown, markdownText, safeMd } from '../../../server/src/service/surfaces/markdown';

/**
 * What the live comparison adds to the MCP Readiness view (SPEC §11), kept apart from the view's
 * own module: a "Drift" group at the top level (each difference with its possible causes, or why
 * there is no comparison) and, on every server row, the live state beside the offline one.
 * Without a connection it adds nothing at all.
 */

export type LiveNode = {
  kind: 'live';
  node: { part: 'drift-section' } | { part: 'drift'; drift: Drift; index: number } | { part: 'message'; text: string; icon?: string };
};

export class LiveTreeContribution {
  constructor(private readonly controller: LiveController) {}

  get onDidChange(): vscode.Event<void> {
    return this.controller.onDidChange;
  }

  /** The top-level nodes to add after the view's own sections. */
  rootNodes(): LiveNode[] {
    return this.controller.state === 'off' ? [] : [{ kind: 'live', node: { part: 'drift-section' } }];
  }

  children(node: LiveNode): LiveNode[] {
    if (node.node.part !== 'drift-section') return [];
    const nodes: LiveNode[] = [];
    const message = this.controller.message;
    if (message)
      nodes.push({ kind: 'live', node: { part: 'message', text: message, icon: this.controller.state === 'stale' ? 'history' : 'debug-disconnect' } });
    const current = this.controller.current;
    if (current) {
      current.comparison.drift.forEach((drift, index) => nodes.push({ kind: 'live', node: { part: 'drift', drift, index } }));
      if (current.comparison.drift.length === 0)
        nodes.push({ kind: 'live', node: { part: 'message', text: 'No drift: the instance serves what this file says.', icon: 'pass' } });
      for (const note of current.comparison.notes) nodes.push({ kind: 'live', node: { part: 'message', text: note, icon: 'info' } });
    }
    return nodes;
  }

  treeItem(node: LiveNode): vscode.TreeItem {
    const part = node.node;
    switch (part.part) {
      case 'drift-section': {
        const item = new vscode.TreeItem('Drift', vscode.TreeItemCollapsibleState.Expanded);
        item.id = 'live:drift';
        const count = this.controller.current?.comparison.drift.length;
        const state = this.controller.state;
        const where = this.controller.instance ?? '';
        item.description = [state === 'live' ? 'live' : state, count === undefined ? '' : count === 1 ? '1 difference' : `${count} differences`, where]
          .filter(Boolean)
          .join(' · ');
        item.iconPath = new vscode.ThemeIcon(state === 'live' ? (count ? 'diff' : 'pass') : state === 'stale' ? 'history' : 'debug-disconnect');
        item.tooltip = `The catalog beside the Zimmer instance ${where}: ${state}. The instance re-reads its catalog at most every 60 s.`;
        item.contextValue = 'live-drift';
        return item;
      }
      case 'drift': {
        const { drift } = part;
        const item = new vscode.TreeItem(drift.message, vscode.TreeItemCollapsibleState.None);
        item.id = `live:drift:${part.index}:${drift.kind}:${drift.server ?? drift.root ?? ''}`;
        item.iconPath = new vscode.ThemeIcon('warning');
        // The message and causes name servers and roots from the instance: text, never Markdown
        // (VS Code's appendText leaves `https://` live, so the shared Markdown surface escapes them).
        const causes = joinMarkdown(
          drift.causes.map((cause) => safeMd`\n- ${markdownText(cause)}`),
          safeMd``,
        );
        item.tooltip = new vscode.MarkdownString(
          safeMd`${markdownText(drift.message)}\n\nPossible causes (they cannot be told apart over the REST API):\n${causes}`,
        );
        item.contextValue = 'drift';
        item.accessibilityInformation = { label: `Drift: ${drift.message}` };
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(part.text, vscode.TreeItemCollapsibleState.None);
        item.id = `live:message:${part.text}`;
        if (part.icon) item.iconPath = new vscode.ThemeIcon(part.icon);
        item.tooltip = part.text;
        return item;
      }
    }
  }

  /** Adds the live state to a server row: "… · live: needs auth". */
  decorateServer(item: vscode.TreeItem, name: string): void {
    const row = this.controller.current?.comparison.servers.find((server) => server.name === name);
    if (!row) return;
    const live = row.live;
    const text = live ? `live: ${live.badge}${live.variables?.length ? ` (${live.variables.join(', ')})` : ''}` : 'live: not on the instance';
    item.description = [typeof item.description === 'string' ? item.description : '', text].filter(Boolean).join(' · ');
    if (item.tooltip instanceof vscode.MarkdownString) {
      const shown = live ? `${live.badge}${live.reason ? ` — ${live.reason}` : ''}` : 'not served';
      item.tooltip.appendMarkdown(safeMd`\n\nOn the instance (${markdownText(this.controller.state)}): ${markdownText(shown)}`);
    }
    if (item.accessibilityInformation) item.accessibilityInformation = { label: `${item.accessibilityInformation.label}. ${text}` };
  }

  /** For the language status: "live", "live (stale)", "disconnected"; undefined when never connected. */
  statusText(): string | undefined {
    switch (this.controller.state) {
      case 'off':
        return undefined;
      case 'live':
        return 'live';
      case 'stale':
        return 'live (stale)';
      case 'disconnected':
        return 'disconnected';
    }
  }
}
