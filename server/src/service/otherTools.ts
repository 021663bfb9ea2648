import { effectiveProperties, getProperty, parseJson, propertyKey, propertyValue } from './parse';

/**
 * Other tools' MCP files are never catalogs (SPEC §1), in the editor exactly as on the command
 * line: anything under a dot-folder (`.cursor/`, `.windsurf/`, `.kiro/`, `.claude/`, …) and any
 * file whose top-level object has `mcpServers` (Claude, Cursor, Windsurf's `mcp_config.json`,
 * Claude Desktop, JetBrains Air's `mcp.json`) or is VS Code's shape (`servers` and/or `inputs`
 * beside no AIR entry). A `$schema` naming AIR's schema or an air.json listing wins over both;
 * that decision is the classifier's (node/workspace.ts).
 */

/** Whether a folder between `base` (the workspace root, when the file is inside it) and the file, or the file's own folder, is a dot-folder. */
export function isUnderDotFolder(filePath: string, base?: string): boolean {
  const segments = filePath.split(/[\\/]+/).filter((s) => s.length > 0);
  const folders = segments.slice(0, -1);
  const isDot = (segment: string): boolean => segment.startsWith('.') && segment !== '.' && segment !== '..';
  if (folders.length > 0 && isDot(folders[folders.length - 1])) return true;
  const baseSegments = base?.split(/[\\/]+/).filter((s) => s.length > 0);
  if (!baseSegments || baseSegments.some((segment, i) => segment !== folders[i])) return false;
  return folders.slice(baseSegments.length).some(isDot);
}

/** A JSON string that decodes to `name`, each character literal or `\uXXXX`-escaped. */
function keySpelling(name: string): string {
  const escaped = (ch: string): string =>
    ch
      .charCodeAt(0)
      .toString(16)
      .padStart(4, '0')
      .replace(/[a-f]/g, (hex) => `[${hex}${hex.toUpperCase()}]`);
  return `"${[...name].map((ch) => `(?:${ch}|\\\\u${escaped(ch)})`).join('')}"`;
}

const ENVELOPE_KEY = new RegExp(['mcpServers', 'servers', 'inputs', 'hooks'].map(keySpelling).join('|'));

/**
 * Whether a text could hold another tool's envelope without a parse: every such file spells
 * `"mcpServers"`, `"servers"`, `"inputs"` or `"hooks"` (each character literal or escaped) somewhere.
 */
export function mayBeEnvelope(text: string): boolean {
  return ENVELOPE_KEY.test(text);
}

/**
 * The top-level object is another tool's envelope: `mcpServers`; `servers`/`inputs` beside no AIR
 * entry; or Claude Code's hooks (`hooks` an object of event names, each an array — an AIR hook
 * named `hooks` is an object of strings: its `description` and `path`).
 */
export function isOtherToolsEnvelope(text: string): boolean {
  if (!mayBeEnvelope(text)) return false;
  const root = parseJson(text).root;
  if (root?.type !== 'object') return false;
  let vscode = false;
  for (const property of effectiveProperties(root)) {
    const key = propertyKey(property);
    if (key === 'mcpServers') return true;
    if (key === 'hooks' && isClaudeCodeHooks(propertyValue(property))) return true;
    if (key === 'servers' || key === 'inputs') vscode = true;
  }
  if (!vscode) return false;
  // An AIR entry: an object with a string `type` (a server named `servers` is one).
  return !effectiveProperties(root).some((property) => {
    const value = propertyValue(property);
    return value?.type === 'object' && getProperty(value, 'type')?.children?.[1]?.type === 'string';
  });
}

/** Claude Code's `hooks` value: an object of event names (`PreToolUse`, …), at least one, each an array of matchers. */
function isClaudeCodeHooks(value: ReturnType<typeof propertyValue>): boolean {
  if (value?.type !== 'object') return false;
  const events = effectiveProperties(value);
  return events.length > 0 && events.every((event) => propertyValue(event)?.type === 'array');
}
