import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { CLASSIFY_REQUEST, OPTED_OUT, type ClassifyParams, type ClassifyResult, type OptedOutParams } from '../../shared/src/protocol';

/**
 * Our own language modes, so VS Code's JSON service never validates, outlines or formats a catalog
 * (it would double-report, try to download the `$schema`, and accept comments AIR rejects).
 *
 * package.json's `filenames` / `filenamePatterns` open the usual names in our mode. Globs cannot
 * say everything SPEC §1 says (a `$schema` or an air.json listing makes any `.json` one of ours;
 * `.vscode/`, `node_modules/`, dot-files and `*.schema.json` never are), so every JSON document and
 * every document in our modes is also classified by the server, which owns SPEC §1, and switched
 * to the mode it should have. A user who switches one of ours to another language keeps that
 * choice: it is remembered per document in the workspace state and never undone by us.
 */
export const LANGUAGE_OF_KIND = {
  catalog: 'mcp-catalog',
  roots: 'air-roots',
  air: 'air-config',
  skills: 'air-skills',
  hooks: 'air-hooks',
  plugins: 'air-plugins',
  references: 'air-references',
} as const;
export const OWN_LANGUAGES: readonly string[] = Object.values(LANGUAGE_OF_KIND);
/** The runtime-config preview documents: coloured, but never a file type of their own. */
export const PREVIEW_LANGUAGES = { json: 'mcp-catalog-preview-json', toml: 'mcp-catalog-preview-toml' } as const;

const JSON_LANGUAGES = ['json', 'jsonc'];
const OPTED_OUT_KEY = 'mcpCatalog.languageChoices';

/**
 * The files the user switched out of our modes, for the server (`initializationOptions.optedOut`):
 * VS Code's LanguageClient keeps a closed document's diagnostics and relies on workspace pulls, so
 * without this our problems would stay beside VS Code's JSON ones for a file switched to JSON.
 */
export function optedOutUris(state: vscode.Memento): string[] {
  return Object.keys(state.get<Record<string, string>>(OPTED_OUT_KEY, {}));
}

export class DocumentLanguages implements vscode.Disposable {
  /** Documents whose language we are changing right now (so that change is not read as the user's). */
  private readonly switching = new Set<string>();
  /** Language of a document closed in this task: a language change is a close and an open in one go. */
  private readonly justClosed = new Map<string, string>();
  private readonly pendingChecks = new Map<string, NodeJS.Timeout>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly client: LanguageClient,
    private readonly state: vscode.Memento,
    /** The URI schemes the server is given (client/src/host.ts). */
    private readonly schemes: readonly string[] = ['file', 'untitled'],
  ) {
    this.disposables.push(
      vscode.workspace.onDidCloseTextDocument((document) => {
        const uri = document.uri.toString();
        this.justClosed.set(uri, document.languageId);
        queueMicrotask(() => this.justClosed.delete(uri));
      }),
      vscode.workspace.onDidOpenTextDocument((document) => this.opened(document)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        // Typing a `$schema` into a JSON file makes it ours; in our modes the server already follows edits.
        // Only a text with a `$schema` can change its verdict by an edit (the path decides the rest).
        if (JSON_LANGUAGES.includes(event.document.languageId) && event.contentChanges.length && event.document.getText().includes('"$schema"'))
          this.checkSoon(event.document);
      }),
    );
    for (const document of vscode.workspace.textDocuments) void this.check(document);
  }

  /** The language the user chose for a document of ours, if any. */
  userChoice(uri: vscode.Uri): string | undefined {
    return this.state.get<Record<string, string>>(OPTED_OUT_KEY, {})[uri.toString()];
  }

  private opened(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    const before = this.justClosed.get(uri);
    this.justClosed.delete(uri);
    if (before !== undefined && before !== document.languageId) {
      if (this.switching.delete(uri)) return; // our own switch
      // The user (Change Language Mode) moved it out of our modes, or back into them.
      if (OWN_LANGUAGES.includes(before) && !OWN_LANGUAGES.includes(document.languageId)) void this.remember(uri, document.languageId);
      else if (OWN_LANGUAGES.includes(document.languageId)) void this.remember(uri, undefined);
      return;
    }
    void this.check(document);
  }

  private checkSoon(document: vscode.TextDocument): void {
    const uri = document.uri.toString();
    clearTimeout(this.pendingChecks.get(uri));
    this.pendingChecks.set(
      uri,
      setTimeout(() => {
        this.pendingChecks.delete(uri);
        void this.check(document);
      }, 500),
    );
  }

  /** Ask the server what the document is and give it that mode (or take ours away from a file that is not ours). */
  private async check(document: vscode.TextDocument): Promise<void> {
    if (document.isClosed || !this.schemes.includes(document.uri.scheme)) return;
    const current = document.languageId;
    const ours = OWN_LANGUAGES.includes(current);
    if (!ours && !JSON_LANGUAGES.includes(current)) return;
    const choice = this.userChoice(document.uri);
    if (choice !== undefined) {
      // Reopened by name in our mode although the user had chosen otherwise: their choice holds.
      if (ours && choice !== current) await this.switchTo(document, choice);
      return;
    }
    let kind: ClassifyResult['kind'];
    try {
      const params: ClassifyParams = { uri: document.uri.toString(), text: document.getText() };
      kind = (await this.client.sendRequest<ClassifyResult>(CLASSIFY_REQUEST, params)).kind;
    } catch {
      return; // the server is restarting: the document keeps its mode
    }
    if (document.isClosed || document.languageId !== current) return;
    const target = kind ? LANGUAGE_OF_KIND[kind] : ours ? notOurs(document.uri) : undefined;
    if (target && target !== current) await this.switchTo(document, target);
  }

  private async switchTo(document: vscode.TextDocument, language: string): Promise<void> {
    const uri = document.uri.toString();
    this.switching.add(uri);
    try {
      await vscode.languages.setTextDocumentLanguage(document, language);
    } catch {
      // The language is unknown (an extension was removed) or the document closed.
    } finally {
      // Normally consumed by the reopen; never left behind to swallow a later user change.
      setTimeout(() => this.switching.delete(uri), 1000);
    }
  }

  private async remember(uri: string, language: string | undefined): Promise<void> {
    const choices = { ...this.state.get<Record<string, string>>(OPTED_OUT_KEY, {}) };
    if (language === undefined) delete choices[uri];
    else choices[uri] = language;
    await this.state.update(OPTED_OUT_KEY, choices);
    const params: OptedOutParams = { uris: Object.keys(choices) };
    // A server restarting gets the list with its initialization options.
    await Promise.resolve(this.client.sendNotification(OPTED_OUT, params)).catch(() => undefined);
  }

  dispose(): void {
    for (const timer of this.pendingChecks.values()) clearTimeout(timer);
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/**
 * The mode VS Code itself gives a file our patterns claimed but SPEC §1 excludes (`.vscode/mcp.json`,
 * a dot-file, `*.schema.json`): VS Code opens every `mcp.json` as JSON with Comments, the rest as JSON.
 */
function notOurs(uri: vscode.Uri): string {
  return path.posix.basename(uri.path).toLowerCase() === 'mcp.json' ? 'jsonc' : 'json';
}
