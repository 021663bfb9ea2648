import type { CompletionItem, CompletionList } from 'vscode-languageserver';
import { CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind } from './protocol';
import type { CandidateKind, CompletionCandidate } from '../service/language/completion';
import type * as CompletionService from '../service/language/completion';
import type { LineIndex } from '../service/text';
import type { FeatureRegistration } from './features';
import { documentAt, guarded } from './requests';
import { onFirstUse } from './lazy';

/** Loaded on the first completion, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const completionService = onFirstUse((): typeof CompletionService => require('../service/language/completion') as typeof CompletionService);

/**
 * Completion in catalogs and roots indexes. Snippets only for clients that say they expand them
 * (`completionItem.snippetSupport`); others (Neovim 0.7 by default) get the same text without tab
 * stops. Variable names only, never a value.
 */
export const registerCompletion: FeatureRegistration = (context) => {
  context.connection.onCompletion((params, token) =>
    guarded(context, 'completion', token, async (): Promise<CompletionList | null> => {
      const at = await documentAt(context, params.textDocument.uri, token);
      if (!at) return null;
      const offset = at.analysis.lines.offsetAt(params.position);
      // `{` triggers only the `${` of a placeholder: typing an object's `{` (an empty catalog's
      // first character) must leave VS Code's `{`⏎ → `{\n  |\n}` alone, not offer whole entries.
      if (params.context?.triggerCharacter === '{' && at.analysis.text[offset - 2] !== '$') return null;
      const snippets = context.clientCapabilities?.()?.textDocument?.completion?.completionItem?.snippetSupport === true;
      const candidates = completionService().completeAt(at.document, offset, { snippets });
      return { isIncomplete: false, items: candidates.map((candidate) => toItem(candidate, at.analysis.lines)) };
    }),
  );
  return { completionProvider: { triggerCharacters: ['"', ':', '$', '{'], resolveProvider: false } };
};

const KINDS: Record<CandidateKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  entry: CompletionItemKind.Snippet,
  value: CompletionItemKind.Value,
  root: CompletionItemKind.Reference,
  server: CompletionItemKind.Reference,
  variable: CompletionItemKind.Variable,
};

function toItem(candidate: CompletionCandidate, lines: LineIndex): CompletionItem {
  const item: CompletionItem = {
    label: candidate.label,
    kind: KINDS[candidate.kind],
    textEdit: { range: lines.rangeOf(candidate.range.start, candidate.range.end), newText: candidate.insertText },
    insertTextFormat: candidate.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
  // Multi-line entries are indented for their place already.
  if (candidate.insertText.includes('\n')) item.insertTextMode = InsertTextMode.asIs;
  if (candidate.detail !== undefined) item.detail = candidate.detail;
  if (candidate.documentation !== undefined) item.documentation = { kind: MarkupKind.Markdown, value: candidate.documentation };
  if (candidate.filterText !== undefined) item.filterText = candidate.filterText;
  if (candidate.sortText !== undefined) item.sortText = candidate.sortText;
  if (candidate.additionalEdits)
    item.additionalTextEdits = candidate.additionalEdits.map((edit) => ({ range: lines.rangeOf(edit.start, edit.end), newText: edit.newText }));
  if (candidate.retrigger) item.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
  return item;
}
