/** Quick fixes and fix-all (SPEC §5), as plain data for the language server and tests. */
export * from './types';
export { fixesFor, FIXABLE_CODES } from './quickFixes';
export { computeFixAll, FIX_ALL_CODES, type FixAllOptions, type FixAllResult } from './fixAll';
export { applyEdits } from './apply';
