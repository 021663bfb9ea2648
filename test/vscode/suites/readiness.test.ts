import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { isStartable, STATE_INFO } from '../../../server/src/service/readiness/states';
import { api, closeAllEditors, fixtureUri, openDocument, replaceText, revert, waitFor, type McpCatalogApi } from '../helpers';

/**
 * The MCP Readiness tree (SPEC §6.1–6.2) through the extension's own provider — getChildren and
 * getTreeItem are exactly what VS Code renders — for readiness/mcp.json + readiness/roots.json:
 * context7 (no credential), slack-workspace (ready: SLACK_BOT_TOKEN is declared known), figma
 * (needs auth), github (missing config), twist (declared unavailable); roots docs (worst: missing
 * config), design (worst: needs auth) and ops (no default servers).
 */

type TreeProvider = vscode.TreeDataProvider<unknown>;

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

interface Row {
  label: string;
  description: string;
  icon?: string;
  collapsible?: vscode.TreeItemCollapsibleState;
  item: vscode.TreeItem;
  node: unknown;
}

async function rows(provider: TreeProvider, parent?: unknown): Promise<Row[]> {
  const children = (await provider.getChildren(parent)) ?? [];
  return Promise.all(
    children.map(async (node) => {
      const item = await provider.getTreeItem(node);
      return {
        label: label(item),
        description: typeof item.description === 'string' ? item.description : '',
        icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined,
        collapsible: item.collapsibleState,
        item,
        node,
      };
    }),
  );
}

function row(list: Row[], name: string): Row {
  const found = list.find((r) => r.label === name);
  assert.ok(found, `a row "${name}" (rows: ${list.map((r) => r.label).join(', ')})`);
  return found;
}

