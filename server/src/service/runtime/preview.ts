import type { WorkspaceFacts } from '../facts';
import { readCatalog, summariseProblems, type CatalogView } from '../catalogView';
import { maskCredentials } from '../masking';
import { subagentRootsOf } from '../membership';
import { generateClaude } from './claude';
import { generateCodex } from './codex';
import { generateCursor } from './cursor';
import { generatePi } from './pi';
import { rootNotes } from './rootNotes';
import { resolveSelection } from './selection';
import { addZimmerSession } from './zimmerAdditions';
import { nestsDeeperThan, TOO_DEEP_REASON } from './valueDepth';
import {
  DEFAULT_CLONE_PATH,
  ZIMMER_RUNTIMES,
  type GeneratorInput,
  type GeneratorOutput,
  type PreviewRequest,
  type RuntimeConfig,
  type RuntimeName,
  type SelectedServer,
} from './types';

/**
 * A runtime-config preview (SPEC §6.3, §7, §10): the selected servers whatever their readiness,
 * entries that break structural rules left out with a warning, placeholders kept exactly as
 * written so a preview can never show a secret. Pure; the editor and `mcp-catalog preview` share it.
 */

export type PreviewOutcome = { ok: true; config: RuntimeConfig } | { ok: false; problem: 'unparseable' | 'unknown-root' | 'unknown-server'; message: string };

const GENERATORS: Record<RuntimeName, (input: GeneratorInput) => GeneratorOutput> = {
  claude: generateClaude,
  codex: generateCodex,
  pi: generatePi,
  cursor: generateCursor,
};

export function previewRuntimeConfig(source: string | CatalogView, request: PreviewRequest, facts?: WorkspaceFacts): PreviewOutcome {
  const catalog = typeof source === 'string' ? readCatalog(source, facts) : source;
  if (!catalog.usable) return { ok: false, problem: 'unparseable', message: 'the catalog cannot be parsed: it is not a JSON object of server entries' };

  const selected = resolveSelection(catalog, request.selection ?? { kind: 'all' }, facts);
  if (!selected.ok) return selected;

  const warnings: string[] = [];
  if (catalog.syntaxErrors) warnings.push('The catalog is not strict JSON, so AIR would refuse to load it; this preview is built from what could be read.');
  const wanted = new Set(selected.names);
  const servers: SelectedServer[] = [];
  for (const entry of catalog.entries) {
    if (!wanted.has(entry.name)) continue;
    if (entry.problems.length > 0 || !entry.value) {
      warnings.push(`"${entry.name}" is left out because it breaks a structural rule: ${summariseProblems(entry.problems) || 'it is not an object.'}`);
      continue;
    }
    if (nestsDeeperThan(entry.value)) {
      warnings.push(`"${entry.name}" is left out because ${TOO_DEEP_REASON}.`);
      continue;
    }
    servers.push({ name: entry.name, value: entry.value });
  }

  const clonePath = normaliseClonePath(request.clonePath);
  const selection = request.selection ?? { kind: 'all' };
  // A session (all servers, or a root's) gets what Zimmer adds at prepare; one server's preview shows it alone (SPEC §6.5).
  const session =
    // Cursor's file is AIR's alone: Zimmer prepares no Cursor sessions (SPEC §6.6).
    selection.kind === 'servers' || !ZIMMER_RUNTIMES.includes(request.runtime)
      ? undefined
      : addZimmerSession(servers, selection.kind === 'root' ? subagentRootsOf(facts?.roots, selection.root) : undefined, request.zimmerUrl);
  const output = GENERATORS[request.runtime]({
    servers: session?.servers ?? servers,
    clonePath,
    session: session && { stdioEnv: session.stdioEnv },
  });
  return {
    ok: true,
    config: {
      runtime: request.runtime,
      files: output.files,
      env: output.env,
      warnings: [...warnings, ...output.warnings].map(maskCredentials),
      added: session?.added ?? [],
      notes: [
        ...(session?.notes ?? []),
        ...(output.notes ?? []),
        ...(selection.kind === 'root' && facts ? rootNotes(catalog, selection.root, facts, request.readiness).map(maskCredentials) : []),
      ],
    },
  };
}

/** `<clone>` unless a path is given; a trailing separator is dropped so paths join cleanly. */
function normaliseClonePath(clonePath: string | undefined): string {
  const given = clonePath === undefined || clonePath.trim().length === 0 ? DEFAULT_CLONE_PATH : clonePath;
  return given.length > 1 ? given.replace(/[\\/]+$/, '') || given : given;
}
