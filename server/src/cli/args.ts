/**
 * Command-line arguments (SPEC §7): `--opt value`, `--opt=value`, repeatable options, flags and
 * positional files. Unknown options are usage errors (exit 2), never silently ignored.
 */

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
  const options = new Map<string, string[]>();
  const flags = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    const option = spec[name];
    if (!option) throw new UsageError(`unknown option --${name}`);
    if (!option.value) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    const values = options.get(name) ?? [];
    if (values.length > 0 && !option.repeatable) throw new UsageError(`--${name} was given more than once`);
    values.push(value);
    options.set(name, values);
  }
  return { options, flags, positional };
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
