/**
 * How Codex names an MCP server's tools (SPEC §6.3): `mcp__<server>__<tool>`, with every character
 * outside `[A-Za-z0-9_-]` replaced by `_`. A fact about names, used by the `tool-name-collision`
 * rule, its quick fix and the Codex generator alike, so it depends on nothing.
 */

/** Codex names tools `mcp__<server>__<tool>` with characters outside `[A-Za-z0-9_-]` as `_`. */
export function codexToolPrefix(serverName: string): string {
  return `mcp__${codexServerName(serverName)}__`;
}

/** The server's part of its Codex tool names: the name with characters outside `[A-Za-z0-9_-]` as `_`. */
export function codexServerName(serverName: string): string {
  return serverName.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** A warning per group of servers whose Codex tool names would collide (`a[1]` and `a_1_`). */
export function toolNameCollisions(names: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const prefix = codexToolPrefix(name);
    groups.set(prefix, [...(groups.get(prefix) ?? []), name]);
  }
  const warnings: string[] = [];
  for (const [prefix, group] of groups) {
    if (group.length < 2) continue;
    warnings.push(
      `${group.map((name) => `"${name}"`).join(' and ')} ${group.length === 2 ? 'both' : 'all'} become \`${prefix}<tool>\` in Codex, so their tool names collide; rename one.`,
    );
  }
  return warnings;
}
