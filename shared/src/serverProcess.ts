/**
 * How an editor starts the language server's Node process. `--optimize-for-size` makes V8 grow
 * its heap more carefully: at 10,000 servers the session's peak memory went from ~130 MB to
 * ~100 MB for no measurable change in open or keystroke latency (bench/NOTES.md, "Peak RSS").
 * The benchmark starts the server with the same flags, as the extension does.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--optimize-for-size'];
