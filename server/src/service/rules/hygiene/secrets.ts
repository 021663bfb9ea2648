import { findPlaceholders } from '../../placeholders';

/**
 * Literal credentials in a string value (`hardcoded-secret`): well-known token prefixes,
 * a `Bearer` followed by a literal of 16+ characters, and JWT-shaped values. Placeholders are
 * never judged: their text is blanked out before matching, so `Bearer ${TOKEN}` and
 * `${KEY:-sk-…}` are silent. Nothing here ever returns the secret itself for display — only a
 * masked form (`ghp_…`) — so a message or a log can never leak it.
 */

export interface SecretMatch {
  /** The credential's range in the decoded string: what a fix replaces with `${NAME}`. */
  start: number;
  end: number;
  /** What the credential looks like, for messages ("a GitHub token"). */
  description: string;
  /** Safe to display: the well-known prefix and an ellipsis, never a character of the secret proper. */
  masked: string;
}

interface TokenKind {
  prefix: string;
  description: string;
  /** The characters after the prefix must satisfy this. */
  body: RegExp;
}

/**
 * Bodies are long enough that package names (`sk-learn`, `xoxb-client`) do not match; the real
 * tokens are 20–90 characters of letters, digits, `_` and `-`.
 */
const TOKEN_KINDS: readonly TokenKind[] = [
  { prefix: 'github_pat_', description: 'a GitHub fine-grained token', body: /^[A-Za-z0-9_]{22,}$/ },
  { prefix: 'ghp_', description: 'a GitHub token', body: /^[A-Za-z0-9]{30,}$/ },
  { prefix: 'glpat-', description: 'a GitLab token', body: /^[A-Za-z0-9_-]{20,}$/ },
  { prefix: 'xoxb-', description: 'a Slack bot token', body: /^(?=.*[0-9])[A-Za-z0-9-]{10,}$/ },
  { prefix: 'xoxp-', description: 'a Slack user token', body: /^(?=.*[0-9])[A-Za-z0-9-]{10,}$/ },
  { prefix: 'sk-', description: 'an API secret key', body: /^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9_-]{20,}$/ },
  { prefix: 'AKIA', description: 'an AWS access key id', body: /^[A-Z0-9]{16}$/ },
];

/** A token starts where no token character precedes it and runs over token characters. */
const TOKEN = /(?<![A-Za-z0-9_-])(github_pat_|ghp_|glpat-|xoxb-|xoxp-|sk-|AKIA)([A-Za-z0-9_-]+)/g;
const BEARER = /(?<![A-Za-z0-9_-])(Bearer)[ \t]+([^\s\u0000]{16,})/gi;
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;

/** Placeholders replaced by NUL characters of the same length, so offsets stay put and nothing matches across them. */
function withoutPlaceholders(value: string): string {
  const placeholders = findPlaceholders(value);
  if (placeholders.length === 0) return value;
  let out = '';
  let from = 0;
  for (const placeholder of placeholders) {
    out += value.slice(from, placeholder.index) + '\u0000'.repeat(placeholder.end - placeholder.index);
    from = placeholder.end;
  }
  return out + value.slice(from);
}

/** Every pattern above needs one of these: a cheap test before them (the rules ask about every string). */
const HINT = /github_pat_|ghp_|glpat-|xoxb-|xoxp-|sk-|AKIA|eyJ|bearer/i;

/** False only when findSecrets would find nothing in this string. */
function mayHoldSecret(value: string): boolean {
  return value.length >= 16 && HINT.test(value);
}

/** What a string without a hint holds: one shared answer, no array per string. */
const NO_SECRETS: readonly SecretMatch[] = Object.freeze([]);

/** The literal credentials in a decoded string value, in order, never overlapping. */
export function findSecrets(value: string): readonly SecretMatch[] {
  if (!mayHoldSecret(value)) return NO_SECRETS;
  return matchSecrets(withoutPlaceholders(value));
}

/**
 * findSecrets without exempting placeholders: for text that only quotes a document (a message),
 * where a token is to be masked even inside a quoted `${NAME:-…}`.
 */
export function findCredentialLike(text: string): readonly SecretMatch[] {
  return mayHoldSecret(text) ? matchSecrets(text) : NO_SECRETS;
}

/**
 * The patterns are global and shared: each search starts from 0. (`matchAll` would clone the
 * pattern for every string with a hint — at 10,000 generated servers 1,324 of them, nearly all a
 * `Bearer ${TOKEN}` header.)
 */
function matchSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const prefix = match[1];
    const kind = TOKEN_KINDS.find((candidate) => candidate.prefix === prefix);
    if (!kind || !kind.body.test(match[2])) continue;
    found.push({ start: match.index, end: match.index + match[0].length, description: kind.description, masked: `${kind.prefix}…` });
  }
  JWT.lastIndex = 0;
  for (let match = JWT.exec(text); match !== null; match = JWT.exec(text)) {
    found.push({ start: match.index, end: match.index + match[0].length, description: 'a JSON Web Token', masked: 'eyJ…' });
  }
  BEARER.lastIndex = 0;
  for (let match = BEARER.exec(text); match !== null; match = BEARER.exec(text)) {
    const start = match.index + match[0].length - match[2].length;
    found.push({ start, end: start + match[2].length, description: 'a bearer token', masked: `${match[1]} …` });
  }
  // Specific kinds were pushed first: a `Bearer ghp_…` is reported once, as the GitHub token.
  const kept: SecretMatch[] = [];
  for (const candidate of found) {
    if (kept.some((other) => candidate.start < other.end && other.start < candidate.end)) continue;
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Where a literal credential sits in an entry, which is what its variable is named after. */
export type SecretLocation =
  | { field: 'env'; key: string }
  | { field: 'headers'; key: string }
  | { field: 'args'; index: number; args: readonly unknown[] }
  | { field: 'url'; url: string; start: number };

/**
 * The `${NAME}` a literal credential moves to: the `env` key itself; for a header, the server name
 * and the header (`X-API-Key` on `github` → `GITHUB_API_KEY`; `Authorization` → `GITHUB_TOKEN`);
 * for an argument, the variable it sets (`GITHUB_TOKEN=…`) or the flag that introduces it
 * (`--api-key=…`, `--token …`); for a URL, its query or fragment parameter (`#access_token=`).
 * Upper-case, so Zimmer's readiness sees it.
 */
export function secretVariableName(serverName: string, location: SecretLocation): string {
  const server = envName(serverName);
  const qualified = (what: string | undefined): string => {
    const suffix = envName(what ?? '') || 'TOKEN';
    return server && !suffix.startsWith(`${server}_`) && suffix !== server ? `${server}_${suffix}` : suffix;
  };
  switch (location.field) {
    case 'env':
      return envName(location.key) || qualified(undefined);
    case 'headers': {
      const header = location.key.replace(/^x[-_]/i, '');
      return qualified(/^(authorization|proxy-authorization)$/i.test(location.key) ? 'TOKEN' : header);
    }
    case 'args': {
      const own = location.args[location.index];
      // `NAME=value` (`docker run -e GITHUB_TOKEN=…`) sets a variable: the literal becomes that variable.
      const assignment = typeof own === 'string' ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(own) : null;
      if (assignment) return envName(assignment[1]);
      const inline = typeof own === 'string' ? /^--?([A-Za-z][A-Za-z0-9_-]*)=/.exec(own) : null;
      const previous = location.args[location.index - 1];
      const flag = inline?.[1] ?? (typeof previous === 'string' ? /^--?([A-Za-z][A-Za-z0-9_-]*)$/.exec(previous)?.[1] : undefined);
      return qualified(flag);
    }
    case 'url':
      return qualified(parameterBefore(location.url, location.start));
  }
}

/** The literal each `${NAME}` replaced. */
export type SecretValues = Map<string, string>;

/** The `${NAME}` for a literal found where its base name (secretVariableName) points. */
export type SecretNamer = (base: string, literal: string) => string;

/**
 * Names the variables literal credentials move to (SPEC §13: a literal secret becomes `${NAME}`,
 * and `NAME=` offered for the env file must hold the one value it replaced). The same literal at
 * the same base name shares one name; a different one gets the next free `BASE_2`, `BASE_3`, …
 * (`--token a --token b`, one header name in two places). The count per base goes on from where it
 * stopped, never from 2 again, so thousands of literals under one name are named in linear time.
 * `taken` holds the names already given (a name is never given twice) and `values` learns the
 * literal each replaced, exactly as written (a `${NAME}` is substituted textually). `own` turns a
 * base into the caller's name for it (Add Server: the new server's own, addServer/variableNames.ts);
 * a name `setElsewhere` says holds another value is passed over as a given one is.
 */
export function secretNamer(
  taken: Set<string>,
  values: SecretValues,
  own: (base: string) => string = (base) => base,
  /** Whether `name` is already set, where variables are read, to something other than `literal` (Add Server: the workspace's sources). */
  setElsewhere: (name: string, literal: string) => boolean = () => false,
): SecretNamer {
  const given = new Map<string, Map<string, string>>();
  const suffixes = new Map<string, number>();
  return (base, literal) => {
    const byLiteral = given.get(base) ?? new Map<string, string>();
    given.set(base, byLiteral);
    const known = byLiteral.get(literal);
    if (known !== undefined) return known;
    let name = own(base);
    let suffix = suffixes.get(base) ?? 2;
    while (taken.has(name) || setElsewhere(name, literal)) name = own(`${base}_${suffix++}`);
    suffixes.set(base, suffix);
    taken.add(name);
    values.set(name, literal);
    byLiteral.set(literal, name);
    return name;
  };
}

/**
 * The name of the query or fragment parameter whose value starts at `start` (`?api_key=`,
 * `#access_token=`: a separator, a letter, then `[A-Za-z0-9_.-]`), read backwards from its `=`:
 * its own length, not the URL's, so a URL of many credential parameters is named in linear time (a
 * pattern anchored at the end of the text before each one was scanned from the URL's start).
 */
function parameterBefore(url: string, start: number): string | undefined {
  if (url[start - 1] !== '=') return undefined;
  let from = start - 1;
  while (from > 0 && /[A-Za-z0-9_.-]/.test(url[from - 1])) from--;
  const name = url.slice(from, start - 1);
  return from > 0 && '?&#'.includes(url[from - 1]) && /^[A-Za-z]/.test(name) ? name : undefined;
}

/** Upper-case `[A-Z0-9_]`, runs of anything else as one `_`, no leading digit. */
export function envName(text: string): string {
  const name = text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}
