/**
 * Text for a terminal (SPEC §7, §8): names and values come from a repository nobody vetted, and a
 * raw ESC, BEL or C1 byte in them would drive the reader's terminal (retitle it, hide lines, fake
 * output). Every text output escapes C0 and C1 controls, DEL, the Unicode line separators and the
 * bidirectional overrides as `\xNN` / `\uNNNN`; line feeds (and tabs) between lines are kept. The
 * JSON and SARIF formats need nothing: JSON.stringify escapes C0, and a reader of JSON decodes it.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every terminal control escaped; `\n` and `\t` stay as they are. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}
