import { entryType, field, isRemoteType } from '../../model';
import { effectiveProperties, propertyKey } from '../../parse';
import { sendsCredential } from '../../readiness/credentialHeaders';
import { nodeSpan, type Rule } from '../rule';

/**
 * `insecure-transport`: a remote entry that sends credential headers (SPEC §6.1's
 * credential-like names) over plain `http://` to a host other than loopback — anyone on the path
 * can read the credential. A host written as a placeholder cannot be judged and is left alone.
 */

export const insecureTransportRule: Rule = {
  id: 'insecure-transport',
  appliesTo: ['catalog'],
  codes: {
    'insecure-transport': {
      severity: 'warning',
      summary: '`http://` to a non-loopback host with credential headers.',
      example: '`http://api.example.com` with `Authorization`',
    },
  },
  checkEntry(entry, context) {
    if (!isRemoteType(entryType(entry))) return;
    const url = field(entry, 'url')?.valueNode;
    if (url?.type !== 'string') return;
    const host = plainHttpHost(url.value as string);
    if (host === undefined || host.includes('${') || isLoopbackHost(host)) return;
    const headers = field(entry, 'headers')?.valueNode;
    const credentials = effectiveProperties(headers).filter((property) => sendsCredential(propertyKey(property), property.children![1]?.value));
    if (credentials.length === 0) return;
    const names = credentials.map((property) => propertyKey(property));
    context.report({
      code: 'insecure-transport',
      message: `Credential headers go unencrypted over http://, so anyone on the network path can read them. Use https://. Sent to ${host || 'this host'}: ${listOf(names)}.`,
      ...nodeSpan(url),
      data: { path: [entry.name, 'url'], host, headers: names },
      related: credentials.map((property) => ({ ...nodeSpan(property.children![0]), message: `Credential header ${propertyKey(property)}` })),
    });
  },
};

/** The host of an `http://` URL (lower-case, IPv6 with brackets), or undefined for any other scheme. */
export function plainHttpHost(url: string): string | undefined {
  const match = /^http:\/\/([^/?#]*)/i.exec(url.trim());
  if (!match) return undefined;
  const authority = match[1].slice(match[1].lastIndexOf('@') + 1);
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.replace(/:[^:]*$/, '');
  return host.toLowerCase();
}

/** `localhost` (and `*.localhost`), `127.0.0.0/8` and `::1` never leave the machine. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return host === '[::1]' || host === '[0:0:0:0:0:0:0:1]';
}

/** `a`, `a and b`, `a, b and c`. */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
