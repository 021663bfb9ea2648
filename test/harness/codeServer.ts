/**
 * Starts the plain VS Code 1.100.3 server from the code-server npm package (TESTING.md tier 4)
 * on a free port, in its own process group, and always tears the whole group down.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { artifactsDir, childEnvironment, vscodeServerMain, writeUserSettings, type Scratch } from './environment';
import { MARKER_VARIABLE, killGroup, trackGroup } from './processes';

export interface CodeServerOptions {
  scratch: Scratch;
  /** A name for this server's folders inside scratch (several servers can share one scratch). */
  name: string;
  /** Defaults to an empty folder of its own; the .vsix check passes the folder it installed into. */
  extensionsDir?: string;
  /** Extra user settings (User/settings.json). */
  userSettings?: Record<string, unknown>;
  /** Extra environment for the server and so for extension hosts (e.g. where tests write results). */
  env?: Record<string, string>;
  /** Extra server arguments. */
  extraArgs?: string[];
  /**
   * Keep VS Code's workspace trust on (default off: --disable-workspace-trust, so no trust prompt
   * covers a test). With it on, a folder the fresh profile has never trusted opens in Restricted Mode.
   */
  workspaceTrust?: boolean;
  /** Mirror the server's output to this process's stderr (MCP_CATALOG_VSCODE_VERBOSE=1). */
  verbose?: boolean;
}

export interface CodeServer {
  readonly port: number;
  readonly origin: string;
  readonly userDataDir: string;
  readonly serverDataDir: string;
  /** A local path as the workbench's remote URI (`vscode-remote://127.0.0.1:P/abs/path`). */
  remoteUri(localPath: string): string;
  /** The workbench URL for a folder, with an optional payload (`[[key, value], …]`). */
  workbenchUrl(folder: string, payload?: [string, string][]): string;
  /** Everything the server printed (for failure reports). */
  output(): string;
  /** Rejects when the server process exits before stop() was called. */
  readonly exited: Promise<never>;
  /** Copies the server's log folder to test/.tmp/vscode-logs/<name>/ (for failed runs). */
  saveLogs(name: string): string;
  /** Kills the whole process group (idempotent). */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

function serverArgs(port: number, dirs: { serverData: string; userData: string; extensions: string }, workspaceTrust: boolean): string[] {
  return [
    vscodeServerMain,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--enable-smoke-test-driver',
    '--telemetry-level',
    'off',
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--server-data-dir',
    dirs.serverData,
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
  ];
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const base = path.join(options.scratch.root, options.name);
  const serverDataDir = path.join(base, 'server-data');
  const userDataDir = path.join(base, 'user-data');
  const extensionsDir = options.extensionsDir ?? path.join(base, 'extensions');
  for (const dir of [serverDataDir, userDataDir, extensionsDir]) mkdirSync(dir, { recursive: true });
  writeUserSettings(userDataDir, options.userSettings);

  const marker = randomUUID();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const verbose = options.verbose ?? process.env.MCP_CATALOG_VSCODE_VERBOSE === '1';
  let output = '';
  let stopping = false;

  // detached: true = setsid(), so the server leads a new process group we can kill as a whole.
  const args = [
    ...serverArgs(port, { serverData: serverDataDir, userData: userDataDir, extensions: extensionsDir }, options.workspaceTrust === true),
    ...(options.extraArgs ?? []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnvironment(options.scratch, { ...options.env, [MARKER_VARIABLE]: marker }),
  });
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('could not start the VS Code server');
  trackGroup(pgid, marker);
  const collect = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    output += text;
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
    if (verbose) process.stderr.write(`[vscode-server] ${text}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<never>((_, reject) => {
    child.on('exit', (code, sig) => {
      if (!stopping) reject(new Error(`the VS Code server exited early (code ${code}, signal ${sig})\n${output.slice(-4000)}`));
    });
  });
  exited.catch(() => undefined); // observed by whoever races it

  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await killGroup(pgid, marker);
  };

  try {
    // Wait until the server answers HTTP (the workbench page), or fail when it dies or stalls.
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (status !== 200) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the VS Code server exited while starting\n${output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`the VS Code server did not answer on ${origin} within 60 s\n${output.slice(-4000)}`);
      status = await httpStatus(`${origin}/`);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    port,
    origin,
    userDataDir,
    serverDataDir,
    remoteUri: (localPath) => `vscode-remote://127.0.0.1:${port}${localPath.split(path.sep).map(encodeURIComponent).join('/')}`,
    workbenchUrl: (folder, payload) => {
      const query = [`folder=${encodeURIComponent(folder)}`];
      if (payload) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
      return `${origin}/?${query.join('&')}`;
    },
    output: () => output,
    exited,
    saveLogs: (name) => {
      const target = path.join(artifactsDir, 'vscode-logs', name);
      mkdirSync(target, { recursive: true });
      // The server writes its logs (remoteagent.log, exthost*/…) under the user-data dir.
      const logs = path.join(userDataDir, 'logs');
      if (existsSync(logs)) cpSync(logs, path.join(target, 'server-logs'), { recursive: true });
      return target;
    },
    stop,
  };
}

/**
 * `server-main.js --install-extension <vsix>` into an extensions folder: the server's own CLI,
 * offline (local files only). Returns its output; throws when it fails.
 */
export function installExtension(scratch: Scratch, vsix: string, extensionsDir: string): string {
  mkdirSync(extensionsDir, { recursive: true });
  const marker = randomUUID();
  const result = spawnSync(
    process.execPath,
    [
      vscodeServerMain,
      '--install-extension',
      vsix,
      '--extensions-dir',
      extensionsDir,
      '--server-data-dir',
      path.join(scratch.root, 'install-server-data'),
      '--accept-server-license-terms',
    ],
    {
      encoding: 'utf8',
      timeout: 120_000,
      env: childEnvironment(scratch, { [MARKER_VARIABLE]: marker }),
    },
  );
  const text = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 || result.error)
    throw new Error(`--install-extension failed (exit ${result.status}${result.error ? `, ${result.error.message}` : ''})\n${text}`);
  return text;
}
