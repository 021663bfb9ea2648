import { findPlaceholders, isUpperCaseName } from '../placeholders';
import { stringMap } from '../jsonValues';

/**
 * The variables Zimmer's connector probe needs for an entry (SPEC §6.1, §10): upper-case
 * `${NAME}` placeholders without a `:-` default in `env` values, `headers` values, `url` and
 * `args` items. Other fields are substituted by AIR but not probed, so they never make a server
 * un-startable here. Names only, de-duplicated, in the order they are written.
 */
export function requiredVariables(value: Record<string, unknown>): string[] {
  const strings: string[] = [];
  // The entry's own field order, so names are listed as a reader meets them.
  for (const key of Object.keys(value)) {
    const fieldValue = value[key];
    if (key === 'env' || key === 'headers') for (const [, text] of stringMap(fieldValue) ?? []) strings.push(text);
    else if (key === 'url' && typeof fieldValue === 'string') strings.push(fieldValue);
    else if (key === 'args' && Array.isArray(fieldValue)) for (const item of fieldValue) if (typeof item === 'string') strings.push(item);
  }

  // A Set keeps the written order and makes thousands of distinct names linear, not quadratic.
  const names = new Set<string>();
  for (const text of strings) {
    for (const placeholder of findPlaceholders(text)) {
      if (placeholder.kind !== 'variable' || placeholder.hasDefault || !placeholder.name) continue;
      if (isUpperCaseName(placeholder.name)) names.add(placeholder.name);
    }
  }
  return [...names];
}
