import { computeReadiness, STATE_INFO, type Readiness, type ServerReadiness } from '../service/readiness';
import { readCatalog } from '../service/catalogView';
import { resolveSelection } from '../service/runtime/selection';
import { oneOf, parseArgs } from './args';
import { readCatalogArgument } from './catalogFile';
import type { CliIo } from './io';
import { CONFIG_OPTIONS, configuredSeverities } from './config';
import { SOURCE_OPTIONS } from './sources';
import { cliContext } from './targets';

export const READINESS_USAGE = `mcp-catalog readiness [--root NAME] [--format text|json] [--roots FILE]... [--env-file FILE]...
                      [--secrets-file FILE] [--known NAME[,NAME]...] [--no-process-env]
                      [--config FILE | --no-config] FILE|DIR`;
import { oneLine, terminalJson, terminalText } from '../service/surfaces/terminal';

const READINESS_FORMATS = ['text', 'json'] as const;

/**
 * `mcp-catalog readiness` (SPEC §7): each server's readiness and each root's worst state, from the
 * same discovery as `check`; `--root NAME`: that root alone, with the servers it gets (its plugins'
 * too, SPEC §12). Exit 0 when it produced output, 1 when the catalog cannot be parsed at all, 2 for
 * usage errors (an unknown root) and unreadable files. Only variable names are ever printed.
 */
export function runReadiness(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { ...SOURCE_OPTIONS, ...CONFIG_OPTIONS, format: { value: true }, root: { value: true } });
  const format = oneOf(args, 'format', READINESS_FORMATS, 'text');
  const context = cliContext(args, io);
  const { settings } = context;
  configuredSeverities(args, context.config); // accepted with the other source options; validated so typos still fail
  const file = readCatalogArgument(args.positional, context, 'readiness');
  if (typeof file === 'number') return file;
  const { given, absolute, text, workspace } = file;

  const { facts } = workspace.factsFor(absolute, 'catalog', settings);
  const catalog = readCatalog(text, facts);
  if (!catalog.usable) {
    io.stderr(
      terminalText(
        `mcp-catalog readiness: ${given} cannot be parsed: it is not a JSON object of server entries (run \`mcp-catalog check ${given}\` for details)\n`,
      ),
    );
    return 1;
  }
  if (catalog.syntaxErrors)
    io.stderr(
      terminalText(`mcp-catalog readiness: ${given} is not strict JSON, so AIR would refuse to load it; readiness is computed from what could be read\n`),
    );

  const all = computeReadiness(catalog, facts, {
    declareKnownHint: 'declare it known with `--known NAME` if the runtime reads it from a store this command cannot see',
  });
  const root = args.options.get('root')?.[0];
  let readiness = all;
  if (root !== undefined) {
    // The same selection as `preview --root`, so an unknown root gets the same message.
    const selected = resolveSelection(catalog, { kind: 'root', root }, facts);
    if (!selected.ok) {
      io.stderr(terminalText(`mcp-catalog readiness: ${selected.message}\n`));
      return 2;
    }
    const names = new Set(selected.names);
    readiness = { servers: all.servers.filter((server) => names.has(server.name)), roots: all.roots.filter((r) => r.name === root) };
  }
  io.stdout(format === 'json' ? terminalJson(readiness) : terminalText(formatReadinessText(given, readiness)));
  return 0;
}

/** For a person: startable servers first, each with its badge and reason; then the roots. */
export function formatReadinessText(file: string, readiness: Readiness): string {
  const startable = readiness.servers.filter((server) => server.startable);
  const blocked = readiness.servers.filter((server) => !server.startable);
  const width = Math.min(32, Math.max(0, ...readiness.servers.map((server) => server.name.length), ...readiness.roots.map((root) => root.name.length)));
  const lines: string[] = [`${file}: ${plural(readiness.servers.length, 'server')}, ${startable.length} can start, ${blocked.length} cannot`];

  const serverLine = (server: ServerReadiness): string => {
    const mark = server.startable ? '✓' : '✗';
    const detail = server.reason ? ` — ${server.reason}` : '';
    return `  ${mark} ${server.name.padEnd(width)}  ${STATE_INFO[server.state].badge}${detail}`;
  };
  if (startable.length > 0) lines.push('', 'Can start', ...startable.map(serverLine));
  if (blocked.length > 0) lines.push('', 'Cannot start', ...blocked.map(serverLine));

  lines.push('', 'Roots');
  if (readiness.roots.length === 0) lines.push('  (no roots index found)');
  for (const root of readiness.roots) {
    const servers =
      root.servers.length > 0
        ? root.servers.map((server) => (root.broughtBy?.[server] !== undefined ? `${server} (plugin ${root.broughtBy[server]})` : server)).join(', ')
        : '(no default servers)';
    const worst = root.worstState ? ` — ${STATE_INFO[root.worstState].badge}: ${root.warning}` : '';
    lines.push(`  ${root.name.padEnd(width)}  ${servers}${worst}`);
    const rest = [
      root.plugins?.length ? `plugins: ${root.plugins.join(', ')}` : undefined,
      root.skills?.length ? `skills: ${root.skills.map(memberText).join(', ')}` : undefined,
      root.hooks?.length ? `hooks: ${root.hooks.map(memberText).join(', ')}` : undefined,
    ].filter((part) => part !== undefined);
    if (rest.length > 0) lines.push(`  ${''.padEnd(width)}  ${rest.join('; ')}`);
  }
  // Names and reasons come from the catalog: each line stays one line, so none can forge another.
  return `${lines.map(oneLine).join('\n')}\n`;
}

function memberText(member: { id: string; plugin?: string }): string {
  return member.plugin === undefined ? member.id : `${member.id} (plugin ${member.plugin})`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
