/** Runtime-config generation (SPEC §6.3, §6.4): what the editor and the command line import. */
export { readCatalog, type CatalogEntry, type CatalogView } from '../catalogView';
export { CLAUDE_FILE, claudeStartupTimeoutMs, callbackPort, generateClaude } from './claude';
export { CURSOR_FILE, cursorVariables, generateCursor } from './cursor';
export { codexToolPrefix, toolNameCollisions } from '../codexNames';
export { CODEX_FILE, generateCodex, SSH_KEY_PATH_VARIABLE } from './codex';
export { isNpxEntry, isolatedCacheDirName, npmCacheAssignments, npxPackageSpecs } from './npmCache';
export { generatePi, PI_FILE, piRequestTimeoutMs } from './pi';
export { previewRuntimeConfig, type PreviewOutcome } from './preview';
export { resolveSelection, type SelectionOutcome } from './selection';
export { DEFAULT_CLONE_PATH, RUNTIMES, type PreviewRequest, type RuntimeConfig, type RuntimeFile, type RuntimeName, type Selection } from './types';
export { addZimmerSession, coversSelfSession, DEFAULT_ZIMMER_URL, ELICITATION_KEYS, type ZimmerAddition } from './zimmerAdditions';
