/**
 * SPEC §6.1: a header is credential-like when its name, split on `-` and `_`, has a part equal
 * (case-insensitive) to one of these words, or the two adjacent parts `api` and `key`.
 * `X-API-Key` and `PRIVATE-TOKEN` are; `Idempotency-Key` and `X-Author` are not.
 */

const CREDENTIAL_PARTS: ReadonlySet<string> = new Set(['authorization', 'auth', 'apikey', 'token', 'secret', 'password', 'credential', 'credentials']);

export function isCredentialHeaderName(name: string): boolean {
  const parts = name.toLowerCase().split(/[-_]/);
  return parts.some((part, index) => CREDENTIAL_PARTS.has(part) || (part === 'api' && parts[index + 1] === 'key'));
}

/**
 * The headers that actually send a credential: a credential-like name with a value that is not
 * empty or only whitespace. A blank one is no credential at all — Zimmer's OAuth injector treats
 * such a server as OAuth-capable (SPEC §6.1). Readiness and `insecure-transport` both ask this.
 */
export function sendsCredential(name: string, value: unknown): boolean {
  return isCredentialHeaderName(name) && !(typeof value === 'string' && value.trim().length === 0);
}
