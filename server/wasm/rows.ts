// AssemblyScript: the layout of the rows the scanner writes (entryScan.ts), read by service/wasmScan.ts.

/** Per entry, ROW int32: the span table's six fields (entrySpans.ts), then the verdict's. */
export const ROW: i32 = 21;
export const KEY_START: i32 = 0;
export const KEY_END: i32 = 1;
export const VALUE_START: i32 = 2;
export const VALUE_END: i32 = 3;
export const KEY_COUNT: i32 = 4;
export const DEPTH: i32 = 5;
/** NOT_CLEAN, or what `shape` answers: the held bits plus KEYS times the keys walked. */
export const VERDICT: i32 = 6;
/** 1 when the entry's key holds an escape (its name is not its bytes), else 0. */
export const ESCAPED_KEY: i32 = 7;
/** Spans (UTF-16, end exclusive) of the values an asked rule reads: args, the timeout, the reason, the roots. */
export const ARGS: i32 = 8;
export const TIMEOUT: i32 = 10;
export const UNAVAILABLE: i32 = 12;
export const ROOTS: i32 = 14;
/** The line of the entry's key (from 0) and where that line starts (UTF-16), as text.ts counts lines. */
export const LINE: i32 = 16;
export const LINE_START: i32 = 17;
/** An npx entry's one package spec (UTF-16, the string's content) when its `args` are flags `-y`/`--yes` and then the spec (shape.ts `soleSpec`); 0, 0 otherwise. */
export const SPEC: i32 = 18;
/**
 * The held bits (below) whose asked rule the module proved quiet: a plain timeout (no map key
 * spelled `startup_timeout_sec` beside it) never makes the timeout rule report, a reason that is
 * not blank and at most 200 characters never the unavailable rule, roots that are `*` or roots of
 * a roots file that was read never the roots rule (shape.ts `judge`).
 */
export const QUIET: i32 = 20;

export const NOT_CLEAN: i32 = -1;
/** The held bits (cleanEntry.ts). */
export const HOLDS_ALWAYS: i32 = 1;
export const HOLDS_TIMEOUT: i32 = 2;
export const HOLDS_UNAVAILABLE: i32 = 4;
export const HOLDS_ROOTS: i32 = 8;
export const HOLDS_NPX: i32 = 16;
export const HOLDS_NAME: i32 = 32;
export const KEYS: i32 = 64;

/** Zeros in the fields only a clean entry's judgement fills: the value spans, the spec, the quiet bits. */
export function clearJudgedFields(row: i32): void {
  for (let field = ARGS; field < LINE; field++) store<i32>(row + field * 4, 0);
  for (let field = SPEC; field < ROW; field++) store<i32>(row + field * 4, 0);
}
