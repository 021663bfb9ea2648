/**
 * The smallest conversation an editor has with `mcp-catalog-language-server --stdio`: initialize,
 * shutdown, exit, framed as LSP base protocol messages (Content-Length headers). Resolves with the
 * initialize result once the server has exited with status 0.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

function frame(message: object): string {
  const body = JSON.stringify({ jsonrpc: '2.0', ...message });
  return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
}

/** The JSON bodies of the complete messages in `data`. */
function messages(data: Buffer): { id?: number; result?: unknown; error?: unknown }[] {
  const found = [];
  let offset = 0;
  for (;;) {
    const headerEnd = data.indexOf('\r\n\r\n', offset);
    if (headerEnd < 0) break;
    const length = Number(/Content-Length: (\d+)/i.exec(data.toString('ascii', offset, headerEnd))?.[1]);
    if (!Number.isFinite(length) || data.length < headerEnd + 4 + length) break;
    found.push(JSON.parse(data.toString('utf8', headerEnd + 4, headerEnd + 4 + length)) as { id?: number; result?: unknown });
    offset = headerEnd + 4 + length;
  }
  return found;
}

export interface InitializeResult {
  capabilities: Record<string, unknown>;
  serverInfo?: { name: string; version?: string };
}

export function initializeOverStdio(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<InitializeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = Buffer.alloc(0);
    let stderr = '';
    let result: InitializeResult | undefined;
    let shutdownSent = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer within 30 s\nstderr: ${stderr.slice(-2000)}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = Buffer.concat([stdout, chunk]);
      for (const message of messages(stdout)) {
        if (message.id === 1 && !shutdownSent) {
          if (message.error) {
            clearTimeout(timer);
            child.kill('SIGKILL');
            reject(new Error(`initialize failed: ${JSON.stringify(message.error)}`));
            return;
          }
          result = message.result as InitializeResult;
          shutdownSent = true;
          child.stdin.write(frame({ id: 2, method: 'shutdown' }));
          child.stdin.write(frame({ method: 'exit' }));
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      if (!result) reject(new Error(`the server ended (${status ?? signal}) without answering initialize\nstderr: ${stderr.slice(-2000)}`));
      else if (status !== 0) reject(new Error(`the server exited with ${status ?? signal} after shutdown and exit\nstderr: ${stderr.slice(-2000)}`));
      else resolve(result);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.write(
      frame({
        id: 1,
        method: 'initialize',
        params: { processId: process.pid, rootUri: pathToFileURL(options.cwd).href, capabilities: {}, workspaceFolders: null },
      }),
    );
    child.stdin.write(frame({ method: 'initialized', params: {} }));
  });
}
