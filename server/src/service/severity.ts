/**
 * Severities and the values the severity setting takes (SPEC §5). Plain data that imports
 * nothing: the settings the client reads (shared/src/settings.ts) check against it without
 * loading the rules that codes.ts assembles the registry from.
 */

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type SeveritySetting = Severity | 'off';

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

export function isSeveritySetting(value: unknown): value is SeveritySetting {
  return typeof value === 'string' && (SEVERITY_SETTINGS as readonly string[]).includes(value);
}
