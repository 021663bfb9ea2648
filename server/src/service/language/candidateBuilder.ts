import type { KeySite, ValueSite } from './completionSite';
import type { LanguageDocument, Span } from './document';
import { escapeSnippet, snippetToPlain } from './snippets';
import type { CandidateKind, CompletionCandidate, CompletionOptions } from './completionTypes';
import { safeMd, type SafeMarkdown } from '../surfaces/markdown';

/**
 * Turns snippet text into completion candidates for one client: snippets, or their plain-text
 * degradation (Neovim 0.7 by default), with the commas and indentation the position needs.
 */

export interface CandidateExtras {
  kind?: CandidateKind;
  detail?: string;
  documentation?: SafeMarkdown;
  sortText?: string;
  filterText?: string;
  retrigger?: boolean;
}

export class CandidateBuilder {
  constructor(
    private readonly document: LanguageDocument,
    private readonly range: Span,
    private readonly options: CompletionOptions,
  ) {}

  /** The document's line ending and indentation around the cursor. */
  layout(): { eol: string; base: string; inner: string } {
    const text = this.document.text;
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const lineStart = Math.max(text.lastIndexOf('\n', this.range.start - 1) + 1, 0);
    const before = text.slice(lineStart, this.range.start);
    const indent = /^[ \t]*/.exec(before)![0];
    // The file's own unit; in a new catalog (`{` then Enter) the one level the editor just indented by.
    const firstLevel = indent.length > 0 && indent.length === before.length && text.slice(0, lineStart).trim() === '{';
    const unit = /^([ \t]+)"/m.exec(text)?.[1] ?? (firstLevel ? indent : '  ');
    // On its own line the insertion takes the line's indentation; after `{` on the key's line, one more level.
    const base = indent.length === before.length ? indent : indent + unit;
    return { eol, base, inner: base + unit };
  }

  /** `"name": value` (or just `"name"` when the property already has its colon). */
  property(site: KeySite, name: string, valueSnippet: string, extras: CandidateExtras): CompletionCandidate {
    const key = escapeSnippet(JSON.stringify(name));
    // Without tab stops an empty string item is noise: a new list starts empty.
    const value = !this.options.snippets && valueSnippet === '["$1"]' ? '[]' : valueSnippet;
    const text = site.hasColon ? key : `${key}: ${value}${site.needsCommaAfter ? ',' : ''}`;
    return this.make(
      name,
      text,
      { kind: 'property', ...extras, filterText: extras.filterText ?? this.filter(name) },
      site.commaBefore,
      !site.hasColon && extras.retrigger,
    );
  }

  /** A whole `"name": { … }` entry. */
  /** A whole new entry; `order` ranks it among the entry templates (sortText `0<order>`). */
  entry(site: KeySite, label: string, placeholder: string, bodySnippet: string, detail: string | undefined, order: number): CompletionCandidate {
    // A name already typed (`"my-serv|`) becomes the default name, and the filter, so the item stays visible.
    const typed = site.keyNode ? this.document.text.slice(this.range.start, this.range.end) : '';
    const typedName = typed.replace(/^"/, '').replace(/"$/, '');
    const name = typedName ? `\${1:${escapeSnippet(typedName)}}` : `\${1:${placeholder}}`;
    const text = `"${name}": ${bodySnippet}${site.needsCommaAfter ? ',' : ''}`;
    return this.make(
      label,
      text,
      {
        kind: 'entry',
        detail,
        documentation: safeMd`Inserts a complete entry with its required fields.`,
        sortText: `0${order}`,
        filterText: typed || this.filter(label),
      },
      site.commaBefore,
    );
  }

  /** Several properties at once (an entry's body). */
  raw(site: KeySite, label: string, snippet: string, extras: CandidateExtras): CompletionCandidate {
    return this.make(label, `${snippet}${site.needsCommaAfter ? ',' : ''}`, { ...extras, filterText: this.filter(label) }, site.commaBefore);
  }

  /** A JSON value (already quoted when it is a string); `literal` is not snippet syntax. */
  value(site: ValueSite, label: string, literal: string, extras: CandidateExtras): CompletionCandidate {
    const text = `${escapeSnippet(literal)}${site.needsCommaAfter ? ',' : ''}`;
    return this.make(label, text, { ...extras, filterText: extras.filterText ?? (literal.startsWith('"') ? literal : label) });
  }

  /** Literal text for a range, never a snippet. */
  plain(range: Span, label: string, text: string, extras: CandidateExtras): CompletionCandidate {
    return {
      label,
      kind: extras.kind ?? 'value',
      detail: extras.detail,
      documentation: extras.documentation,
      insertText: text,
      snippet: false,
      range,
      filterText: extras.filterText,
      sortText: extras.sortText,
    };
  }

  private filter(name: string): string {
    return this.document.text[this.range.start] === '"' ? JSON.stringify(name) : name;
  }

  private make(label: string, snippet: string, extras: CandidateExtras, commaBefore?: number, retrigger?: boolean): CompletionCandidate {
    const useSnippet = this.options.snippets;
    const candidate: CompletionCandidate = {
      label,
      kind: extras.kind ?? 'value',
      insertText: useSnippet ? snippet : snippetToPlain(snippet),
      snippet: useSnippet,
      range: this.range,
    };
    if (extras.detail !== undefined) candidate.detail = extras.detail;
    if (extras.documentation !== undefined) candidate.documentation = extras.documentation;
    if (extras.filterText !== undefined) candidate.filterText = extras.filterText;
    if (extras.sortText !== undefined) candidate.sortText = extras.sortText;
    if (commaBefore !== undefined) candidate.additionalEdits = [{ start: commaBefore, end: commaBefore, newText: ',' }];
    if (retrigger && useSnippet) candidate.retrigger = true;
    return candidate;
  }
}
