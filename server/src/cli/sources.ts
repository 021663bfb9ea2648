import { isCode, isSeveritySetting, type SeveritySetting } from '../service/codes';
import { CLI_SURFACE } from '../service/surface';
import type { SourceSettings } from '../node/workspace';
import { listOption, UsageError, type OptionSpec, type ParsedArgs } from './args';

/** The source options shared by `check`, `readiness` and `preview` (SPEC §7). */
export const SOURCE_OPTIONS: Record<string, OptionSpec> = {
  roots: { value: true, repeatable: true },
  'env-file': { value: true, repeatable: true },
  // Node 20 takes `--env-file` for itself even after the script name (`node cli.js check --env-file X`
  // exits 9 before this code runs); `--dotenv` is the spelling no Node version intercepts.
  dotenv: { value: true, repeatable: true },
  'secrets-file': { value: true },
  known: { value: true, repeatable: true },
  'no-process-env': { value: false },
  severity: { value: true, repeatable: true },
};

export function sourceSettings(args: ParsedArgs): SourceSettings {
  return {
    knownVariables: listOption(args, 'known'),
    surface: CLI_SURFACE,
    envFiles: [...(args.options.get('env-file') ?? []), ...(args.options.get('dotenv') ?? [])],
    secretsFile: args.options.get('secrets-file')?.[0],
    rootsFiles: args.options.get('roots') ?? [],
    readProcessEnv: !args.flags.has('no-process-env'),
    trusted: true,
  };
}

/** `--severity CODE=LEVEL`, repeatable. */
export function severityOverrides(args: ParsedArgs): Record<string, SeveritySetting> {
  const overrides: Record<string, SeveritySetting> = {};
  for (const item of args.options.get('severity') ?? []) {
    const [code, level] = item.split('=');
    if (!code || !isCode(code)) throw new UsageError(`--severity: unknown code "${code ?? ''}"`);
    if (!isSeveritySetting(level)) throw new UsageError(`--severity ${code}: level must be error, warning, information, hint or off`);
    overrides[code] = level;
  }
  return overrides;
}
