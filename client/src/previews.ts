import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { PREVIEW_REQUEST, type PreviewParams, type PreviewResult } from '../../shared/src/protocol';
import type { CatalogTracker } from './catalogTracker';
import { PREVIEW_LANGUAGES } from './languages';

/**
 * Runtime-config previews (DESIGN §9): read-only virtual documents on the `mcp-catalog-preview`
 * scheme, opened beside the catalog with focus kept on it, re-rendered whenever the server
 * re-analyses the catalog (so they follow every keystroke). Placeholders stay as written.
 */

export const PREVIEW_SCHEME = 'mcp-catalog-preview';
type Runtime = PreviewParams['runtime'];

const RUNTIME_LABEL: Record<Runtime, string> = { claude: 'Claude', codex: 'Codex', pi: 'Pi', cursor: 'Cursor' };
/** The runtimes a preview can be asked for, in the order the picker lists them. */
const RUNTIMES: readonly Runtime[] = ['claude', 'codex', 'pi', 'cursor'];
/** The file each runtime's preview shows (the tab name and the picker's description). */
const RUNTIME_FILE: Record<Runtime, string> = { claude: '.mcp.json', codex: '.codex/config.toml', pi: '.mcp.json', cursor: '.cursor/mcp.json' };

interface PreviewQuery {
  uri: string;
  runtime: Runtime;
  root?: string;
  servers?: string[];
}

export function previewUri(query: PreviewQuery): vscode.Uri {
  const catalog = path.basename(vscode.Uri.parse(query.uri).path);
  const scope = query.root ? ` (root ${query.root})` : query.servers?.length ? ` (${query.servers.join(', ')})` : '';
  // The path names the tab; openPreview sets the language.
  const file = path.posix.basename(RUNTIME_FILE[query.runtime]);
  return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${catalog}${scope} → ${RUNTIME_LABEL[query.runtime]} ${file}`, query: JSON.stringify(query) });
}

export class PreviewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly client: LanguageClient,
    tracker: CatalogTracker,
  ) {
    this.disposables.push(
      tracker.onDidAnalyse((info) => {
        for (const document of vscode.workspace.textDocuments) {
          if (document.uri.scheme !== PREVIEW_SCHEME) continue;
          if (parseQuery(document.uri)?.uri === info.uri) this.changed.fire(document.uri);
        }
      }),
    );
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const query = parseQuery(uri);
    if (!query) return '// This preview link is broken: open the preview again from the catalog.\n';
    const params: PreviewParams = { uri: query.uri, runtime: query.runtime, root: query.root, servers: query.servers };
    let result: PreviewResult | null;
    try {
      result = await this.client.sendRequest<PreviewResult | null>(PREVIEW_REQUEST, params, token);
    } catch (error) {
      return comment(query.runtime, [`The preview could not be generated: ${error instanceof Error ? error.message : String(error)}`]);
    }
    if (!result) return comment(query.runtime, ['Open the catalog in an editor to preview it.']);
    if (!result.ok) return comment(query.runtime, [`No preview: ${result.message}`]);
    const { config } = result;
    const header = [
      `${config.files.map((file) => file.path).join(', ')} generated for ${RUNTIME_LABEL[config.runtime]} from ${path.basename(vscode.Uri.parse(query.uri).path)} — read-only preview; placeholders are kept as written.`,
      ...Object.entries(config.env).map(([name, value]) => `Process environment: ${name}=${value}`),
      ...config.warnings.map((warning) => `Warning: ${warning}`),
      ...(config.notes ?? []),
    ];
    const body = config.files
      .map((file) => (config.files.length > 1 ? `${comment(config.runtime, [`--- ${file.path}`])}${file.content}` : file.content))
      .join('\n');
    return `${comment(config.runtime, header)}${body}`;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function parseQuery(uri: vscode.Uri): PreviewQuery | undefined {
  try {
    const query = JSON.parse(uri.query) as PreviewQuery;
    return typeof query.uri === 'string' && RUNTIMES.includes(query.runtime) ? query : undefined;
  } catch {
    return undefined;
  }
}

/** Comment lines in the preview's language: `//` for JSONC (Claude, Pi, Cursor), `#` for TOML (Codex). */
function comment(runtime: Runtime, lines: string[]): string {
  const marker = runtime === 'codex' ? '#' : '//';
  // Every line terminator an editor honours (U+2028/U+2029 and NEL too), so a note is one comment line.
  return lines.map((line) => `${marker} ${line.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')}\n`).join('');
}

export async function openPreview(query: PreviewQuery): Promise<void> {
  const document = await vscode.workspace.openTextDocument(previewUri(query));
  // Languages of our own with no file extension: previews are coloured without claiming `.toml` or `.json` files.
  await vscode.languages
    .setTextDocumentLanguage(document, query.runtime === 'codex' ? PREVIEW_LANGUAGES.toml : PREVIEW_LANGUAGES.json)
    .then(undefined, () => undefined);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
  await closeOtherPreviews(document.uri, query.runtime);
}

/**
 * One tab per runtime: a new Codex preview (another catalog, root or server) replaces the Codex
 * tab already open instead of adding one more. A preview is a read-only view, so nothing is lost.
 */
async function closeOtherPreviews(shown: vscode.Uri, runtime: Runtime): Promise<void> {
  const stale = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => {
      const uri = tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
      return uri?.scheme === PREVIEW_SCHEME && uri.toString() !== shown.toString() && parseQuery(uri)?.runtime === runtime;
    });
  if (stale.length > 0) await vscode.window.tabGroups.close(stale, true).then(undefined, () => undefined);
}

