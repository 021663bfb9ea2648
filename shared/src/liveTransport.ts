import { instanceRequestUrl, type InstancePath } from '../../server/src/service/live/instanceUrl';
import type { HttpOutcome, InstanceGet } from '../../server/src/service/live/readInstance';

// The VS Code client reaches the URL policy through this module (it imports only shared code);
// the policy itself is pure and lives with the rest of the SPEC §11 core.
export { checkInstanceUrl, isInstancePath } from '../../server/src/service/live/instanceUrl';

/**
 * The one HTTP transport of the live comparison (SPEC §11), shared by the command line and the
 * VS Code client so both enforce the same rules: plain `fetch` (no vscode, no LSP, no Node
 * modules), a timeout that covers the body too, a body read as a stream and abandoned at the
 * size cap, redirects never followed (`redirect: 'manual'`: a 3xx is reported, so the key never
 * travels to a host the user did not name), the key only on API paths and never in any outcome —
 * an instance that echoes it gets it masked. Every failure is a value; nothing throws.
 */

export interface TransportOptions {
  /** The checked base URL (`checkInstanceUrl`). */
  base: string;
  key: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

/** What an API key may contain to travel in a header: visible ASCII only. */
export function isSendableKey(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}

export function createInstanceGet(options: TransportOptions): InstanceGet {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const key = options.key;
  const mask = keyMask(key);
  return async (path: InstancePath, withKey: boolean): Promise<HttpOutcome> => {
    if (withKey && !isSendableKey(key)) return { kind: 'error', error: 'invalid-key' };
    const doFetch = options.fetch ?? fetch;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (withKey) headers['X-API-Key'] = key;
      const response = await doFetch(instanceRequestUrl(options.base, path), {
        method: 'GET',
        headers,
        redirect: 'manual',
        signal: controller.signal,
        credentials: 'omit',
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'error', error: 'redirect', detail: redirectTarget(response.headers.get('location'), options.base) };
      }
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'error', error: 'too-large', detail: sizeText(maxBytes) };
      }
      const body = await readCapped(response, maxBytes);
      if (body === undefined) return { kind: 'error', error: 'too-large', detail: sizeText(maxBytes) };
      return { kind: 'response', status: response.status, contentType: response.headers.get('content-type') ?? '', body: mask(body) };
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'error', error: 'timeout', detail: `${Math.round(timeoutMs / 100) / 10} s` };
      return classify(error);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * How an answer's body is masked: an instance may echo the key in any form its JSON can write —
 * `\u0073…` escapes, part escaped, another case, split by invisible format characters (a
 * zero-width space, a soft hyphen) — so the key is looked for in the raw text and, when the body is
 * JSON, in every string (names and values) that parsing gives; a body whose parsed strings held it
 * is written again from the masked value. Everything downstream (the live text and JSON, the
 * client's live view, logs) reads only this body.
 */
export function keyMask(key: string): (body: string) => string {
  if (key.length === 0) return (body) => body;
  const pattern = new RegExp([...key].map((ch) => ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('\\p{Cf}*'), 'giu');
  const maskText = (text: string): string => text.replace(pattern, '[key]');
  return (body) => {
    const masked = maskText(body);
    let parsed: unknown;
    try {
      parsed = JSON.parse(masked);
    } catch {
      return masked;
    }
    let found = false;
    const walk = (value: unknown): unknown => {
      if (typeof value === 'string') {
        const text = maskText(value);
        found ||= text !== value;
        return text;
      }
      if (Array.isArray(value)) return value.map(walk);
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([name, item]) => [walk(name) as string, walk(item)]));
      }
      return value;
    };
    const clean = walk(parsed);
    return found ? JSON.stringify(clean) : masked;
  };
}

/** The body as text, or undefined once it passes `maxBytes` (the rest is never downloaded). */
async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** Only the origin of a redirect target, and only if it parses. */
function redirectTarget(location: string | null, base: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base).origin;
  } catch {
    return undefined;
  }
}

/** Node's fetch hides the socket error in `cause.code`; never echo a message that might hold a header. */
function classify(error: unknown): HttpOutcome {
  const cause = error && typeof error === 'object' ? (error as { cause?: unknown }).cause : undefined;
  const code = cause && typeof cause === 'object' ? (cause as { code?: unknown }).code : undefined;
  // fetch refuses the ports of the Fetch standard's "bad port" list (9, 25, 6000…) before connecting.
  if (cause instanceof Error && cause.message === 'bad port')
    return { kind: 'error', error: 'network', detail: 'fetch never connects to that port; run the instance on another one' };
  switch (code) {
    case 'ECONNREFUSED':
      return { kind: 'error', error: 'refused' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { kind: 'error', error: 'unreachable', detail: code };
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return { kind: 'error', error: 'timeout', detail: code };
    default:
      return { kind: 'error', error: 'network', detail: typeof code === 'string' ? code : undefined };
  }
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1048576) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}
