import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * An http(s) URL of plain characters (host, port, path, query). Every such string is a `uri` for
 * ajv-formats' full format: its scheme, host, port, path segments and query use only characters
 * the full pattern allows in the same places, so the validators ask the full pattern only for
 * other strings.
 */
export const PLAIN_URI = /^https?:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~/-]*)?(?:\?[A-Za-z0-9._~=&-]*)?$/;

const fullUri = fullFormats.uri as (value: string) => boolean;

/**
 * A character the full pattern accepts nowhere (it knows letters and digits, `-._~!$&'()*+,;=:@/?#`,
 * brackets and `%`; its case-insensitive ranges match no character beyond ASCII): a string holding
 * one is never a `uri`, such as every URL with a `${VAR}` placeholder.
 */
const NEVER_IN_URI = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]%]/;

/**
 * The formats the generated entry validators call (scripts/generate-validators.mjs names this
 * module in their code). `uri` gives exactly ajv-formats' verdict: the full pattern is one large
 * case-insensitive regular expression that V8 compiles twice on its first two uses (~7 ms of every
 * process's first check, bench/NOTES.md), and a catalog's URLs are almost all plain or hold a
 * placeholder.
 */
export const formats = {
  uri: (value: string): boolean => PLAIN_URI.test(value) || (!NEVER_IN_URI.test(value) && fullUri(value)),
};
