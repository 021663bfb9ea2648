import type { Span } from './document';
import type { SafeMarkdown } from '../surfaces/markdown';

/** Completion as plain data (completion.ts): what to insert where, for any client. */

export type CandidateKind = 'property' | 'entry' | 'value' | 'root' | 'server' | 'variable';

export interface CompletionCandidate {
  label: string;
  kind: CandidateKind;
  detail?: string;
  /** Markdown; repository text in it went through service/surfaces/markdown.ts. */
  documentation?: SafeMarkdown;
  /** The replacement for `range`: snippet syntax when `snippet` is true, else literal text. */
  insertText: string;
  snippet: boolean;
  range: Span;
  /** What the client filters against (the range may start with a quote). */
  filterText?: string;
  sortText?: string;
  /** A `,` to insert elsewhere (after the previous property). */
  additionalEdits?: { start: number; end: number; newText: string }[];
  /** Open completion again after inserting (e.g. inside a new `default_in_roots` array). */
  retrigger?: boolean;
}

export interface CompletionOptions {
  /** The client expands snippets (`completionItem.snippetSupport`). */
  snippets: boolean;
}
