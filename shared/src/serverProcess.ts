/**
 * How an editor starts the language server's Node process. `--optimize-for-size` makes V8 grow
 * its heap more carefully: at 10,000 servers the session's peak memory went from ~130 MB to
 * ~100 MB for no measurable change in open or keystroke latency (bench/NOTES.md, "Peak RSS").
 * The benchmark starts the server with the same flags, as the extension does.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--optimize-for-size'];

/**
 * The environment variable through which the client names the folder for the server's V8 code
 * cache (VS Code: the extension's global storage; bench/NOTES.md, "Start-up"). Set by the editor,
 * never by a workspace: there is no setting for it (server/src/node/codeCachePolicy.ts).
 */
export const CODE_CACHE_DIR_VARIABLE = 'MCP_CATALOG_CODE_CACHE_DIR';
