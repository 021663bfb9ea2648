/**
 * dist/server.js, what editors start (`mcp-catalog-language-server --stdio`, the VS Code client
 * over IPC): a small loader that runs the language server's bundle, dist/server-main.js (built
 * from server/src/server.ts), through V8's code cache, which cuts the server's cold start by
 * ~15 % (bench/NOTES.md, "Start-up"; the cache's policy: node/codeCachePolicy.ts).
 */
import * as path from 'node:path';
import { runWithCodeCache } from './node/codeCache';

runWithCodeCache(path.join(__dirname, 'server-main.js'));
