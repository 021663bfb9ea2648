import { onFirstUse } from './lazy';
import * as path from 'node:path';
import type { CancellationToken } from 'vscode-languageserver';
import { ResponseError, ErrorCodes } from './protocol';
import {
  PREVIEW_REQUEST,
  READINESS_REQUEST,
  type PreviewParams,
  type PreviewResult,
  type ReadinessParams,
  type ReadinessResult,
  type RootReadinessItem,
  type ServerReadinessItem,
} from '../../../shared/src/protocol';
import type { Selection } from '../service/runtime';
import type * as Runtime from '../service/runtime';
import { catalogViewOf, readinessOf, type Analysis } from './analysis';
import type { FeatureRegistration, ServerContext } from './features';
import { locations } from './navigation';
import { analysisAt, guarded } from './requests';
import { registerTranslateRequest } from './translateRequest';
import { registerAddServerRequest } from './addServerRequest';

/** The runtime-config generators (and the TOML writer): loaded on the first preview, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = onFirstUse((): typeof Runtime => require('../service/runtime') as typeof Runtime);

/**
 * The custom requests behind the readiness tree, the language status and the preview documents.
 * Both read the cached analysis of the catalog's current version, so they follow every keystroke.
 */
export const registerCatalogRequests: FeatureRegistration = (context) => {
  context.connection.onRequest(READINESS_REQUEST, (params: ReadinessParams, token: CancellationToken) =>
    guarded(context, 'readiness', token, async () => {
      // The workspace's catalog before any editor opens it: read from disk as a workspace pull reads it.
      const analysis = context.documents.get(params.uri)
        ? await catalogAnalysis(context, params.uri, token)
        : await context.analyseClosed?.(params.uri, token).then((closed) => (closed?.kind === 'catalog' ? closed : undefined));
      // The tree reveals each root in its roots index, which is read (files/fileAccess.ts `settle`).
      return analysis ? context.analyzer.settle(() => readiness(context, analysis)) : null;
    }),
  );
  context.connection.onRequest(PREVIEW_REQUEST, (params: PreviewParams, token: CancellationToken) =>
    guarded(context, 'preview', token, async (): Promise<PreviewResult | null> => {
      if (!runtime().RUNTIMES.includes(params.runtime)) throw new ResponseError(ErrorCodes.InvalidParams, `Unknown runtime "${String(params.runtime)}".`);
      const analysis = await catalogAnalysis(context, params.uri, token);
      if (!analysis) return { ok: false, message: 'This document is not an MCP catalog.' };
      const selection: Selection = params.root
        ? { kind: 'root', root: params.root }
        : params.servers?.length
          ? { kind: 'servers', names: params.servers }
          : { kind: 'all' };
      const outcome = runtime().previewRuntimeConfig(
        catalogViewOf(analysis),
        {
          runtime: params.runtime,
          selection,
          clonePath: params.clonePath ?? analysis.settings.preview.clonePath,
          zimmerUrl: analysis.settings.preview.zimmerUrl,
          // The document's variable sources are known here: a root's preview says which servers cannot start, from the analysis's readiness.
          readiness: selection.kind === 'root' ? readinessOf(analysis) : undefined,
        },
        analysis.facts,
      );
      return outcome.ok ? { ok: true, version: analysis.version, config: outcome.config } : { ok: false, message: outcome.message };
    }),
  );
  // The copy-as commands.
  registerTranslateRequest(context);
  registerAddServerRequest(context);
  return {};
};

async function catalogAnalysis(context: ServerContext, uri: string, token: CancellationToken): Promise<Analysis | undefined> {
  const analysis = await analysisAt(context, uri, token);
  return analysis?.kind === 'catalog' ? analysis : undefined;
}

function readiness(context: ServerContext, analysis: Analysis): ReadinessResult {
  const catalog = catalogViewOf(analysis);
  const result = readinessOf(analysis);
  const keyRanges = new Map(catalog.entries.map((entry) => [entry.name, analysis.lines.rangeOf(entry.keySpan.start, entry.keySpan.end)]));
  const roots = analysis.facts.roots;
  // Where each root's key is in its roots index, so the tree can reveal it (the first file naming it wins, as in discovery).
  const rootKeys = new Map<string, { path: string; start: number; end: number }>();
  for (const file of roots?.files ?? []) for (const [name, span] of file.roots) if (!rootKeys.has(name)) rootKeys.set(name, { path: file.path, ...span });
  const rootLocation = (name: string) => {
    const key = rootKeys.get(name);
    return key ? locations(context, analysis, [key])[0] : undefined;
  };
  return {
    uri: analysis.uri,
    version: analysis.version,
    servers: result.servers.map((server): ServerReadinessItem => ({
      name: server.name,
      state: server.state,
      reason: server.reason,
      variables: server.variables,
      range: keyRanges.get(server.name),
    })),
    roots: result.roots.map((root): RootReadinessItem => ({ ...root, location: rootLocation(root.name) })),
    rootsSource: roots
      ? `${roots.files.map((file) => path.basename(file.path)).join(', ') || 'no readable roots file'} (${roots.via === 'explicit' ? 'from settings' : roots.via})`
      : `no roots index found${analysis.facts.rootsSearch ? ` (searched ${analysis.facts.rootsSearch})` : ''}`,
    errors: analysis.findings.filter((f) => f.severity === 'error').length,
    warnings: analysis.findings.filter((f) => f.severity === 'warning').length,
    trusted: analysis.trusted,
  };
}
