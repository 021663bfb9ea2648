import type { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * A rename changes nothing but names (SPEC §4.4). VS Code saves every file a multi-file rename
 * touched (`files.refactoring.autoSave`, on by default), and that save is an explicit one: with
 * `"source.fixAll.mcp-catalog": "explicit"` its save participant asks for fix-all, which would
 * also clamp an unsaved `startup_timeout_sec` elsewhere in the catalog. So the server remembers
 * the text each rename produces, and a document whose current version is exactly that text gets
 * no fix-all. The author's next edit makes the document theirs again.
 */
export class RenameEchoes {
  /** URI → the text the last rename's edit produces there, until the document shows it. */
  private readonly expected = new Map<string, { text: string; misses: number }>();
  /** URI → the version that is a rename's result. */
  private readonly echoes = new Map<string, number>();

  /** A rename answered with edits that turn `uri` into `text`. */
  expect(uri: string, text: string): void {
    this.expected.set(uri, { text, misses: 0 });
    this.echoes.delete(uri);
  }

  /** Every opened or changed document passes here. */
  observe(document: TextDocument): void {
    const pending = this.expected.get(document.uri);
    if (pending) {
      if (pending.text === document.getText()) {
        this.expected.delete(document.uri);
        this.echoes.set(document.uri, document.version);
        return;
      }
      // A client may open the file (old text) before applying the edit; two misses mean the
      // rename was not applied as answered (cancelled in a preview, or edited differently).
      if (++pending.misses >= 2) this.expected.delete(document.uri);
    }
    if (this.echoes.has(document.uri) && this.echoes.get(document.uri) !== document.version) this.echoes.delete(document.uri);
  }

  /** The document at this version is exactly what a rename made of it. */
  isEcho(uri: string, version: number): boolean {
    return this.echoes.get(uri) === version;
  }

  forget(uri: string): void {
    this.expected.delete(uri);
    this.echoes.delete(uri);
  }
}