/** Waits until the tree shows the given catalog (the view follows the active catalog editor). */
async function treeFor(
  extension: McpCatalogApi,
  uri: vscode.Uri,
  until: (servers: Row[]) => boolean = () => true,
): Promise<{ sections: Row[]; servers: Row[]; roots: Row[] }> {
  const provider = extension.readiness as unknown as TreeProvider;
  let last = '';
  try {
    return await waitFor(`the readiness tree to show ${vscode.workspace.asRelativePath(uri)}`, async () => {
      if (extension.readiness.current?.uri !== uri.toString()) return false;
      const sections = await rows(provider);
      if (sections.length !== 2) return false;
      const servers = await rows(provider, sections[0].node);
      const roots = await rows(provider, sections[1].node);
      last = servers.map((s) => `${s.label}: ${s.description}`).join('; ');
      return until(servers) ? { sections, servers, roots } : false;
    });
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} (last servers: ${last || 'none'}; tree shows ${extension.readiness.current?.uri ?? 'nothing'})`,
    );
  }
}

suite('readiness view', () => {
  suiteTeardown(closeAllEditors);

  test('sections: "Servers" with the count that cannot start, "Roots" from the roots index', async () => {
    const extension = await api();
    const document = await openDocument('readiness/mcp.json');
    const { sections } = await treeFor(extension, document.uri);
    assert.deepEqual(
      sections.map((s) => s.label),
      ['Servers', 'Roots'],
    );
    assert.equal(sections[0].description, '5 · 3 cannot start');
    assert.match(sections[1].description, /^3 · .*roots\.json/);
    for (const section of sections) assert.equal(section.collapsible, vscode.TreeItemCollapsibleState.Expanded);
  });

  test('servers: startable first, each with its badge, reason and icon (figma: needs auth)', async () => {
    const extension = await api();
    const document = await openDocument('readiness/mcp.json');
    const { servers } = await treeFor(extension, document.uri);
    assert.deepEqual(
      servers.map((s) => s.label),
      ['context7', 'slack-workspace', 'figma', 'github', 'twist'],
      'startable servers first, then the others',
    );
    assert.equal(row(servers, 'context7').description, 'ready', 'startable: reads ready (the unlock icon and tooltip say no credential is needed)');
    assert.match(row(servers, 'slack-workspace').description, /^ready — .*SLACK_BOT_TOKEN/);
    const figma = row(servers, 'figma');
    assert.match(figma.description, /^needs auth — .*a person must authorize it before sessions can use it/);
    assert.equal(figma.icon, 'key');
    const github = row(servers, 'github');
    assert.match(github.description, /^missing config — GITHUB_PERSONAL_TOKEN/);
    assert.equal(github.icon, 'warning');
    assert.equal(row(servers, 'twist').description, 'unavailable — Twist is being retired; use Slack.');
    assert.equal(row(servers, 'twist').icon, 'circle-slash');
    assert.equal(row(servers, 'context7').icon, 'unlock');
    assert.equal(row(servers, 'slack-workspace').icon, 'pass-filled');
    // One icon per state, each in a theme colour; tooltips in words, no internal ids or backticks.
    assert.equal(new Set(servers.map((s) => s.icon)).size, servers.length);
    for (const server of servers) {
      assert.ok(server.item.iconPath instanceof vscode.ThemeIcon && server.item.iconPath.color, `${server.label} has a coloured icon`);
      assert.equal(typeof server.item.tooltip, 'string');
      assert.doesNotMatch(
        String(server.item.tooltip),
        /`|_configuration|_authorization|declared_unavailable|no_credential/,
        `${server.label}: ${String(server.item.tooltip)}`,
      );
    }
    assert.match(String(figma.item.tooltip), /^figma: Needs authorization\n/);
    // Screen readers hear the state too.
    assert.match(figma.item.accessibilityInformation?.label ?? '', /^figma: Needs authorization\./);
  });

  test("roots: each root's worst state and the warning a session on it gets; children are its default servers", async () => {
    const extension = await api();
    const document = await openDocument('readiness/mcp.json');
    const { roots } = await treeFor(extension, document.uri);
    assert.deepEqual(
      roots.map((r) => r.label),
      ['docs', 'design', 'ops'],
    );
    assert.equal(row(roots, 'docs').description, 'missing config — preparing the session is expected to fail until GITHUB_PERSONAL_TOKEN is set');
    assert.equal(row(roots, 'design').description, 'needs auth — the session will pause for OAuth authorization before the agent runs');
    assert.equal(row(roots, 'ops').description, '0 default servers');
    assert.equal(row(roots, 'ops').collapsible, vscode.TreeItemCollapsibleState.None);
    assert.equal(row(roots, 'design').collapsible, vscode.TreeItemCollapsibleState.Collapsed);
    // design's defaults: the servers whose default_in_roots names it (context7, figma, twist).
    const provider = extension.readiness as unknown as TreeProvider;
    const designServers = await rows(provider, row(roots, 'design').node);
    assert.deepEqual(designServers.map((s) => s.label).sort(), ['context7', 'figma', 'twist']);
    assert.match(row(designServers, 'figma').description, /^needs auth/);
  });

  test('clicking a server reveals its entry in the catalog', async () => {
    const extension = await api();
    const document = await openDocument('readiness/mcp.json');
    const { servers } = await treeFor(extension, document.uri);
    const command = row(servers, 'github').item.command;
    assert.ok(command, 'a server row has a command');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    const editor = await waitFor('the catalog editor with a selection on "github"', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.toString() === document.uri.toString() && active.document.getText(active.selection).includes('github') ? active : false;
    });
    assert.equal(
      editor.selection.start.line,
      document
        .getText()
        .split('\n')
        .findIndex((line) => line.includes('"github": {')),
    );
  });

  test('clicking a root reveals it in its roots index', async () => {
    const extension = await api();
    const document = await openDocument('readiness/mcp.json');
    const { roots } = await treeFor(extension, document.uri);
    const command = row(roots, 'design').item.command;
    assert.ok(command, 'a root row has a command');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    const editor = await waitFor('readiness/roots.json with "design" selected', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.toString() === fixtureUri('readiness/roots.json').toString() && active.document.getText(active.selection) === '"design"'
        ? active
        : false;
    });
    assert.equal(editor.document.languageId, 'air-roots');
  });

  test('an edit updates the tree: figma with a credential header becomes ready, design now warns about twist', async () => {
    const extension = await api();
    const document = await openDocument('readiness/mcp.json');
    await treeFor(extension, document.uri);
    try {
      await replaceText(
        document,
        '"url": "https://mcp.figma.com/mcp",',
        '"url": "https://mcp.figma.com/mcp",\n    "headers": { "Authorization": "Bearer ${SLACK_BOT_TOKEN}" },',
      );
      const { sections, servers, roots } = await treeFor(extension, document.uri, (list) =>
        /^ready/.test(list.find((s) => s.label === 'figma')?.description ?? ''),
      );
      assert.equal(sections[0].description, '5 · 2 cannot start');
      assert.deepEqual(
        servers
          .slice(0, 3)
          .map((s) => s.label)
          .sort(),
        ['context7', 'figma', 'slack-workspace'],
        'figma moved up among the startable servers',
      );
      assert.equal(row(roots, 'design').description, 'unavailable — the session will run without those tools');
    } finally {
      await revert(document);
    }
    await treeFor(extension, document.uri, (list) => /^needs auth/.test(list.find((s) => s.label === 'figma')?.description ?? ''));
  });

  test('the tree follows the active catalog (the Zimmer example: 16 servers, figma and notion need auth)', async () => {
    const extension = await api();
    await openDocument('readiness/mcp.json');
    const zimmer = await openDocument('mcp.json');
    const { sections, servers, roots } = await treeFor(extension, zimmer.uri);
    assert.match(sections[0].description, /^16 · 2 cannot start$/);
    assert.match(row(servers, 'figma').description, /^needs auth/);
    assert.match(row(servers, 'notion').description, /^needs auth/);
    assert.match(row(servers, 'zimmer').description, /^ready — .*ZIMMER_PROD_API_KEY/);
    assert.ok(
      roots.some((r) => r.label === 'zimmer'),
      'the Zimmer roots index is read',
    );
    assert.equal(extension.tracker.active, fixtureUri('mcp.json').toString());
  });

  /**
   * VS Code has no API to read a language status item back, so this asserts the facts the item
   * is built from (client/src/languageStatus.ts: the tracker's analysis info and the readiness
   * count) — the UI suite reads the rendered item from the status bar.
   */
  test('language status inputs: the tracker knows the kind, server count and problems of each analysed file', async () => {
    const extension = await api();
    const catalog = await openDocument('readiness/mcp.json');
    const roots = await openDocument('readiness/roots.json');
    const catalogInfo = await waitFor('the tracker to know readiness/mcp.json', () => extension.tracker.info(catalog.uri.toString()));
    assert.equal(catalogInfo.kind, 'catalog');
    assert.equal(catalogInfo.servers, 5);
    assert.equal(catalogInfo.errors, 0);
    assert.equal(catalogInfo.warnings, 1, 'the unresolved GITHUB_PERSONAL_TOKEN');
    const rootsInfo = await waitFor('the tracker to know readiness/roots.json', () => extension.tracker.info(roots.uri.toString()));
    assert.equal(rootsInfo.kind, 'roots');
    assert.equal(rootsInfo.servers, 3, 'a roots index counts its roots');
    // The catalog the views follow stays the last active catalog while a roots index is in front.
    assert.equal(extension.tracker.active, catalog.uri.toString());
    const readiness = extension.readiness.current;
    assert.ok(readiness && readiness.uri === catalog.uri.toString());
    assert.equal(readiness.servers.filter((s) => !isStartable(s.state)).length, 3, '"MCP catalog · 5 servers · 3 cannot start"');
    assert.equal(readiness.trusted, true, 'no restricted-workspace note');
  });
  test("a root's plugin brings a server with an unresolved variable: missing configuration on the root, the server marked with its plugin; the plugin and its skill are the root's children (SPEC §12)", async () => {
    const extension = await api();
    const document = await openDocument('root-plugins/mcp.json');
    const { roots } = await treeFor(extension, document.uri);
    const web = row(roots, 'web');
    assert.equal(web.description, 'missing config \u2014 preparing the session is expected to fail until ESLINT_TOKEN is set');
    assert.equal(web.collapsible, vscode.TreeItemCollapsibleState.Collapsed);
    const provider = extension.readiness as unknown as TreeProvider;
    const children = await rows(provider, web.node);
    assert.deepEqual(
      children.map((child) => child.label),
      ['lin', 'eslint', 'quality', 'lint-fix'],
    );
    const eslint = row(children, 'eslint');
    assert.match(eslint.description, /^plugin quality \u00b7 missing config \u2014 ESLINT_TOKEN/);
    assert.equal(eslint.icon, 'warning');
    assert.match(String(eslint.item.tooltip), /On root web: brought by plugin quality$/);
    assert.equal(row(children, 'lin').description, STATE_INFO.no_credential_required.badge);
    assert.equal(row(children, 'quality').description, 'plugin');
    assert.equal(row(children, 'quality').icon, 'package');
    assert.equal(row(children, 'lint-fix').description, 'skill \u00b7 plugin quality');
  });
});
