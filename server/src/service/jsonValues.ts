/** Plain helpers for values as JSON.parse builds them; no dependencies. */

/** `obj[key] = value` that also works for the key `__proto__`, as JSON.parse does. */
export function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The string values of an object-of-strings field, in order; undefined when it is not an object. */
export function stringMap(value: unknown): [string, string][] | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.entries(value as Record<string, unknown>).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
}
