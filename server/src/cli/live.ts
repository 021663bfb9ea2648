import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInstanceGet, DEFAULT_TIMEOUT_MS, isSendableKey } from '../../../shared/src/liveTransport';
import { diskReader } from '../node/files';
import { Workspace } from '../node/workspace';
import { kindFromName } from '../service/classify';
import { checkInstanceUrl, compareWithInstance, readInstance } from '../service/live';
import { computeReadiness } from '../service/readiness';
import { readCatalog } from '../service/catalogView';
import { oneOf, parseArgs, UsageError } from './args';
import { readCatalogArgument } from './catalogFile';
import type { CliIo } from './io';
import { formatLiveText, liveJson } from './liveFormat';
import { CONFIG_OPTIONS, configuredSeverities } from './config';
import { SOURCE_OPTIONS } from './sources';
import { cliContext } from './targets';
import { terminalJson, terminalText } from '../service/surfaces/terminal';

export const LIVE_USAGE = `mcp-catalog live [--format text|json] [--api-key-env NAME] [--timeout SECONDS]
                 [same source options as readiness] URL [FILE|DIR]`;

const LIVE_FORMATS = ['text', 'json'] as const;
export const DEFAULT_KEY_VARIABLE = 'ZIMMER_API_KEY';

/**
 * `mcp-catalog live` (SPEC §11): the file's offline readiness beside what a running instance
 * serves, then the drift. Exit 0 no drift, 1 drift, 2 when the instance cannot be read (not
 * reachable, the key refused, an answer that is not an instance's) or for usage errors. The key
 * comes from an environment variable and is only ever sent, never printed.
 */
export async function runLive(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { ...SOURCE_OPTIONS, ...CONFIG_OPTIONS, format: { value: true }, 'api-key-env': { value: true }, timeout: { value: true } });
  const format = oneOf(args, 'format', LIVE_FORMATS, 'text');
  const context = cliContext(args, io);
  const { settings } = context;
  configuredSeverities(args, context.config); // validated with the other source options so typos still fail
  const [urlText, target, ...extra] = args.positional;
  if (urlText === undefined) throw new UsageError('no instance URL given');
  if (extra.length > 0) throw new UsageError('give one URL and at most one FILE or DIR');
  const instance = checkInstanceUrl(urlText);
  if (!instance.ok) throw new UsageError(instance.message);
  const keyVariable = args.options.get('api-key-env')?.[0] ?? DEFAULT_KEY_VARIABLE;
  const key = (io.env[keyVariable] ?? '').trim();
  if (key === '')
    throw new UsageError(
      `set ${keyVariable} to the instance's API key${keyVariable === DEFAULT_KEY_VARIABLE ? ' (or name another variable with --api-key-env)' : ''}`,
    );
  if (!isSendableKey(key))
    throw new UsageError(`${keyVariable} holds characters that cannot be sent in an HTTP header (the key is visible ASCII without spaces)`);
  const timeoutMs = timeoutOption(args.options.get('timeout')?.[0]);

  const file = readCatalogArgument([catalogPath(target ?? '.', io)], context, 'live');
  if (typeof file === 'number') return file;
  const { given, absolute, text, workspace } = file;
  const { facts } = workspace.factsFor(absolute, 'catalog', settings);
  const catalog = readCatalog(text, facts);
  if (!catalog.usable) {
    io.stderr(
      terminalText(`mcp-catalog live: ${given} cannot be parsed: it is not a JSON object of server entries (run \`mcp-catalog check ${given}\` for details)\n`),
    );
    return 2;
  }

  const read = await readInstance(instance.base, createInstanceGet({ base: instance.base, key, timeoutMs }));
  if (!read.ok) {
    if (format === 'json') io.stdout(terminalJson({ instance: instance.base, file: given, error: read.failure }));
    io.stderr(terminalText(`mcp-catalog live: ${read.failure.message}\n`));
    return 2;
  }
  const readiness = computeReadiness(catalog, facts, {
    declareKnownHint: 'declare it known with `--known NAME` if the runtime reads it from a store this command cannot see',
  });
  const notes = [...read.notes];
  if (catalog.syntaxErrors) notes.push(`${given} is not strict JSON, so AIR would refuse to load it: the instance cannot be serving it as written.`);
  const comparison = compareWithInstance(catalog, facts, readiness, read.answer, notes);
  const header = { instance: instance.base, endpoint: read.endpoint, file: given };
  io.stdout(format === 'json' ? terminalJson(liveJson(header, comparison)) : terminalText(formatLiveText(header, comparison)));
  return comparison.drift.length > 0 ? 1 : 0;
}

/** FILE as given; for a DIR, its `mcp.json`, or the only catalog-named file in it. */
function catalogPath(target: string, io: CliIo): string {
  const absolute = path.resolve(io.cwd, target);
  let isDirectory = false;
  try {
    isDirectory = fs.statSync(absolute).isDirectory();
  } catch {
    return target;
  }
  if (!isDirectory) return target;
  const names = (diskReader.list(absolute) ?? []).filter(
    (name) => new Workspace(diskReader, { env: {} }).classify(path.join(absolute, name)) === 'catalog' && kindFromName(name) === 'catalog',
  );
  const chosen = names.includes('mcp.json') ? 'mcp.json' : names.length === 1 ? names[0] : undefined;
  if (chosen === undefined) {
    throw new UsageError(names.length === 0 ? `no catalog (mcp.json) in ${target}` : `${target} holds several catalogs (${names.sort().join(', ')}); name one`);
  }
  return path.join(target, chosen);
}

function timeoutOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600)
    throw new UsageError(`--timeout must be a number of seconds from above 0 to 600, not "${value}"`);
  return Math.round(seconds * 1000);
}
