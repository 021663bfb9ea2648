/**
 * The WebAssembly modules' common part (service/wasmScan.ts, lsp/jsonBody.ts): what they use of
 * the WebAssembly API — whose types are in TypeScript's DOM library, not ES2022's — and a module
 * compiled once, on first use, from the base64 scripts/generate-wasm.mjs writes.
 */

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
};

export const WASM_PAGE = 65536;

/** Grows `memory` until it holds `bytes` (a growth detaches every view of the old buffer). */
export function ensureMemory(memory: WasmMemory, bytes: number): void {
  const have = memory.buffer.byteLength;
  if (bytes > have) memory.grow(Math.ceil((bytes - have) / WASM_PAGE));
}

/**
 * A function that makes a fresh instance of the module and gives its exports, or undefined where
 * WebAssembly cannot run or an instance cannot be made (then the caller's JavaScript path does
 * the work). The module is compiled at the first call.
 */
export function lazyModule<Exports>(base64: string): () => Exports | undefined {
  let compiled: object | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        const binary = atob(base64);
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        compiled = new WebAssembly.Module(bytes);
      } catch {
        compiled = null;
      }
    }
    if (!compiled) return undefined;
    try {
      return new WebAssembly.Instance(compiled, {}).exports as Exports;
    } catch {
      // No memory for an instance now (its callers then take their JavaScript path; a later call tries again).
      return undefined;
    }
  };
}
