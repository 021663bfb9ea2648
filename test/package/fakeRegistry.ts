/**
 * An npm registry on 127.0.0.1 that serves one package, from a tarball `npm pack` made: its
 * packument at `/<name>` and the tarball at `/<name>/-/<file>`, the two requests `npm install
 * name@version` makes (https://github.com/npm/registry/blob/main/docs/responses/package-metadata.md).
 * It runs in a child process, so it answers while the tier waits in spawnSync. Run as a script it
 * prints its URL on the first line of stdout.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import * as path from 'node:path';

export interface FakeRegistry {
  url: string;
  stop(): void;
}

/** Starts the registry serving `tarball`; resolves once it listens. */
export function startRegistry(tarball: string): Promise<FakeRegistry> {
  const child = spawn(process.execPath, [__filename, tarball], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let printed = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the fake registry exited (${code}) before it listened`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      printed += chunk;
      const line = /^(http:\/\/\S+)\n/.exec(printed);
      if (line) resolve({ url: line[1], stop: () => child.kill() });
    });
  });
}

function serve(tarball: string): void {
  const bytes = readFileSync(tarball);
  const listed = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`no package/package.json in ${tarball}: ${listed.stderr}`);
  const manifest = JSON.parse(listed.stdout) as { name: string; version: string };
  const file = `${manifest.name}-${manifest.version}.tgz`;
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
  const shasum = createHash('sha1').update(bytes).digest('hex');
  const server = createServer((request, response) => {
    const { port } = server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    if (request.url === `/${manifest.name}`) {
      const version = { ...manifest, _id: `${manifest.name}@${manifest.version}`, dist: { tarball: `${base}/${manifest.name}/-/${file}`, integrity, shasum } };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: manifest.name, 'dist-tags': { latest: manifest.version }, versions: { [manifest.version]: version } }));
    } else if (request.url === `/${manifest.name}/-/${file}`) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(bytes);
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`http://127.0.0.1:${port}/\n`);
  });
}

if (require.main === module) serve(path.resolve(process.argv[2] ?? ''));
