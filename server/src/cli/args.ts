/**
 * Command-line arguments (SPEC §7), read by Node's own `util.parseArgs`: `--opt value`,
 * `--opt=value`, repeatable options, flags, positional files and `--`. Unknown options are usage
 * errors (exit 2), never silently ignored; Node's error becomes one short line.
 */
import { parseArgs as nodeParseArgs } from 'node:util';

export class UsageError extends Error {}

export interface OptionSpec {
  /** Takes a value (`--format json`); otherwise a flag. */
  value: boolean;
  /** May be given more than once. */
  repeatable?: boolean;
}

export interface ParsedArgs {
  options: Map<string, string[]>;
  flags: Set<string>;
  positional: string[];
}

export function parseArgs(argv: readonly string[], spec: Record<string, OptionSpec>): ParsedArgs {
  // Every value option is read as `multiple`, so that one given twice is refused here rather than
  // the last silently winning.
  const options = Object.fromEntries(
    Object.entries(spec).map(([name, option]) => [name, option.value ? { type: 'string' as const, multiple: true } : { type: 'boolean' as const }]),
  );
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({ args: [...argv], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw usageError(error);
  }
  const result: ParsedArgs = { options: new Map(), flags: new Set(), positional: parsed.positionals };
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === true) result.flags.add(name);
    else if (Array.isArray(value)) {
      if (value.length > 1 && !spec[name].repeatable) throw new UsageError(`--${name} was given more than once`);
      result.options.set(name, value.map(String));
    }
  }
  return result;
}

/** Node's `ERR_PARSE_ARGS_*` error as the one line a usage error prints. */
function usageError(error: unknown): Error {
  if (!(error instanceof Error)) return new UsageError(String(error));
  const code = (error as NodeJS.ErrnoException).code;
  const option = /'(-[^' ]*)/.exec(error.message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown option ${option}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (error.message.includes('does not take an argument')) return new UsageError(`${option} takes no value`);
    if (error.message.includes('ambiguous')) return new UsageError(`${option} needs a value (one that starts with a dash is written ${option}=VALUE)`);
    return new UsageError(`${option} needs a value`);
  }
  return code?.startsWith('ERR_PARSE_ARGS_') ? new UsageError(error.message.split('\n')[0]) : error;
}

/** A single-valued option, checked against its allowed values. */
export function oneOf<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[], fallback: T): T {
  const value = args.options.get(name)?.[0];
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not "${value}"`);
  return value as T;
}

/** All values of a repeatable option, split on commas (`--known A,B --known C`). */
export function listOption(args: ParsedArgs, name: string): string[] {
  return (args.options.get(name) ?? [])
    .flatMap((value) => value.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}
