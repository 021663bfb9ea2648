import { isRemoteType } from '../model';
import { isNonIntegerLiteral, type JsonNode } from '../parse';
import { DEFAULT_TIMEOUT_SEC, TIMEOUT_MAX, TIMEOUT_MIN, validTimeout } from '../rules/timeout';
import { piRequestTimeoutMs } from '../runtime/pi';
import { describeValue } from '../text';
import { joinMarkdown, markdownCode as code, markdownText, safeMd, type SafeMarkdown } from '../surfaces/markdown';

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
export function timeoutHover(input: TimeoutHoverInput): SafeMarkdown {
  const { valueNode } = input;
  const value = valueNode?.value;
  const declared = valueNode && valueNode.type !== 'null' ? validTimeout(value) : undefined;
  const remote = isRemoteType(input.type);
  const transport = input.type === undefined ? safeMd`no type yet, read as stdio` : markdownText(input.type);
  return joinMarkdown(
    [
      safeMd`**${code('startup_timeout_sec')}**: whole seconds from ${TIMEOUT_MIN} to ${TIMEOUT_MAX}; anything else is ignored and ${DEFAULT_TIMEOUT_SEC} s applies.`,
      safeMd``,
      judge(input, declared),
      safeMd``,
      safeMd`Effect (${transport}):  `,
      safeMd`Claude: ${claude(declared)}  `,
      safeMd`Codex: ${codex(declared, remote)}  `,
      safeMd`Pi: ${pi(declared, remote)}`,
    ],
    safeMd`\n`,
  );
}

function judge(input: TimeoutHoverInput, declared: number | undefined): SafeMarkdown {
  const node = input.valueNode;
  if (!node) return safeMd`Absent: the default of ${DEFAULT_TIMEOUT_SEC} s applies.`;
  if (node.type === 'null') return safeMd`${code('null')} is the same as absent: the default of ${DEFAULT_TIMEOUT_SEC} s applies.`;
  const written = input.text.slice(node.offset, node.offset + node.length);
  if (declared !== undefined) {
    const notation =
      node.type === 'number' && isNonIntegerLiteral(input.text, node) ? safeMd` (read as the integer ${declared}; write ${code(String(declared))})` : safeMd``;
    return safeMd`${code(shortWritten(written))} is **valid**${notation}: ${declared} s.`;
  }
  const ignored = safeMd`Zimmer ignores it and uses ${DEFAULT_TIMEOUT_SEC} s`;
  if (node.type !== 'number') return safeMd`${code(describeValue(node.value))} is **ignored** (not a number): ${ignored}.`;
  const number = node.value as number;
  if (!Number.isInteger(number)) return safeMd`${code(shortWritten(written))} is **ignored** (not a whole number): ${ignored}.`;
  return safeMd`${code(shortWritten(written))} is **ignored** (outside ${TIMEOUT_MIN}\u2013${TIMEOUT_MAX}): ${ignored}.`;
}

function claude(declared: number | undefined): SafeMarkdown {
  if (declared === undefined) return safeMd`${code(`MCP_TIMEOUT=${DEFAULT_TIMEOUT_SEC * 1000}`)}, the default (unless another server declares more)`;
  if (declared <= DEFAULT_TIMEOUT_SEC) return safeMd`no effect: ${DEFAULT_TIMEOUT_SEC} s is Claude's floor for the session`;
  return safeMd`${code(`MCP_TIMEOUT=${declared * 1000}`)} for **every** server of the session`;
}

// What the generators write (SPEC §6.3): Codex's and Pi's entries are built from known fields, so
// an entry's own `startup_timeout_ms` or `requestTimeoutMs` reaches neither runtime.
function codex(declared: number | undefined, remote: boolean): SafeMarkdown {
  if (declared !== undefined) return safeMd`${code(`startup_timeout_sec = ${declared}`)} on its table`;
  return remote ? safeMd`nothing written (its own default)` : code(`startup_timeout_sec = ${DEFAULT_TIMEOUT_SEC}`);
}

function pi(declared: number | undefined, remote: boolean): SafeMarkdown {
  const written = piRequestTimeoutMs({ name: '', value: { type: remote ? 'sse' : 'stdio', startup_timeout_sec: declared } });
  if (declared !== undefined && declared > DEFAULT_TIMEOUT_SEC) return code(`requestTimeoutMs: ${written}`);
  const fallback = written === undefined ? safeMd`nothing written` : code(`requestTimeoutMs: ${written}`);
  if (declared !== undefined) return safeMd`${fallback}: Pi only lengthens, so ${DEFAULT_TIMEOUT_SEC} s or less is dropped`;
  return fallback;
}

/** A literal as the verdict quotes it (`1e999…` can be any length). */
function shortWritten(written: string): string {
  return written.length > 24 ? `${written.slice(0, 23)}…` : written;
}
