import { createConnection, ProposedFeatures } from './lsp/protocol';
import { guardedTransport } from './lsp/protocolGuard';
import { startServer } from './lsp/server';
import { nodePlatform } from './lsp/nodePlatform';
import { forgetAddedEnvironment } from '../../shared/src/serverProcess';
import { version } from '../../package.json';

// What the editor added to this process's environment is not the user's (shared/src/serverProcess.ts).
forgetAddedEnvironment(process.env);

// `mcp-catalog-language-server --stdio` (also --node-ipc, --socket=N): the transport is read from argv.
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write('Usage: mcp-catalog-language-server --stdio | --node-ipc | --socket=PORT | --version\n');
} else if (process.argv.includes('--version') || process.argv.includes('-v')) {
  process.stdout.write(`${version}\n`);
} else if (
  !process.argv.some(
    (arg) => arg === '--stdio' || arg === '--node-ipc' || arg.startsWith('--socket=') || arg.startsWith('--pipe') || arg.startsWith('--clientProcessId'),
  )
) {
  process.stderr.write('mcp-catalog-language-server: choose a transport: --stdio, --node-ipc or --socket=PORT\n');
  process.exitCode = 2;
} else {
  const transport = guardedTransport(process.argv.slice(2));
  startServer(transport ? createConnection(ProposedFeatures.all, transport[0], transport[1]) : createConnection(ProposedFeatures.all), nodePlatform());
}
