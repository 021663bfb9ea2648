import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { OffsetEdit } from '../service/engine';

/**
 * The edits between document versions, as offsets: the analyzer re-checks only the entry an edit
 * touched (service/engine.ts `recheckDocument`). `TextDocuments`
 * applies incremental changes through `update` below, which records each change's offsets in the
 * text it applies to before applying it.
 */

/** A log longer than this (a document nobody analyses) is dropped: the next analysis is a full one. */
const MAX_LOGGED_VERSIONS = 500;

interface Logged {
  version: number;
  /** Undefined: the whole text was replaced. */
  edits: OffsetEdit[] | undefined;
}

export class EditLog {
  private readonly logs = new Map<string, Logged[]>();
  /** The version the last `take` led to: edits are only known from there on. */
  private readonly taken = new Map<string, number>();

  /** A `TextDocuments` configuration's `update`. */
  readonly update = (document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument => {
    let edits: OffsetEdit[] | undefined = [];
    let current = document;
    for (const change of changes) {
      if ('range' in change) {
        // As TextDocument.update reads a range: its ends in order, each clamped into the text.
        const [from, to] = [current.offsetAt(change.range.start), current.offsetAt(change.range.end)];
        edits?.push({ start: Math.min(from, to), end: Math.max(from, to), text: change.text });
      } else edits = undefined;
      current = TextDocument.update(current, [change], version);
    }
    let log = this.logs.get(document.uri);
    if (!log) this.logs.set(document.uri, (log = []));
    // A version that does not increase (a client reusing numbers) breaks the chain: the next
    // analysis is a full one, never a re-check against edits that belong to another text.
    const last = log.length > 0 ? log[log.length - 1].version : this.taken.get(document.uri);
    if (last !== undefined && version <= last) {
      this.logs.set(document.uri, (log = []));
      this.taken.delete(document.uri);
      edits = undefined;
    }
    log.push({ version, edits });
    if (log.length > MAX_LOGGED_VERSIONS) this.logs.set(document.uri, [{ version, edits: undefined }]);
    return current;
  };

  /**
   * The edits that turn version `from` into version `to`, oldest first, and forgets them; undefined
   * when they are not all known (a whole-text change, a dropped log, a gap).
   */
  take(uri: string, from: number, to: number): OffsetEdit[] | undefined {
    const log = this.logs.get(uri) ?? [];
    const wanted = log.filter((entry) => entry.version > from && entry.version <= to);
    const continues = this.taken.get(uri) === from;
    this.logs.set(
      uri,
      log.filter((entry) => entry.version > to),
    );
    this.taken.set(uri, to);
    if (!continues || wanted.length === 0) return undefined;
    const edits: OffsetEdit[] = [];
    for (const entry of wanted) {
      if (!entry.edits) return undefined;
      edits.push(...entry.edits);
    }
    return wanted[wanted.length - 1].version === to ? edits : undefined;
  }

  forget(uri: string): void {
    this.logs.delete(uri);
    this.taken.delete(uri);
  }
}
