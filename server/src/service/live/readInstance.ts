import { instanceRequestUrl, type InstancePath } from './instanceUrl';
import { parseConfigsAnswer, parseServersAnswer, type InstanceAnswer, type ParsedAnswer } from './shapes';

/**
 * Reading an instance (SPEC §11) over an injected transport, so the core does no I/O and the
 * command line, the editor and the tests share one sequence: `GET /up` without the key, to tell
 * "unreachable" from "refused"; then `GET /api/v1/configs` with it, falling back to
 * `/api/v1/mcp_servers` on a JSON 404 (an older instance). A 401 is final: no retry with the same
 * key. Every outcome is a value with one plain sentence; nothing here can throw.
 */

/** What one GET gave, as the transport saw it (the key is never part of it). */
export type HttpOutcome = { kind: 'response'; status: number; contentType: string; body: string } | { kind: 'error'; error: TransportError; detail?: string };

/**
 * refused: nothing listens; unreachable: DNS or network; timeout: no full answer in time;
 * too-large: the body passed the size cap; redirect: a 3xx, never followed (the key must not go to
 * another host); invalid-key: the key cannot be sent in a header; disconnected: the editor has no
 * connection to lend (not configured, restricted workspace).
 */
export type TransportError = 'refused' | 'unreachable' | 'timeout' | 'too-large' | 'redirect' | 'invalid-key' | 'disconnected' | 'network';

/** `withKey`: send the X-API-Key header (never for `/up`). */
export type InstanceGet = (path: InstancePath, withKey: boolean) => Promise<HttpOutcome>;

/** Why no comparison could be made; `unreachable` and `unauthorized` are the CLI's exit 2 cases, as is every other failure. */
export type LiveFailureKind = 'unreachable' | 'unauthorized' | 'too-old' | 'unavailable';

export interface LiveFailure {
  kind: LiveFailureKind;
  message: string;
}

export type InstanceRead = { ok: true; answer: InstanceAnswer; endpoint: InstancePath; notes: string[] } | { ok: false; failure: LiveFailure };

export async function readInstance(base: string, get: InstanceGet): Promise<InstanceRead> {
  const url = (path: InstancePath) => instanceRequestUrl(base, path);
  const fail = (kind: LiveFailureKind, message: string): InstanceRead => ({ ok: false, failure: { kind, message } });

  const up = await safely(get, '/up', false);
  if (up.kind === 'error') return fail(up.error === 'disconnected' ? 'unavailable' : 'unreachable', `Cannot reach ${base}: ${transportText(up)}.`);
  if (up.status !== 200) return fail('unreachable', `${url('/up')} answered ${up.status} instead of 200: the instance is not up${describeBody(up)}.`);

  for (const path of ['/api/v1/configs', '/api/v1/mcp_servers'] as const) {
    const answer = await safely(get, path, true);
    if (answer.kind === 'error')
      return fail(answer.error === 'refused' || answer.error === 'unreachable' ? 'unreachable' : 'unavailable', `${url(path)}: ${transportText(answer)}.`);
    if (answer.status === 401) {
      const said = unauthorizedMessage(answer.body);
      return fail('unauthorized', `Authentication failed: ${base} refused the API key${said ? ` ("${said}")` : ''}. Check the key; it is not retried.`);
    }
    if (answer.status === 404 && isJson(answer)) {
      if (path === '/api/v1/configs') continue;
      return fail('too-old', `${base} is too old for the live comparison: it has neither /api/v1/configs nor /api/v1/mcp_servers (404).`);
    }
    if (answer.status !== 200) return fail('unavailable', `${url(path)} answered ${answer.status}${describeBody(answer)}; the comparison is unavailable.`);
    const parsed: ParsedAnswer = path === '/api/v1/configs' ? parseConfigsAnswer(answer.body) : parseServersAnswer(answer.body);
    if (!parsed.ok)
      return fail(
        'unavailable',
        `${url(path)} answered 200 but not in the shape of a Zimmer instance: ${parsed.problem}${looksLikeHtml(answer) ? ' (an HTML page: a proxy or login page?)' : ''}.`,
      );
    const notes: string[] = [];
    if (path === '/api/v1/mcp_servers') notes.push(`${base} has no /api/v1/configs (an older instance): roots are not compared.`);
    if (parsed.answer.servers.length === 0)
      notes.push('The instance lists no servers: over REST that cannot be told apart from a catalog that failed to resolve.');
    if (
      parsed.answer.servers.length > 0 &&
      parsed.answer.servers.every((server) => server.unavailable === undefined && server.unavailableReason === undefined)
    ) {
      notes.push('The instance does not report unavailable or startup_timeout_sec (an older instance): live states are unknown.');
    }
    return { ok: true, answer: parsed.answer, endpoint: path, notes };
  }
  // Unreachable: the loop returns on its second path.
  return fail('unavailable', `${base}: no answer.`);
}

/** The transport promised never to throw; hold it to that. */
async function safely(get: InstanceGet, path: InstancePath, withKey: boolean): Promise<HttpOutcome> {
  try {
    return await get(path, withKey);
  } catch {
    return { kind: 'error', error: 'network' };
  }
}

function transportText(outcome: Extract<HttpOutcome, { kind: 'error' }>): string {
  switch (outcome.error) {
    case 'refused':
      return 'the connection was refused (is the instance running, and is the port right?)';
    case 'unreachable':
      return `the host cannot be reached${outcome.detail ? ` (${outcome.detail})` : ''}`;
    case 'timeout':
      return `no answer in time${outcome.detail ? ` (${outcome.detail})` : ''}`;
    case 'too-large':
      return `the answer is larger than the ${outcome.detail ?? 'size'} limit, so it was not read`;
    case 'redirect':
      return `it answered with a redirect${outcome.detail ? ` to ${outcome.detail}` : ''}, which is not followed so the API key never goes elsewhere; configure the final URL`;
    case 'invalid-key':
      return 'the API key contains characters that cannot be sent in an HTTP header';
    case 'disconnected':
      return outcome.detail ?? 'not connected';
    case 'network':
      return `the request failed${outcome.detail ? ` (${outcome.detail})` : ''}`;
  }
}

function isJson(outcome: Extract<HttpOutcome, { kind: 'response' }>): boolean {
  if (/\bjson\b/i.test(outcome.contentType)) return true;
  try {
    JSON.parse(outcome.body);
    return true;
  } catch {
    return false;
  }
}

function looksLikeHtml(outcome: Extract<HttpOutcome, { kind: 'response' }>): boolean {
  return /html/i.test(outcome.contentType) || /^\s*</.test(outcome.body);
}

function describeBody(outcome: Extract<HttpOutcome, { kind: 'response' }>): string {
  if (looksLikeHtml(outcome)) return ' with an HTML page (a proxy or an error page, not the instance)';
  if (outcome.body.trim() === '') return '';
  return isJson(outcome) ? '' : ' with a body that is not JSON';
}

/** The instance's own words for a 401, when it sent the documented body (short, plain text). */
function unauthorizedMessage(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as unknown;
    const message = json && typeof json === 'object' ? (json as Record<string, unknown>).message : undefined;
    if (typeof message !== 'string') return undefined;
    const clean = message.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    return clean ? [...clean].slice(0, 120).join('') : undefined;
  } catch {
    return undefined;
  }
}
