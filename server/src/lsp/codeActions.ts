import { onFirstUse } from './lazy';
import type {
  ClientCapabilities,
  CodeAction,
  CodeActionParams,
  CreateFile,
  Diagnostic,
  Position,
  ServerCapabilities,
  TextDocumentEdit,
  TextEdit as LspTextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { CodeActionKind } from './protocol';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isCode, type Code } from '../service/codes';
import { ruleDocUrl } from '../service/ruleDocs';
import type { ResolvedFinding } from '../service/findings';
import type { FixContext, FixProposal, TextEdit } from '../service/fixes';
import type * as Fixes from '../service/fixes';
import type * as EditApplier from '../service/fixes/apply';
import { LineIndex } from '../service/text';
import type { Workspace } from '../node/workspace';
import type { Analysis } from './analysis';
import { DIAGNOSTIC_SOURCE } from './diagnostics';
import type { ServerContext } from './features';
import { guarded, throwIfCancelled } from './requests';
import { pathToUri, uriToPath } from './paths';

/** Loaded on the first code action, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const editApplier = onFirstUse((): typeof EditApplier => require('../service/fixes/apply') as typeof EditApplier);

/** The fixes: loaded on the first code action, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fixes = onFirstUse((): typeof Fixes => require('../service/fixes') as typeof Fixes);

/**
 * Quick fixes and fix-all (SPEC §5) over LSP. Fixes are computed by the core from each
 * diagnostic's `data` against the current analysis — never from the message. A diagnostic the
 * client sends back that the current version no longer reports (same code, range and path) is
 * stale and gets no fix.
 */

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.mcp-catalog`;

/**
 * A server command a fix runs after its edit: asks the client (`window/showDocument`) to show a
 * file with the cursor at a position — after the `=` of a `NAME=` line the fix added, where the
 * value is typed. Arguments: `[uri, position]`. Only offered to clients that can show documents.
 */
export const SHOW_LOCATION_COMMAND = 'mcpCatalog.server.showLocation';

/**
 * Opens a code's documentation page (ruleDocs.ts) in the browser through `window/showDocument`
 * (`external`), as ESLint's "Show documentation for …" does. Argument: `[code]`; the URL is built
 * here, so a client never makes the server open an address it chose.
 */
export const SHOW_DOCUMENTATION_COMMAND = 'mcpCatalog.server.showDocumentation';

/**
 * Add Server… as a source action inside a catalog: it runs the VS Code client's command (its
 * pickers choose the source and the placement, then it asks `mcpCatalog/addServer`). Argument:
 * `[{ uri }]`.
 */
export const ADD_SERVER_KIND = `${CodeActionKind.Source}.addServer.mcp-catalog`;
export const ADD_SERVER_COMMAND = 'mcpCatalog.addServer';

function addServerAction(uri: string): CodeAction {
  const title = 'Add Server\u2026';
  return { title, kind: ADD_SERVER_KIND, command: { title, command: ADD_SERVER_COMMAND, arguments: [{ uri }] } };
}

export function registerCodeActions(context: ServerContext): ServerCapabilities {
  const { connection, documents } = context;

  connection.onCodeAction(
    async (params, token) =>
      (await guarded(context, 'code actions', token, async () => {
        const document = documents.get(params.textDocument.uri);
        if (!document) return [];
        const analysis = await context.analyse(document);
        throwIfCancelled(token);
        if (!analysis) return [];
        const fixAllWanted = params.context.only !== undefined && wants(params.context.only, FIX_ALL_KIND);
        // Add Server… (SPEC §13) only when source actions are asked for (the Source Action menu), never on a cursor move.
        const adding =
          params.context.only !== undefined && analysis.kind === 'catalog' && wants(params.context.only, ADD_SERVER_KIND)
            ? [addServerAction(document.uri)]
            : [];
        // Nothing to fix at the cursor: answer before touching the whole tree, which a big
        // catalog only builds when a feature needs it (a cursor move must stay cheap).
        if (params.context.diagnostics.length === 0 && !fixAllWanted) return adding;
        if (!analysis.parsed) return adding;
        // The analysis must be of the version the client now has (a newer one may have arrived meanwhile).
        const current = documents.get(document.uri);
        if (current?.version !== analysis.version || current.getText() !== analysis.text) return adding;
        // A fix may read another file (a roots index, a dotenv file): through the file access, settled.
        return context.analyzer.settle(() => {
          const editor = new EditBuilder(context, document, analysis);
          const actions: CodeAction[] = [...adding];
          if (wants(params.context.only, CodeActionKind.QuickFix)) actions.push(...quickFixes(params, analysis, editor));
          // Fix-all re-checks the document, so it runs only when asked for (on save, or the Source Action menu),
          // never on the lightbulb requests a cursor move triggers.
          // Not for the rename's own result: the save a rename triggers changes nothing but names.
          if (fixAllWanted && !context.renames?.isEcho(document.uri, document.version)) {
            const fixAll = fixAllAction(analysis, editor);
            if (fixAll) actions.push(fixAll);
          }
          return actions;
        });
      })) ?? [],
  );

  connection.onExecuteCommand(async (params) => {
    if (params.command === SHOW_DOCUMENTATION_COMMAND) {
      const [code] = (params.arguments ?? []) as [unknown];
      if (typeof code !== 'string' || !isCode(code)) return null;
      try {
        await connection.window.showDocument({ uri: ruleDocUrl(code), external: true });
      } catch (error) {
        context.logger.error(`Could not open the documentation of ${code}.`, error);
      }
      return null;
    }
    if (params.command !== SHOW_LOCATION_COMMAND) return null;
    const [uri, position] = (params.arguments ?? []) as [unknown, unknown];
    if (typeof uri !== 'string' || !isPosition(position)) return null;
    try {
      await connection.window.showDocument({ uri, takeFocus: true, selection: { start: position, end: position } });
    } catch (error) {
      context.logger.error(`Could not show ${uri}.`, error);
    }
    return null;
  });

  return {
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND, ADD_SERVER_KIND] },
    executeCommandProvider: { commands: [SHOW_LOCATION_COMMAND, SHOW_DOCUMENTATION_COMMAND] },
  };
}

function isPosition(value: unknown): value is Position {
  const position = value as Position | undefined;
  return typeof position?.line === 'number' && typeof position.character === 'number';
}

/** Whether a requested `only` list includes `kind` (a request for `source.fixAll` includes ours). */
function wants(only: string[] | undefined, kind: string): boolean {
  if (!only) return true;
  return only.some((requested) => requested === '' || kind === requested || kind.startsWith(`${requested}.`));
}

function quickFixes(params: CodeActionParams, analysis: Analysis, editor: EditBuilder): CodeAction[] {
  const actions: CodeAction[] = [];
  const context = editor.fixContext();
  for (const diagnostic of params.context.diagnostics) {
    const finding = currentFinding(diagnostic, analysis);
    if (!finding) continue;
    for (const fix of fixes().fixesFor(finding, context)) {
      const action = editor.toCodeAction(fix, diagnostic);
      if (action) actions.push(action);
    }
  }
  // After every fix, one per code: the page that explains it (SPEC §5: the longer explanation lives there).
  const documented = new Set<Code>();
  for (const diagnostic of params.context.diagnostics) {
    const finding = currentFinding(diagnostic, analysis);
    if (!finding || documented.has(finding.code)) continue;
    const action = editor.documentationAction(finding.code, diagnostic);
    if (!action) continue;
    documented.add(finding.code);
    actions.push(action);
  }
  return actions;
}

/** The finding of the current analysis a client diagnostic stands for, or undefined when it is stale. */
function currentFinding(diagnostic: Diagnostic, analysis: Analysis): ResolvedFinding | undefined {
  if (diagnostic.source !== undefined && diagnostic.source !== DIAGNOSTIC_SOURCE) return undefined;
  const data = (diagnostic.data ?? {}) as { code?: unknown; path?: unknown };
  const code = typeof diagnostic.code === 'string' ? diagnostic.code : typeof data.code === 'string' ? data.code : undefined;
  if (!code || !isCode(code)) return undefined;
  const start = analysis.lines.offsetAt(diagnostic.range.start);
  const end = analysis.lines.offsetAt(diagnostic.range.end);
  const path = Array.isArray(data.path) ? JSON.stringify(data.path) : undefined;
  return analysis.findings.find(
    (finding) =>
      finding.code === code && finding.start === start && finding.end === end && (path === undefined || JSON.stringify(finding.data?.path ?? []) === path),
  );
}

function fixAllAction(analysis: Analysis, editor: EditBuilder): CodeAction | undefined {
  const result = fixes().computeFixAll(analysis.text, analysis.kind, analysis.facts, {
    severities: analysis.settings.severity,
    maxFileSize: analysis.settings.maxFileSizeMB * 1024 * 1024,
    findings: analysis.findings,
  });
  if (result.edits.length === 0) return undefined;
  return {
    title: 'Fix all auto-fixable MCP catalog problems',
    kind: FIX_ALL_KIND,
    edit: editor.workspaceEdit(result.edits, []),
  };
}

/** Turns core proposals into LSP edits for this document and the files they touch. */
class EditBuilder {
  private readonly capabilities: ClientCapabilities | undefined;

  constructor(
    private readonly context: ServerContext,
    private readonly document: TextDocument,
    private readonly analysis: Analysis,
  ) {
    // `clientCapabilities` is an optional hook of the server context; without it, degrade to `changes`.
    const hook = (context as { clientCapabilities?: () => ClientCapabilities | undefined }).clientCapabilities;
    this.capabilities = hook?.();
  }

  fixContext(): FixContext {
    return {
      text: this.analysis.text,
      parsed: this.analysis.parsed!,
      kind: this.analysis.kind,
      facts: this.analysis.facts,
      readFile: (filePath) => this.openDocument(filePath)?.getText() ?? this.context.files.read(filePath),
      displayPath: (filePath) => this.workspace()?.display(filePath) ?? filePath,
    };
  }

  private workspace(): Workspace | undefined {
    return this.analysis.filePath ? this.context.analyzer.workspaceFor(this.analysis.filePath) : undefined;
  }

  /** "Show documentation for <code>", for clients that can open a page (`window.showDocument`). */
  documentationAction(code: Code, diagnostic: Diagnostic): CodeAction | undefined {
    if (!this.capabilities?.window?.showDocument?.support) return undefined;
    const title = `Show documentation for ${code}`;
    return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], command: { title, command: SHOW_DOCUMENTATION_COMMAND, arguments: [code] } };
  }

  toCodeAction(fix: FixProposal, diagnostic: Diagnostic): CodeAction | undefined {
    const action: CodeAction = { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic] };
    if (fix.isPreferred) action.isPreferred = true;
    if (fix.edits.length > 0 || fix.files?.length) {
      const edit = this.workspaceEdit(fix.edits, fix.files ?? []);
      if (!edit) return undefined;
      action.edit = edit;
    }
    if (fix.command) {
      // Handled by the client (it updates the `mcpCatalog.knownVariables` setting); only a name travels.
      action.command = { title: fix.title, command: fix.command.command, arguments: [fix.command.name, this.document.uri] };
    } else if (fix.reveal && this.capabilities?.window?.showDocument?.support) {
      action.command = { title: fix.title, command: SHOW_LOCATION_COMMAND, arguments: this.revealArguments(fix) };
    }
    return action.edit || action.command ? action : undefined;
  }

  /**
   * A WorkspaceEdit: `changes` (what every client applies) unless a file must be created, which
   * needs `documentChanges` with a CreateFile (ignoreIfExists, so nothing is ever overwritten).
   */
  workspaceEdit(edits: readonly TextEdit[], files: readonly { path: string; create?: boolean; edits: TextEdit[] }[]): WorkspaceEdit | undefined {
    // No fix edits a file outside the workspace (SPEC §8), wherever a setting or an air.json points.
    const workspace = this.workspace();
    if (files.some((file) => !workspace?.contains(file.path))) return undefined;
    const own = edits.map((edit) => toLspEdit(this.analysis.lines, edit));
    const others = files.map((file) => {
      const open = this.openDocument(file.path);
      const text = open?.getText() ?? (file.create ? '' : (this.context.files.read(file.path) ?? ''));
      return {
        file,
        uri: open?.uri ?? pathToUri(file.path),
        version: open?.version ?? null,
        edits: file.edits.map((edit) => toLspEdit(new LineIndex(text), edit)),
      };
    });
    const creates = others.filter((other) => other.file.create && !this.openDocument(other.file.path));
    if (creates.length === 0) {
      const changes: Record<string, LspTextEdit[]> = {};
      if (own.length > 0) changes[this.document.uri] = own;
      for (const other of others) changes[other.uri] = [...(changes[other.uri] ?? []), ...other.edits];
      return { changes };
    }
    const editing = this.capabilities?.workspace?.workspaceEdit;
    if (this.capabilities && (!editing?.documentChanges || !editing.resourceOperations?.includes('create'))) return undefined;
    const documentChanges: (TextDocumentEdit | CreateFile)[] = [];
    if (own.length > 0) documentChanges.push({ textDocument: { uri: this.document.uri, version: this.document.version }, edits: own });
    for (const other of others) {
      if (creates.includes(other)) documentChanges.push({ kind: 'create', uri: other.uri, options: { ignoreIfExists: true } });
      documentChanges.push({ textDocument: { uri: other.uri, version: other.version }, edits: other.edits });
    }
    return { documentChanges };
  }

  /** `[uri, position]` of a fix's reveal, in the file's text once the fix's own edits to it are applied. */
  private revealArguments(fix: FixProposal): [string, Position] {
    const reveal = fix.reveal!;
    const open = this.openDocument(reveal.path);
    const before = open?.getText() ?? this.context.files.read(reveal.path) ?? '';
    const change = fix.files?.find((file) => file.path === reveal.path);
    const after = change ? editApplier().applyEdits(before, change.edits) : before;
    return [open?.uri ?? pathToUri(reveal.path), new LineIndex(after).positionAt(reveal.offset)];
  }

  /** An open editor's document for a path (its unsaved text wins over the disk). */
  private openDocument(filePath: string): TextDocument | undefined {
    return this.context.documents.all().find((document) => uriToPath(document.uri) === filePath);
  }
}

function toLspEdit(lines: LineIndex, edit: TextEdit): LspTextEdit {
  return { range: lines.rangeOf(edit.start, edit.end), newText: edit.newText };
}
