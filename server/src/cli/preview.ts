import { readCatalog } from '../service/catalogView';
import { CLI_SURFACE } from '../service/surface';
import { previewRuntimeConfig } from '../service/runtime/preview';
import { RUNTIMES, type RuntimeConfig, type Selection } from '../service/runtime/types';
import { listOption, oneOf, parseArgs, UsageError } from './args';
import { readCatalogArgument } from './catalogFile';
import { CONFIG_OPTIONS } from './config';
import { cliContext } from './targets';
import type { CliIo } from './io';
import { oneLine, terminalJson, terminalText } from '../service/surfaces/terminal';

export const PREVIEW_USAGE = `mcp-catalog preview --runtime claude|codex|pi|cursor [--root NAME | --server NAME...]
                    [--clone DIR] [--zimmer-url URL] [--roots FILE]... [--format text|json]
                    [--config FILE | --no-config] FILE|DIR`;

const PREVIEW_FORMATS = ['text', 'json'] as const;

/**
 * `mcp-catalog preview` (SPEC §7): the runtime config Zimmer would generate for a session, with
 * placeholders kept as written (no variable source is even read). Exit 0 when it produced output,
 * 1 when the catalog cannot be parsed at all, 2 for usage errors (unknown root or server,
 * unreadable file).
 */
export function runPreview(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, {
    runtime: { value: true },
    root: { value: true },
    server: { value: true, repeatable: true },
    clone: { value: true },
    'zimmer-url': { value: true },
    roots: { value: true, repeatable: true },
    format: { value: true },
    ...CONFIG_OPTIONS,
  });
  if (!args.options.has('runtime')) throw new UsageError('--runtime is required (claude, codex, pi or cursor)');
  const runtime = oneOf(args, 'runtime', RUNTIMES, 'claude');
  const format = oneOf(args, 'format', PREVIEW_FORMATS, 'text');
  const root = args.options.get('root')?.[0];
  const servers = listOption(args, 'server');
  if (root !== undefined && servers.length > 0) throw new UsageError('give either --root or --server, not both');
  if (args.options.has('server') && servers.length === 0) throw new UsageError('--server needs a server name');
  const selection: Selection = root !== undefined ? { kind: 'root', root } : servers.length > 0 ? { kind: 'servers', names: servers } : { kind: 'all' };

  const context = cliContext(args, io);
  const file = readCatalogArgument(args.positional, context, 'preview');
  if (typeof file === 'number') return file;
  const { given, absolute, text, workspace } = file;

  // A preview substitutes nothing, so no variable source is read: only the roots index matters.
  const { facts } = workspace.factsFor(absolute, 'catalog', {
    knownVariables: [],
    surface: CLI_SURFACE,
    envFiles: [],
    rootsFiles: context.settings.rootsFiles,
    readProcessEnv: false,
    trusted: false,
  });
  const outcome = previewRuntimeConfig(
    readCatalog(text, facts),
    { runtime, selection, clonePath: args.options.get('clone')?.[0], zimmerUrl: args.options.get('zimmer-url')?.[0] },
    facts,
  );
  if (!outcome.ok) {
    if (outcome.problem === 'unparseable') {
      io.stderr(
        terminalText(
          `mcp-catalog preview: ${given} cannot be parsed: it is not a JSON object of server entries (run \`mcp-catalog check ${given}\` for details)\n`,
        ),
      );
      return 1;
    }
    throw new UsageError(outcome.message);
  }
  if (format === 'json') {
    io.stdout(terminalJson(previewJson(outcome.config)));
  } else {
    // One line each: a name or header from the catalog may hold a line break, which must not start a line of its own.
    for (const warning of outcome.config.warnings) io.stderr(terminalText(`warning: ${oneLine(warning)}\n`));
    for (const note of outcome.config.notes) io.stderr(terminalText(`note: ${oneLine(note)}\n`));
    io.stdout(terminalText(formatPreviewText(outcome.config)));
  }
  return 0;
}

/** SPEC §7: `{runtime, files, env, warnings?}`, plus what Zimmer adds at prepare (`added`, `notes`, SPEC §6.5). */
function previewJson(config: RuntimeConfig): Record<string, unknown> {
  const json: Record<string, unknown> = { runtime: config.runtime, files: config.files, env: config.env };
  if (config.warnings.length > 0) json.warnings = config.warnings;
  if (config.added.length > 0) json.added = config.added;
  if (config.notes.length > 0) json.notes = config.notes;
  return json;
}

/** For a person: each file under its path, then the process environment the runtime needs. */
export function formatPreviewText(config: RuntimeConfig): string {
  const parts: string[] = [];
  for (const file of config.files) {
    const content = file.content.length > 0 ? file.content : '(empty: no server selected)\n';
    parts.push(`==> ${file.path} <==\n${content.endsWith('\n') ? content : `${content}\n`}`);
  }
  const env = Object.entries(config.env);
  if (env.length > 0) parts.push(`==> process environment <==\n${env.map(([name, value]) => `${name}=${value}\n`).join('')}`);
  return parts.join('\n');
}
