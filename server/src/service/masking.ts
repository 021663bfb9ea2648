import { findCredentialLike } from './rules/hygiene/secrets';

/**
 * SPEC §5: any string that looks like a credential — what `hardcoded-secret` detects — is masked in
 * every message, whatever its code and whatever its wording. Messages quote values (`not "…"`,
 * a declared `unavailable` reason, a left-out entry's problem), and a value can hold a token; so
 * the masking is applied to the finished text where every message passes (the engine's
 * resolveSeverities, readiness reasons, preview and translation warnings), never by the rules.
 *
 * Placeholders are not exempt here (a message quoting `${KEY:-ghp_…}` masks it too).
 * Each credential becomes its masked form (`ghp_…`, `Bearer …`, `eyJ…`). A message may also have
 * cut a long value short (`"ghp_abc…`): a well-known token prefix followed by token characters
 * up to the cut is masked the same way, since what is left of it is still part of the secret.
 */

// No token character before it, but a placeholder's `:-` may be (its default starts the value).
const TRUNCATED_TOKEN = /(?<![A-Za-z0-9_])(?<![^:]-)(?<!^-)(github_pat_|ghp_|glpat-|xoxb-|xoxp-|sk-|AKIA|eyJ)[A-Za-z0-9_.-]{4,}\u2026/g;

/**
 * A finding's `data` as a machine-readable output prints it (`check --format json`): every string
 * masked. Only for printing — quick fixes read the unmasked data, which never leaves the editor.
 */
export function maskedData<T>(data: T): T {
  return JSON.parse(JSON.stringify(data), (_key, value: unknown) => (typeof value === 'string' ? maskCredentials(value) : value)) as T;
}

export function maskCredentials(text: string): string {
  // A placeholder's default (`${KEY:-ghp_…}`) starts a value: `:-` becomes `: ` (same length, so
  // offsets hold) for the token patterns, which want no token character before a token.
  const secrets = findCredentialLike(text.includes(':-') ? text.replace(/:-/g, ': ') : text);
  let masked = text;
  if (secrets.length > 0) {
    masked = '';
    let from = 0;
    for (const secret of secrets) {
      // `ghp_…` replaces a token whole; a bearer token's span starts after the `Bearer ` already there.
      const shown = secret.masked.slice(0, -1);
      masked += text.slice(from, secret.start) + (text.startsWith(shown, secret.start) ? secret.masked : '…');
      from = secret.end;
    }
    masked += text.slice(from);
  }
  return masked.includes('…') ? masked.replace(TRUNCATED_TOKEN, '$1…') : masked;
}
