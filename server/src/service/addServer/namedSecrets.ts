import { findPlaceholders } from '../placeholders';
import { envName, secretVariableName, type SecretLocation, type SecretNamer } from '../rules/hygiene/secrets';
import { define } from '../translate/entries';
import { isSecretName } from '../translate/vscode';
import type { JsonObject } from './input';

/**
 * Literal credentials an import would copy that `hardcoded-secret`'s patterns (well-known token
 * prefixes, `Bearer`, JWTs) cannot see: a value under a name ending in a credential word, whatever its length —
 * `"BRAVE_API_KEY": "BSA…"`, `"API_KEY": "abc12"`, `X-API-Key`, `Authorization: Bearer xyz`,
 * `--token=…`, `GITHUB_TOKEN=…` after `-e`, a header line after `--header` (or its name and value
 * after `--headers`), a `?api_key=` query or
 * `#access_token=` fragment parameter — and a URL's password or a token as its user name. SPEC §13: an imported server is
 * translated, never copied, and a literal secret becomes `${NAME}` (named where `hardcoded-secret`'s
 * fix names it, made the server's own by variableNames.ts). Only for imports: a catalog's own value
 * under such a name may be deliberate (a key file's path, a mode), so the rule does not guess — but
 * text pasted from another tool's file is about to be committed, and the user still has the original.
 */

/**
 * A value that can be a credential by its shape alone: one word of at least 8 characters, not a
 * path or a URL, with letters and digits (API keys and passwords nearly always mix them), or 24
 * characters and more. So `oauth`, `debug`, `/home/me/key.pem` and `interactive` stay as they are.
 * Asked where the name alone does not say the value is a secret: a setting about one
 * (`AUTH_MODE`), a URL's user name.
 */
