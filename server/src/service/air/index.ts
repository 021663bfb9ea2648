/** air.json awareness: paths, composition and `exclude` patterns. */
export { checkAirJson } from './check';
export { compileExcludePattern, EXCLUDE_ITEM_PATTERN, LOCAL_SCOPE, type ExcludePattern } from './exclude';