/** The preview commands: one per runtime for the active catalog, one that asks, one per tree item. */
export function registerPreviewCommands(tracker: CatalogTracker, rootsOf: () => string[]): vscode.Disposable[] {
  const activeCatalog = (): string | undefined => {
    const uri = tracker.active;
    if (!uri) void vscode.window.showInformationMessage('Open an MCP catalog (mcp.json) to preview its runtime configs.');
    return uri;
  };
  const pickRuntime = async (): Promise<Runtime | undefined> =>
    (
      await vscode.window.showQuickPick(
        RUNTIMES.map((runtime) => ({ label: RUNTIME_LABEL[runtime], description: RUNTIME_FILE[runtime], runtime })),
        { placeHolder: 'Preview the runtime config for…' },
      )
    )?.runtime;
  const forRuntime = (runtime: Runtime) => async (resource?: vscode.Uri) => {
    const uri = resource?.toString() ?? activeCatalog();
    if (uri) await openPreview({ uri, runtime });
  };
  return [
    vscode.commands.registerCommand('mcpCatalog.previewClaude', forRuntime('claude')),
    vscode.commands.registerCommand('mcpCatalog.previewCodex', forRuntime('codex')),
    vscode.commands.registerCommand('mcpCatalog.previewPi', forRuntime('pi')),
    vscode.commands.registerCommand('mcpCatalog.previewCursor', forRuntime('cursor')),
    vscode.commands.registerCommand('mcpCatalog.preview', async (resource?: vscode.Uri) => {
      const uri = resource?.toString() ?? activeCatalog();
      if (!uri) return;
      const runtime = await pickRuntime();
      if (!runtime) return;
      const roots = rootsOf();
      const scope = await vscode.window.showQuickPick(
        [
          { label: 'All servers', root: undefined as string | undefined },
          ...roots.map((root) => ({ label: `Root: ${root}`, description: 'its default servers', root })),
        ],
        { placeHolder: 'Which servers?' },
      );
      if (!scope) return;
      await openPreview({ uri, runtime, root: scope.root });
    }),
    vscode.commands.registerCommand('mcpCatalog.previewServer', async (node?: { server?: { name: string } }) => {
      const uri = activeCatalog();
      const name = node?.server?.name;
      if (!uri || !name) return;
      const runtime = await pickRuntime();
      if (runtime) await openPreview({ uri, runtime, servers: [name] });
    }),
  ];
}