function literalCredential(value: string): boolean {
  if (findPlaceholders(value).length > 0) return false;
  if (value.length < 8 || /\s/.test(value) || /^[/~.\\]|^[A-Za-z]:\\|:\/\//.test(value)) return false;
  return (/[0-9]/.test(value) && /[A-Za-z]/.test(value)) || value.length >= 24;
}

/**
 * A value that is no secret even under a name that says it is one: nothing (SPEC §4.3: a blank
 * value counts as unset), a placeholder (it already names where the secret is), or a file's path
 * — the secret's file, not the secret (`GOOGLE_APPLICATION_CREDENTIALS=/home/me/creds.json`). A
 * path here starts with `/`, `~/`, `./`, `../` or a drive and holds no `+` or `=`, which base64
 * keys do (one may start with `/`). Anything else is moved whatever its length: a password of
 * five letters is still a password, and the value is not lost — it goes into the env file.
 */
function notASecret(value: string): boolean {
  return value.trim() === '' || findPlaceholders(value).length > 0 || /^(?:(?:~|\.\.?)?\/|[A-Za-z]:[\\/])[^+=\r\n]*$/.test(value);
}

/** Words that switch or choose, not secrets, even under a credential's own name (`SKIP_AUTH=true`, `USE_API_KEY=false`). */
const SWITCH = /^(?:true|false|yes|no|on|off|none|null|0|1)$/i;

/**
 * Whether the literal `value` under `name` (an env key, a header, a flag, a query parameter) moves
 * to a variable. A name is read in its words however it separates them (`--api-key`, `apiKey`,
 * `X-Auth-Token`, a line break; a trailing number is no word: `API_KEY_2`). When its last word is
 * a credential word — SPEC §6.1's header words, and KEY, PAT, PASS, PWD, JWT, … (translate/vscode.ts)
 * — the value is the credential whatever its length, unless it is no secret at all (notASecret, a
 * switch). When a credential word is only somewhere before (`AUTH_MODE`, `KEY_FILE`, `TOKEN_LIMIT`,
 * `AUTH_SERVER`, `COOKIE_SECURE`) the name is a setting about the credential, and only a value
 * shaped like a key moves. `SESSION` last names a session more often than its secret (`TMUX_SESSION`).
 */
function moves(name: string, value: string): boolean {
  const words = envName(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2')).split('_');
  while (words.length > 1 && /^[0-9]+$/.test(words[words.length - 1])) words.pop();
  if (!isSecretName(words.join('_'))) return false;
  const last = words[words.length - 1];
  const own = last !== 'SESSION' && isSecretName(last);
  return own ? !notASecret(value) && !SWITCH.test(value.trim()) : literalCredential(value);
}

/** A scheme and its credential; whitespace after the credential is no part of it (and is dropped). */
const AUTH_SCHEME = /^(Bearer|Basic|Token|Bot)([ \t]+)(\S+)\s*$/i;
/**
 * A URL's user and password. The user info ends at the authority's last `@` (WHATWG URL, "authority
 * state"), so a password may hold an `@`: matching to the first would leave its tail in the entry.
 */
const URL_PASSWORD = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:\s]*:)([^/?#\s]+)@/;
/**
 * A URL's user name with no password (again to the authority's last `@`). A login there (`git@`,
 * `user@`, `oauth2@`, GitHub's `x-access-token@`, `first.last@`, `dbuser01@`, an e-mail address) is
 * no secret, and it stays; a token sent as the user name (`https://<token>@github.com/…`, which git
 * and GitHub accept) is one run of at least 20 letters, digits, `_` and `-` with literalCredential's
 * shape (tokenAsUser), and moves.
 */
const URL_USER = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#:\s]+)@/;
/** The flags of MCP proxies that take one header line (`mcp-remote`, `supergateway`: `--header "Name: value"`). */
const HEADER_FLAG = /^(?:--headers?|-H)$/;
/**
 * The flags that take a header as two arguments, its name and then its value: the Python
 * `mcp-proxy`'s `--headers Authorization 'Bearer …'` (its README, "1.1 Configuration"), `-H` for short.
 */
const HEADER_PAIR_FLAG = /^(?:--headers|-H)$/;
/** A header's name as an argument of its own. */
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
/**
 * A query parameter after `?` or `&`, or one in the fragment after `#` (an OAuth implicit answer's
 * `#access_token=`): one pattern for both. Its name holds no `?` or `#`: from each separator the
 * name then ends at the next one, so a URL of many `?` without `=` is read in linear time (a name
 * running on to the end was rescanned from every `?`: minutes at the import's 1 MB limit).
 */
const QUERY_PARAMETER = /([?&#])([^=&#?]+)=([^&#]*)/g;

export function withoutNamedSecrets(name: string, value: JsonObject, warnings: string[], secretName: SecretNamer): JsonObject {
  const replaced: string[] = [];
  /** The `${NAME}` that replaces `literal` (the text as written) at `location`: each different literal its own (secretNamer). */
  const variable = (location: SecretLocation, literal: string): string => {
    const unique = secretName(secretVariableName(name, location), literal);
    replaced.push(unique);
    return `\${${unique}}`;
  };
  /** A URL's password or credential-like user name, and its credential-named query and fragment parameters. */
  const inUrl = (url: string, location: (url: string, start: number) => SecretLocation): string => {
    const withoutPassword = url
      .replace(URL_PASSWORD, (whole, before: string, password: string) =>
        findPlaceholders(password).length > 0 ? whole : `${before}${variable(location(url, before.length), password)}@`,
      )
      .replace(URL_USER, (whole, before: string, user: string) =>
        tokenAsUser(decodeURIComponentSafe(user)) ? `${before}${variable(location(url, before.length), user)}@` : whole,
      );
    return withoutPassword.replace(QUERY_PARAMETER, (whole, separator: string, key: string, item: string, offset: number) =>
      moves(key, decodeURIComponentSafe(item))
        ? `${separator}${key}=${variable(location(withoutPassword, offset + separator.length + key.length + 1), item)}`
        : whole,
    );
  };
  const urlLocation = (url: string, start: number): SecretLocation => ({ field: 'url', url, start });
  /** A header's value without its credential (after its scheme: `Bearer xyz`); undefined when it holds none. */
  const inHeader = (key: string, item: string): string | undefined => {
    const scheme = AUTH_SCHEME.exec(item);
    if (scheme) return moves(key, scheme[3]) ? `${scheme[1]}${scheme[2]}${variable({ field: 'headers', key }, scheme[3])}` : undefined;
    return moves(key, item) ? variable({ field: 'headers', key }, item) : undefined;
  };

  const out: JsonObject = { ...value };
  for (const map of ['env', 'headers'] as const) {
    const object = value[map];
    if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
    const copy: JsonObject = {};
    for (const [key, item] of Object.entries(object as JsonObject)) {
      let text = item;
      if (typeof item === 'string') {
        const moved = map === 'headers' ? inHeader(key, item) : moves(key, item) ? variable({ field: map, key }, item) : undefined;
        // A URL under any name (`DATABASE_URL`) keeps no password or credential parameter.
        text = moved ?? (item.includes('://') ? inUrl(item, urlLocation) : item);
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
      if (inline && moves(inline[1].slice(0, -1), inline[2])) return `${inline[1]}${variable(location, inline[2])}`;
      // The value after a flag, unless it is the next flag (`--api-key --verbose`) or the flag is a
      // switch (`--no-auth server.js`).
      const previous = args[index - 1];
      if (
        typeof previous === 'string' &&
        /^--?[A-Za-z][A-Za-z0-9_-]*$/.test(previous) &&
        !/^--?no-/i.test(previous) &&
        !/^--[A-Za-z]/.test(item) &&
        moves(previous, item)
      )
        return variable(location, item);
      // A header line for a proxy (`mcp-remote … --header "Authorization: Bearer xyz"`, `-H …`,
      // `--header=…`): only there, as anywhere else `name:value` is something else (`auth-proxy:latest`).
      const header = /^(--headers?=)?([A-Za-z][A-Za-z0-9_-]*):[ \t]*(.*)$/s.exec(item);
      if (header && (header[1] !== undefined || (typeof previous === 'string' && HEADER_FLAG.test(previous)))) {
        const moved = inHeader(header[2], header[3]);
        if (moved !== undefined) return `${item.slice(0, item.length - header[3].length)}${moved}`;
      }
      // The value after a header's name after `--headers` (mcp-proxy's two-argument form).
      const flag = args[index - 2];
      if (typeof flag === 'string' && HEADER_PAIR_FLAG.test(flag) && typeof previous === 'string' && HEADER_NAME.test(previous)) {
        const moved = inHeader(previous, item);
        if (moved !== undefined) return moved;
      }
      return item.includes('://') ? inUrl(item, () => location) : item;
    });
  }
  if (typeof value.url === 'string') {
    out.url = inUrl(value.url, urlLocation);
  }
  if (replaced.length > 0) {
    warnings.push(
      `"${name}": the literal value${replaced.length === 1 ? '' : 's'} of a credential-like field ${replaced.length === 1 ? 'is' : 'are'} replaced by ${[...new Set(replaced)].map((v) => `\${${v}}`).join(', ')}; set ${replaced.length === 1 ? 'it' : 'them'} where the client reads variables.`,
    );
  }
  return out;
}

/** A token sent as a URL's user name: one run of at least 20 `[A-Za-z0-9_-]`, shaped like a key. */
function tokenAsUser(user: string): boolean {
  return /^[\w-]{20,}$/.test(user) && literalCredential(user);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
