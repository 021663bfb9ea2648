import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Zimmer instance of our own on 127.0.0.1 (SPEC §11) for every tier's live tests: `/up`,
 * `/api/v1/configs` and `/api/v1/mcp_servers` with the X-API-Key check and the documented 401
 * body, serving whatever servers and roots a test sets — in the newer ("seed") shape or the older
 * one — plus the failure modes a test asks for (a status with any body, an endless body, a redirect,
 * no answer at all). It records every request so tests can see what was sent where.
 */

export interface RecordedRequest {
  path: string;
  /** The X-API-Key header as received, if any. */
  apiKey?: string;
  /** Every header value, to look for the key anywhere. */
  headerText: string;
}

export type Route =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'raw'; status: number; contentType: string; body: string }
  | { kind: 'endless' }
  | { kind: 'hang' }
  | { kind: 'redirect'; location: string };

export class FakeZimmer {
  readonly requests: RecordedRequest[] = [];
  servers: Record<string, unknown>[] = [];
  roots: Record<string, unknown>[] = [];
  /** A route for a path replaces the instance's normal answer there. */
  readonly routes = new Map<string, Route>();
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(
    private readonly server: http.Server,
    readonly key: string,
  ) {}

  static async start(key: string): Promise<FakeZimmer> {
    let instance: FakeZimmer | undefined;
    const server = http.createServer((request, response) => instance!.handle(request, response));
    instance = new FakeZimmer(server, key);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return instance;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.requests.length = 0;
    this.routes.clear();
    this.servers = [];
    this.roots = [];
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const path = (request.url ?? '/').split('?')[0];
    const key = request.headers['x-api-key'];
    this.requests.push({ path, apiKey: typeof key === 'string' ? key : undefined, headerText: JSON.stringify(request.headers) });
    const route = this.routes.get(path);
    if (route) return this.serve(route, response);
    if (path === '/up')
      return this.serve({ kind: 'raw', status: 200, contentType: 'text/html', body: '<html><body style="background-color: green"></body></html>' }, response);
    if (path === '/api/v1/configs' || path === '/api/v1/mcp_servers') {
      if (key !== this.key) {
        return this.serve({ kind: 'json', status: 401, body: { error: 'Unauthorized', message: 'Invalid or missing API key', status: 401 } }, response);
      }
      const body =
        path === '/api/v1/configs'
          ? { mcp_servers: this.servers, agent_roots: this.roots, skills: [], other: { ignored: true } }
          : { mcp_servers: this.servers };
      return this.serve({ kind: 'json', status: 200, body }, response);
    }
    this.serve({ kind: 'json', status: 404, body: { error: 'Not Found' } }, response);
  }

  private serve(route: Route, response: http.ServerResponse): void {
    switch (route.kind) {
      case 'json':
        response.writeHead(route.status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(route.body));
        return;
      case 'raw':
        response.writeHead(route.status, { 'content-type': route.contentType });
        response.end(route.body);
        return;
      case 'redirect':
        response.writeHead(302, { location: route.location });
        response.end();
        return;
      case 'hang':
        this.hanging.add(response);
        response.on('close', () => this.hanging.delete(response));
        return;
      case 'endless': {
        // No content-length: the client must stop reading at its cap, not trust a header.
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = `{"mcp_servers": [${'{"name": "x", "title": "x", "description": null}, '.repeat(1000)}`;
        let sent = 0;
        const pump = (): void => {
          while (!response.destroyed && sent < 64 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('close', () => undefined);
        pump();
        return;
      }
    }
  }
}

/** A server object in the newer shape (SPEC §11 *seed* fields present). */
export function seedServer(
  name: string,
  fields: { title?: string; description?: string | null; reason?: string | null; timeout?: number | null } = {},
): Record<string, unknown> {
  const reason = fields.reason === undefined ? null : fields.reason;
  return {
    name,
    title: fields.title ?? name,
    description: fields.description === undefined ? null : fields.description,
    unavailable: reason !== null,
    unavailable_reason: reason,
    startup_timeout_sec: fields.timeout === undefined ? null : fields.timeout,
  };
}

/** A server object in the older shape: no unavailable or startup_timeout_sec fields. */
export function olderServer(name: string, fields: { title?: string; description?: string | null } = {}): Record<string, unknown> {
  return { name, title: fields.title ?? name, description: fields.description === undefined ? null : fields.description };
}

export function liveRoot(name: string, defaultServers: string[]): Record<string, unknown> {
  return {
    name,
    display_name: name,
    description: `The ${name} root`,
    url: `https://github.com/example/${name}`,
    default_branch: 'main',
    subdirectory: null,
    default_mcp_servers: defaultServers,
    user_invocable: true,
  };
}
