import { isRemoteType } from '../model';
import { isNonIntegerLiteral, type JsonNode } from '../parse';
import { DEFAULT_TIMEOUT_SEC, TIMEOUT_MAX, TIMEOUT_MIN, validTimeout } from '../rules/timeout';
import { piRequestTimeoutMs } from '../runtime/pi';
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
}

/**
 * Compact on purpose: VS Code shows the diagnostic and its "Quick Fix" row above a hover on a
 * squiggled value, inside a hover of limited height. One line of bounds, one verdict, one line per
 * runtime (hard line breaks, no table), so nothing is clipped.
 */
export function timeoutHover(input: TimeoutHoverInput): string {
  const { valueNode } = input;
  const value = valueNode?.value;
  const declared = valueNode && valueNode.type !== 'null' ? validTimeout(value) : undefined;
  const remote = isRemoteType(input.type);
  const transport = input.type === undefined ? 'no type yet, read as stdio' : input.type;
  return [
    `**${code('startup_timeout_sec')}**: whole seconds from ${TIMEOUT_MIN} to ${TIMEOUT_MAX}; anything else is ignored and ${DEFAULT_TIMEOUT_SEC} s applies.`,
    '',
    judge(input, declared),
    '',
    `Effect (${transport}):  `,
    `Claude: ${claude(declared)}  `,
    `Codex: ${codex(declared, remote)}  `,
    `Pi: ${pi(declared, remote)}`,
  ].join('\n');
}

function judge(input: TimeoutHoverInput, declared: number | undefined): string {
  const node = input.valueNode;
  if (!node) return `Absent: the default of ${DEFAULT_TIMEOUT_SEC} s applies.`;
  if (node.type === 'null') return `${code('null')} is the same as absent: the default of ${DEFAULT_TIMEOUT_SEC} s applies.`;
  const written = input.text.slice(node.offset, node.offset + node.length);
  if (declared !== undefined) {
    const notation =
      node.type === 'number' && isNonIntegerLiteral(input.text, node) ? ` (read as the integer ${declared}; write ${code(String(declared))})` : '';
    return `${code(shortWritten(written))} is **valid**${notation}: ${declared} s.`;
  }
  const ignored = `Zimmer ignores it and uses ${DEFAULT_TIMEOUT_SEC} s`;
  if (node.type !== 'number') return `${code(describeValue(node.value, 24))} is **ignored** (not a number): ${ignored}.`;
  const number = node.value as number;
  if (!Number.isInteger(number)) return `${code(shortWritten(written))} is **ignored** (not a whole number): ${ignored}.`;
  return `${code(shortWritten(written))} is **ignored** (outside ${TIMEOUT_MIN}–${TIMEOUT_MAX}): ${ignored}.`;
}

function claude(declared: number | undefined): string {
  if (declared === undefined) return `${code(`MCP_TIMEOUT=${DEFAULT_TIMEOUT_SEC * 1000}`)}, the default (unless another server declares more)`;
  if (declared <= DEFAULT_TIMEOUT_SEC) return `no effect: ${DEFAULT_TIMEOUT_SEC} s is Claude's floor for the session`;
  return `${code(`MCP_TIMEOUT=${declared * 1000}`)} for **every** server of the session`;
}

// What the generators write (SPEC §6.3): Codex's and Pi's entries are built from known fields, so
// an entry's own `startup_timeout_ms` or `requestTimeoutMs` reaches neither runtime.
function codex(declared: number | undefined, remote: boolean): string {
  if (declared !== undefined) return `${code(`startup_timeout_sec = ${declared}`)} on its table`;
  return remote ? 'nothing written (its own default)' : `${code(`startup_timeout_sec = ${DEFAULT_TIMEOUT_SEC}`)}`;
}

function pi(declared: number | undefined, remote: boolean): string {
  const written = piRequestTimeoutMs({ name: '', value: { type: remote ? 'sse' : 'stdio', startup_timeout_sec: declared } });
  if (declared !== undefined && declared > DEFAULT_TIMEOUT_SEC) return code(`requestTimeoutMs: ${written}`);
  const fallback = written === undefined ? 'nothing written' : code(`requestTimeoutMs: ${written}`);
  if (declared !== undefined) return `${fallback}: Pi only lengthens, so ${DEFAULT_TIMEOUT_SEC} s or less is dropped`;
  return fallback;
}

/** A literal as the verdict quotes it (`1e999…` can be any length). */
function shortWritten(written: string): string {
  return written.length > 24 ? `${written.slice(0, 23)}…` : written;
}
