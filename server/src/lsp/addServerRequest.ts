import type { CancellationToken, TextDocumentEdit, CreateFile, WorkspaceEdit } from 'vscode-languageserver';
import { ADD_SERVER_REQUEST, type AddServerParams, type AddServerResponse } from '../../../shared/src/protocol';
import type * as AddServer from '../service/addServer';
import { LineIndex } from '../service/text';
import type { FeatureRegistration } from './features';
import { onFirstUse } from './lazy';
import { pathToUri, uriToPath } from './paths';
import { analysisAt, guarded } from './requests';

/** Loaded on the first Add Server…, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const addServerService = onFirstUse((): typeof AddServer => require('../service/addServer') as typeof AddServer);

/**
 * `mcpCatalog/addServer`: Add Server… (SPEC §13) computed by the core from the catalog's current
 * text (unsaved edits count). The catalog edit is versioned, so a document that moved on refuses
 * it; the env-file edit appends a `NAME=` line as the unresolved-variable fix does (`NAME=<value>`
 * for a literal the import replaced, as the hardcoded-secret fix moves one) and is only
 * offered inside the workspace (SPEC §8) and when the workspace's variable sources were read. A
 * literal never moves to a name those sources already set to something else (setElsewhere).
 */
export const registerAddServerRequest: FeatureRegistration = (context) => {
  context.connection.onRequest(ADD_SERVER_REQUEST, (params: AddServerParams, token: CancellationToken) =>
    guarded(context, 'add server', token, async (): Promise<AddServerResponse> => {
      const analysis = await analysisAt(context, typeof params?.uri === 'string' ? params.uri : '', token);
      if (!analysis || analysis.kind !== 'catalog') return { ok: false, message: 'Open an MCP catalog to add a server to.' };
      const source = params.source;
      const valid =
        (source?.kind === 'template' && typeof source.transport === 'string') ||
        (source?.kind === 'import' && typeof source.text === 'string' && (source.server === undefined || typeof source.server === 'string'));
      if (!valid) return { ok: false, message: 'Add Server… needs a template or a text to import.' };
      const variables = analysis.facts.variables;
      const envPath = variables.restricted ? undefined : variables.preferredEnvFile();
      const workspace = analysis.filePath ? context.analyzer.workspaceFor(analysis.filePath) : undefined;
      const offered = envPath !== undefined && workspace?.contains(envPath) === true;
      const open = offered ? context.documents.all().find((document) => uriToPath(document.uri) === envPath) : undefined;
      const existing = offered ? (open?.getText() ?? (await context.analyzer.settle(() => context.files.read(envPath)))) : undefined;
      const result = addServerService().addServer(
        analysis.text,
        source,
        params.placement === 'sorted' ? 'sorted' : 'end',
        variables.restricted ? undefined : addServerService().setElsewhere(variables, existing ?? ''),
      );
      if (!result.ok) return result;
      const edit: WorkspaceEdit = {
        documentChanges: [
          {
            textDocument: { uri: params.uri, version: analysis.version },
            edits: [{ range: analysis.lines.rangeOf(result.edit.start, result.edit.end), newText: result.edit.newText }],
          },
        ],
      };
      const unset = variables.restricted ? [] : result.variables.filter((name) => !variables.find(name));
      const answer: AddServerResponse = { ok: true, name: result.name, edit, warnings: result.warnings, unset };
      if (unset.length > 0 && envPath && workspace && offered) {
        const { edit: append, warnings, moved } = addServerService().envFileLines(existing ?? '', unset, result.secretValues);
        answer.warnings.push(...warnings);
        if (append) {
          const uri = open?.uri ?? pathToUri(envPath);
          const range = new LineIndex(existing ?? '').rangeOf(append.start, append.end);
          const changes: (TextDocumentEdit | CreateFile)[] = [];
          if (existing === undefined) changes.push({ kind: 'create', uri, options: { ignoreIfExists: true } });
          changes.push({ textDocument: { uri, version: open?.version ?? null }, edits: [{ range, newText: append.newText }] });
          answer.envEdit = { documentChanges: changes };
          answer.envFile = workspace.display(envPath);
          if (moved.length > 0) answer.moved = moved;
        }
      }
      return answer;
    }),
  );
  return {};
};
