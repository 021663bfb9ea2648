import { findPlaceholders } from '../placeholders';
import { secretVariableName, type SecretLocation } from '../rules/hygiene/secrets';
import { define, recordSecretValue, type SecretValues } from '../translate/entries';
import { isSecretName } from '../translate/vscode';
import type { JsonObject } from './input';

/**
 * Literal credentials an import would copy that `hardcoded-secret`'s patterns (well-known token
 * prefixes, `Bearer`, JWTs) cannot see: a key without a known prefix under a credential-like
 * name — `"BRAVE_API_KEY": "BSA…"`, `X-API-Key`, `--token=…`, `GITHUB_TOKEN=…` after `-e`, a
 * `?api_key=` query parameter, a password in a URL. SPEC §13: an imported server is translated,
 * never copied, and a literal secret becomes `${NAME}` (named as `hardcoded-secret`'s fix names
 * it). Only for imports: a catalog's own value under such a name may be deliberate (a key file's
 * path, a mode), so the rule does not guess — but text pasted from another tool's file is about to
 * be committed, and the user still has the original.
 */

/**
 * A value that can be a credential: one word of at least 8 characters, not a path or a URL, with
 * letters and digits (API keys and passwords nearly always mix them), or 24 characters and more.
 * So `oauth`, `debug`, `/home/me/key.pem` and `interactive` stay as they are.
 */
function literalCredential(value: string): boolean {
  if (findPlaceholders(value).length > 0) return false;
  if (value.length < 8 || /\s/.test(value) || /^[/~.\\]|^[A-Za-z]:\\|:\/\//.test(value)) return false;
  return (/[0-9]/.test(value) && /[A-Za-z]/.test(value)) || value.length >= 24;
}

/** A credential-like name: SPEC §6.1's header words, and KEY, PAT, PASS, PWD, JWT, … (translate/vscode.ts). */
function credentialName(name: string): boolean {
  return isSecretName(name.replace(/^-+/, ''));
}

/** A scheme and its credential; whitespace after the credential is no part of it (and is dropped). */
const AUTH_SCHEME = /^(Bearer|Basic|Token|Bot)([ \t]+)(\S+)\s*$/i;
/**
 * A URL's user and password. The user info ends at the authority's last `@` (WHATWG URL, "authority
 * state"), so a password may hold an `@`: matching to the first would leave its tail in the entry.
 */
const URL_PASSWORD = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:\s]*:)([^/?#\s]+)@/;
/**
 * A query parameter after `?` or `&`. Its name holds no `?`: from each separator the name then ends
 * at the next one, so a URL of many `?` without `=` is read in linear time (a name running on to the
 * end was rescanned from every `?`: minutes at the import's 1 MB limit).
 */
const QUERY_PARAMETER = /([?&])([^=&#?]+)=([^&#]*)/g;

export function withoutNamedSecrets(name: string, value: JsonObject, warnings: string[], secretNames: Set<string>, values: SecretValues): JsonObject {
  const replaced: string[] = [];
  /** The `${NAME}` that replaces `literal` (the text as written) at `location`. */
  const variable = (location: SecretLocation, literal: string): string => {
    const base = secretVariableName(name, location);
    let unique = base;
    for (let i = 2; replaced.includes(unique) || secretNames.has(unique); i++) unique = `${base}_${i}`;
    replaced.push(unique);
    secretNames.add(unique);
    recordSecretValue(values, unique, literal);
    return `\${${unique}}`;
  };
  /** A URL's password and its credential-named query parameters. */
  const inUrl = (url: string, location: (url: string, start: number) => SecretLocation): string => {
    const withoutPassword = url.replace(URL_PASSWORD, (whole, before: string, password: string) =>
      findPlaceholders(password).length > 0 ? whole : `${before}${variable(location(url, before.length), password)}@`,
    );
    return withoutPassword.replace(QUERY_PARAMETER, (whole, separator: string, key: string, item: string, offset: number) =>
      credentialName(key) && literalCredential(decodeURIComponentSafe(item))
        ? `${separator}${key}=${variable(location(withoutPassword, offset + separator.length + key.length + 1), item)}`
        : whole,
    );
  };

  const out: JsonObject = { ...value };
  for (const map of ['env', 'headers'] as const) {
    const object = value[map];
    if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(object as JsonObject)) {
      let text = item;
      if (typeof item === 'string' && credentialName(key)) {
        const scheme = map === 'headers' ? AUTH_SCHEME.exec(item) : null;
        if (scheme && literalCredential(scheme[3])) text = `${scheme[1]}${scheme[2]}${variable({ field: map, key }, scheme[3])}`;
        else if (!scheme && literalCredential(item)) text = variable({ field: map, key }, item);
      }
      define(copy, key, text);
    }
    out[map] = copy;
  }
  if (Array.isArray(value.args)) {
    const args = value.args;
    out.args = args.map((item, index) => {
      if (typeof item !== 'string') return item;
      const location = { field: 'args', index, args } as const;
      const inline = /^(--?[A-Za-z][A-Za-z0-9_-]*=|[A-Za-z_][A-Za-z0-9_]*=)(.*)$/s.exec(item);
      if (inline && credentialName(inline[1].slice(0, -1)) && literalCredential(inline[2])) return `${inline[1]}${variable(location, inline[2])}`;
      const previous = args[index - 1];
      if (typeof previous === 'string' && /^--?[A-Za-z][A-Za-z0-9_-]*$/.test(previous) && credentialName(previous) && literalCredential(item))
        return variable(location, item);
      return item.includes('://') ? inUrl(item, () => location) : item;
    });
  }
  if (typeof value.url === 'string') {
    out.url = inUrl(value.url, (url, start) => ({ field: 'url', url, start }));
  }
  if (replaced.length > 0) {
    warnings.push(
      `"${name}": the literal value${replaced.length === 1 ? '' : 's'} of a credential-like field ${replaced.length === 1 ? 'is' : 'are'} replaced by ${replaced.map((v) => `\${${v}}`).join(', ')}; set ${replaced.length === 1 ? 'it' : 'them'} where the client reads variables.`,
    );
  }
  return out;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
