import type { IndexKind } from '../classify';
import type { WorkspaceFacts } from '../facts';
import type { ParsedJson } from '../parse';

/**
 * Quick fixes as plain data (SPEC §5): the core proposes edits in UTF-16 offsets; the
 * language server turns them into LSP code actions. No LSP types here.
 */

/** Replace `[start, end)` of a text with `newText` (offsets into the text before any edit). */
export interface TextEdit {
  start: number;
  end: number;
  newText: string;
}

/** A change to another file than the document being fixed (a roots index, a dotenv file). */
export interface FileChange {
  /** Absolute path. */
  path: string;
  /** Create the file first when it does not exist (never overwrite: ignore if it exists). */
  create?: boolean;
  /** Edits in offsets of the file's current text (empty text when it is created). */
  edits: TextEdit[];
}

/**
 * The client command that appends a variable name to the `mcpCatalog.knownVariables` setting.
 * Arguments: `[name, documentUri]` (the document scopes the setting). Handled by the client.
 */
export const ADD_KNOWN_VARIABLE_COMMAND = 'mcpCatalog.addKnownVariable';

/** A fix that runs a client command instead of (or besides) editing. */
export interface FixCommand {
  command: typeof ADD_KNOWN_VARIABLE_COMMAND;
  /** The variable name — never a value. */
  name: string;
}

export interface FixProposal {
  title: string;
  kind: 'quickfix';
  /** The best fix for its diagnostic (at most one per diagnostic). */
  isPreferred: boolean;
  /** Edits to the document itself; non-overlapping. */
  edits: TextEdit[];
  /** Edits to other files (cross-file fixes). */
  files?: FileChange[];
  command?: FixCommand;
  /**
   * Where the cursor should go once the fix is applied (after `=` of a new `NAME=` line): the
   * client is asked to show that file there, when it can. An offset into the file's text after
   * the fix's edits to it.
   */
  reveal?: { path: string; offset: number };
  /** Unambiguous enough for `source.fixAll.mcp-catalog` (SPEC §5's fix-all paragraph). */
  inFixAll: boolean;
}

/** What a fix may look at: the document as it is now, and the facts it was checked with. */
export interface FixContext {
  text: string;
  parsed: ParsedJson;
  kind: IndexKind;
  facts: WorkspaceFacts;
  /**
   * The current text of another file (an open editor's unsaved text wins over the disk), or
   * undefined when it does not exist. Without it, cross-file fixes are not offered.
   */
  readFile?: (path: string) => string | undefined;
  /** How another file is named in a fix title: workspace-relative (`config/roots.json`); default its last segment. */
  displayPath?: (path: string) => string;
}
