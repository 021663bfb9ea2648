/**
 * Compiling a bundle with `vm.Script` (so V8 can be given, and can give back, a code cache) and
 * running it exactly as `node bundle.js` would: CommonJS, with its own `require`, `module`,
 * `__filename` and `__dirname`, under its real file name (stack traces and source maps point at
 * it); `process.argv` untouched. Shared by the language server's loader (node/codeCache.ts) and
 * the command line's (node/shippedCodeCache.ts); why: bench/NOTES.md, "Start-up".
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

export interface CompiledBundle {
  script: vm.Script;
  /** Whether V8 refused the cached data it was given (undefined when none was given). */
  rejected: boolean | undefined;
}

/** Compile `source` (the text of `filename`), with `cachedData` when given; data V8 cannot even take is dropped. */
export function compileBundle(filename: string, source: string, cachedData: Buffer | undefined): CompiledBundle {
  const wrapped = Module.wrap(source);
  if (cachedData === undefined) return { script: new vm.Script(wrapped, { filename }), rejected: undefined };
  try {
    const script = new vm.Script(wrapped, { filename, cachedData });
    // `cachedDataRejected` is set only when data was given: "used" only when V8 says it consumed it.
    return { script, rejected: script.cachedDataRejected !== false };
  } catch {
    return { script: new vm.Script(wrapped, { filename }), rejected: true };
  }
}

/** Run a compiled bundle as the main CommonJS module of `filename`'s folder. */
export function runBundle(script: vm.Script, filename: string): void {
  const module = new Module(filename, require.main);
  module.filename = filename;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(filename));
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, __filename: string, __dirname: string) => void;
  run.call(module.exports, module.exports, Module.createRequire(filename), module, filename, path.dirname(filename));
  module.loaded = true;
}

/** Up to `size` bytes of an open file from its start; fewer when it is shorter than `stat` said (a cache cut short). */
export function readOpenFile(fd: number, size: number): Buffer {
  const data = Buffer.alloc(size);
  let read = 0;
  while (read < data.length) {
    const got = fs.readSync(fd, data, read, data.length - read, read);
    if (got === 0) break;
    read += got;
  }
  return data.subarray(0, read);
}
