/**
 * A module loaded on its first use and kept (bench/NOTES.md "Start-up": features load when first
 * asked for). Kept, because esbuild turns each `require` of a bundled ES module into a fresh
 * CommonJS view of its exports, copying every export: a `require` per use cost ~10 µs, which a
 * loop pays per item (110 ms for one 10,000-server readiness answer, bench/NOTES.md "Readiness").
 * The `require` stays written at each call site, so the bundler still sees the module.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
