import { isRemoteType } from '../model';
import { isNonIntegerLiteral, type JsonNode } from '../parse';
import { DEFAULT_TIMEOUT_SEC, TIMEOUT_MAX, TIMEOUT_MIN, validTimeout } from '../rules/timeout';
import { describeValue } from '../text';
import { code } from './document';

/**
 * The `startup_timeout_sec` hover (SPEC §4.1, §6.4): the bounds, whether the value written is the
 * one Zimmer uses, and what each runtime does with it for this entry's transport.
 */

export interface TimeoutHoverInput {
  text: string;
  /** The value node, when the field has one. */
  valueNode: JsonNode | undefined;
  /** The entry's `type`, when it is a string. */
  type: string | undefined;
  /** The entry as JSON.parse reads it (for runtime-native keys such as `requestTimeoutMs`). */
  entry: Record<string, unknown> | undefined;
}

export function timeoutHover(input: TimeoutHoverInput): string {
  const { valueNode } = input;
  const value = valueNode?.value;
  const declared = valueNode && valueNode.type !== 'null' ? validTimeout(value) : undefined;
  const lines = [
    `**${code('startup_timeout_sec')}** — seconds the runtime waits for this server to start: an integer from **${TIMEOUT_MIN}** to **${TIMEOUT_MAX}** inclusive (Claude Code's bounds). Anything else is ignored with a warning and the default of **${DEFAULT_TIMEOUT_SEC} s** applies.`,
    '',
    `Current value: ${judge(input, declared)}`,
    '',
  ];
  const remote = isRemoteType(input.type);
  const transport = input.type === undefined ? 'this server (treated as stdio until it has a `type`)' : `this ${code(input.type)} server`;
  lines.push(`| runtime | effect for ${transport} |`, '| --- | --- |');
  lines.push(`| Claude | ${claude(declared)} |`);
  lines.push(`| Codex | ${codex(declared, remote, input.entry)} |`);
  lines.push(`| Pi | ${pi(declared, remote, input.entry)} |`);
  return lines.join('\n');
}

function judge(input: TimeoutHoverInput, declared: number | undefined): string {
  const node = input.valueNode;
  if (!node) return `absent — the default of ${DEFAULT_TIMEOUT_SEC} s applies.`;
  if (node.type === 'null') return `${code('null')} — the same as absent: the default of ${DEFAULT_TIMEOUT_SEC} s applies.`;
  const written = input.text.slice(node.offset, node.offset + node.length);
  if (declared !== undefined) {
    const notation = node.type === 'number' && isNonIntegerLiteral(input.text, node) ? ` (read as the integer ${declared}; write ${code(String(declared))})` : '';
    return `${code(written)} — **valid**${notation}: ${declared} s.`;
  }
  const ignored = `Zimmer ignores it and uses ${DEFAULT_TIMEOUT_SEC} s`;
  if (node.type !== 'number') return `${code(describeValue(node.value))} — **ignored**: not a number; ${ignored}.`;
  const number = node.value as number;
  if (!Number.isInteger(number)) return `${code(written)} — **ignored**: not a whole number of seconds; ${ignored}.`;
  return `${code(written)} — **ignored**: outside ${TIMEOUT_MIN}–${TIMEOUT_MAX}; ${ignored}.`;
}

function claude(declared: number | undefined): string {
  if (declared === undefined) return `${code(`MCP_TIMEOUT=${DEFAULT_TIMEOUT_SEC * 1000}`)} (the default), unless another server of the session declares more`;
  if (declared <= DEFAULT_TIMEOUT_SEC) return `no effect: Claude's floor is ${DEFAULT_TIMEOUT_SEC} s and it cannot shorten one server's budget (${code(`MCP_TIMEOUT=${DEFAULT_TIMEOUT_SEC * 1000}`)} unless another server declares more)`;
  return `${code(`MCP_TIMEOUT=${declared * 1000}`)} for **every** server of the session (one budget for all)`;
}

function codex(declared: number | undefined, remote: boolean, entry: Record<string, unknown> | undefined): string {
  if (entry && entry.startup_timeout_ms !== undefined) return `keeps the entry's own ${code('startup_timeout_ms')}; nothing is added`;
  if (declared !== undefined) return `${code(`startup_timeout_sec = ${declared}`)} on its table (longer or shorter)`;
  return remote ? 'nothing written (Codex uses its own default)' : `${code(`startup_timeout_sec = ${DEFAULT_TIMEOUT_SEC}`)}`;
}

function pi(declared: number | undefined, remote: boolean, entry: Record<string, unknown> | undefined): string {
  if (entry && entry.requestTimeoutMs !== undefined) return `keeps the entry's own ${code('requestTimeoutMs')}; nothing is added`;
  if (declared !== undefined && declared >= DEFAULT_TIMEOUT_SEC) return `${code(`requestTimeoutMs: ${declared * 1000}`)}`;
  const fallback = remote ? 'nothing written' : code(`requestTimeoutMs: ${DEFAULT_TIMEOUT_SEC * 1000}`);
  if (declared !== undefined) return `${fallback}: Pi only lengthens (its key budgets every request), so a declaration under ${DEFAULT_TIMEOUT_SEC} s is dropped`;
  return fallback;
}
