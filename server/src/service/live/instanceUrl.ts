/**
 * Which instance URLs the live comparison may send an API key to (SPEC §11): `https:`, or plain
 * `http:` only to a loopback host, and never a URL carrying credentials, a query or a fragment —
 * the key can do anything on the instance, so it must not travel in clear text or to a host the
 * user did not name. Pure: the transports build every request URL through `instanceRequestUrl`.
 */

export type InstanceUrl = { ok: true; base: string; origin: string } | { ok: false; message: string };

/** The paths the live comparison ever requests; nothing else is sent to an instance. */
export const INSTANCE_PATHS = ['/up', '/api/v1/configs', '/api/v1/mcp_servers'] as const;
export type InstancePath = (typeof INSTANCE_PATHS)[number];

export function isInstancePath(value: unknown): value is InstancePath {
  return typeof value === 'string' && (INSTANCE_PATHS as readonly string[]).includes(value);
}

export function checkInstanceUrl(text: string): InstanceUrl {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'no instance URL given' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `"${trimmed}" is not a URL (write it like https://zimmer.example.com)` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: `the instance URL must start with https:, not ${url.protocol}` };
  if (url.username || url.password)
    return { ok: false, message: 'the instance URL must not carry a user name or password; the API key is sent in the X-API-Key header' };
  if (url.search || url.hash) return { ok: false, message: 'the instance URL must not have a query or fragment; give the base URL of the instance' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      message: `refusing plain http: for ${url.host}: the API key would travel unencrypted; use https: (plain http: is allowed only for localhost)`,
    };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, base: `${url.origin}${path}`, origin: url.origin };
}

/** localhost, 127.0.0.0/8 and ::1: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The URL of one of the instance's paths, under its base (an instance may live below a path). */
export function instanceRequestUrl(base: string, path: InstancePath): string {
  return `${base}${path}`;
}
