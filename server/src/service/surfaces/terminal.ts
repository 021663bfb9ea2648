/**
 * Text for a terminal (SPEC §7, §8): names, values and reasons come from a repository or an
 * instance nobody vetted, and a raw ESC, BEL or C1 byte in them would drive the reader's terminal
 * (retitle it, clear it, write the clipboard with OSC 52, fake output); a bidirectional control
 * would reorder what is shown. Every byte the command line writes is a `TerminalText`, and the only
 * ways to make one are below, so a new command or format cannot forget: the CLI's writer
 * (`cli/io.ts`) accepts nothing else.
 *
 * Escaped: C0 controls but tab and line feed, DEL, C1 (U+0080–U+009F, which includes the one-byte
 * CSI, OSC and DCS), the line and paragraph separators, and the bidi controls (U+061C, U+200E/F,
 * U+202A–U+202E, U+2066–U+2069). Escaping the introducer is enough: what follows an escaped ESC is
 * plain text.
 */

declare const terminalBrand: unique symbol;
/** Text with no control a terminal would honour, safe to write as it is. */
export type TerminalText = string & { readonly [terminalBrand]: true };

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** `text` with every terminal control shown as `\xNN` / `\uNNNN`; `\n` and `\t` stay as they are. */
export function terminalText(text: string): TerminalText {
  return text.replace(UNSAFE, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
  }) as TerminalText;
}

/**
 * A value as indented JSON and a line feed. JSON.stringify already escapes C0 inside strings; the
 * other controls can only occur inside strings too, where `\uNNNN` is the same character to a JSON
 * reader — so the document decodes to exactly `value` and shows no control when printed.
 */
export function terminalJson(value: unknown): TerminalText {
  return `${JSON.stringify(value, null, 2)}\n`.replace(UNSAFE, (char) => `\\u${hex(char.charCodeAt(0), 4)}`) as TerminalText;
}

const BREAKS: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** A name or message on one line of its own: its line breaks shown as `\n` (a name could otherwise forge the next line). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]/g, (brk) => BREAKS[brk]);
}

/** Whether `text` holds a character `terminalText` would escape (a patch showing one no longer applies as printed). */
export function hasTerminalControl(text: string): boolean {
  return new RegExp(UNSAFE.source).test(text);
}

/** Pieces already safe, in order. */
export function joinTerminal(parts: readonly TerminalText[]): TerminalText {
  return parts.join('') as TerminalText;
}

/** Each control `terminalText` escapes as `\uNNNN` text (no line break kept): for surfaces that show escapes as text too. */
export function visibleControls(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${hex(char.charCodeAt(0), 4)}`);
}
