import type { LineTable, Failure } from './oracle';
import type { Rng } from './rng';

/** The requests the server driver sends at random spots, and what their results must satisfy. */

export interface Diagnostic {
  range: unknown;
  severity?: number;
  code?: unknown;
  source?: unknown;
  message?: unknown;
  data?: unknown;
}

/** Requests to the server, when it advertises them. */
export const REQUESTS: {
  method: string;
  capability?: string;
  params: (uri: string, rng: Rng, lines: LineTable, text: string, diagnostics: Diagnostic[]) => unknown;
}[] = [
  {
    method: 'textDocument/hover',
    capability: 'hoverProvider',
    params: (uri, rng, lines, text) => ({ textDocument: { uri }, position: randomPosition(rng, lines, text) }),
  },
  {
    method: 'textDocument/completion',
    capability: 'completionProvider',
    params: (uri, rng, lines, text) => ({ textDocument: { uri }, position: randomPosition(rng, lines, text) }),
  },
  {
    method: 'textDocument/codeAction',
    capability: 'codeActionProvider',
    params: (uri, rng, lines, text, diagnostics) => {
      const d = diagnostics.length && rng.chance(0.8) ? rng.pick(diagnostics) : undefined;
      const range = d ? d.range : orderedRange(randomPosition(rng, lines, text), randomPosition(rng, lines, text));
      return {
        textDocument: { uri },
        range,
        context: { diagnostics: d ? [d] : rng.chance(0.3) ? diagnostics.slice(0, 20) : [], only: rng.chance(0.2) ? ['source.fixAll.mcp-catalog'] : undefined },
      };
    },
  },
  { method: 'textDocument/documentSymbol', capability: 'documentSymbolProvider', params: (uri) => ({ textDocument: { uri } }) },
  {
    method: 'textDocument/definition',
    capability: 'definitionProvider',
    params: (uri, rng, lines, text) => ({ textDocument: { uri }, position: randomPosition(rng, lines, text) }),
  },
  {
    method: 'textDocument/references',
    capability: 'referencesProvider',
    params: (uri, rng, lines, text) => ({
      textDocument: { uri },
      position: randomPosition(rng, lines, text),
      context: { includeDeclaration: rng.chance(0.5) },
    }),
  },
  {
    method: 'textDocument/prepareRename',
    capability: 'renameProvider',
    params: (uri, rng, lines, text) => ({ textDocument: { uri }, position: randomPosition(rng, lines, text) }),
  },
  {
    method: 'textDocument/rename',
    capability: 'renameProvider',
    params: (uri, rng, lines, text) => ({
      textDocument: { uri },
      position: randomPosition(rng, lines, text),
      newName: rng.pick(['renamed', 'a b', '', 'zimmer', '"', '${A}', 'x'.repeat(300)]),
    }),
  },
  { method: 'textDocument/foldingRange', capability: 'foldingRangeProvider', params: (uri) => ({ textDocument: { uri } }) },
  { method: 'textDocument/documentLink', capability: 'documentLinkProvider', params: (uri) => ({ textDocument: { uri } }) },
  { method: 'mcpCatalog/readiness', params: (uri) => ({ uri }) },
  {
    method: 'mcpCatalog/preview',
    params: (uri, rng) => ({
      uri,
      runtime: rng.pick(['claude', 'codex', 'pi', 'cursor']),
      root: rng.chance(0.2) ? rng.pick(['zimmer', 'nope', '']) : undefined,
    }),
  },
];

/** A valid position (mostly), sometimes just past a line's end or far outside the document. */
function randomPosition(rng: Rng, lines: LineTable, text: string): { line: number; character: number } {
  if (rng.chance(0.03)) return { line: rng.pick([lines.lineCount, 1_000_000]), character: rng.pick([0, 5, 1_000_000]) };
  const offset = rng.int(text.length + 1);
  return lines.positionAt(offset);
}

function orderedRange(a: { line: number; character: number }, b: { line: number; character: number }): { start: typeof a; end: typeof a } {
  return a.line < b.line || (a.line === b.line && a.character <= b.character) ? { start: a, end: b } : { start: b, end: a };
}

/** Edits in a code action or rename result must have valid ranges in the current text. */
export function checkRequestResult(method: string, uri: string, result: unknown, lines: LineTable): Failure[] {
  const failures: Failure[] = [];
  const checkEdit = (edit: unknown, where: string): void => {
    const e = edit as
      { changes?: Record<string, { range: unknown }[]>; documentChanges?: { textDocument?: { uri: string }; edits?: { range: unknown }[] }[] } | undefined;
    if (!e) return;
    const edits: { range: unknown }[] = [
      ...(e.changes?.[uri] ?? []),
      ...(e.documentChanges ?? []).filter((c) => c.textDocument?.uri === uri).flatMap((c) => c.edits ?? []),
    ];
    for (const textEdit of edits) {
      const problem = lines.rangeProblem(textEdit.range);
      if (problem)
        failures.push({ driver: 'lsp', kind: 'range', key: method, detail: `${method}: ${where} edit range ${JSON.stringify(textEdit.range)}: ${problem}` });
    }
  };
  if (method === 'textDocument/codeAction' && Array.isArray(result)) {
    for (const action of result as { title?: string; edit?: unknown }[]) checkEdit(action.edit, `action "${action.title}"`);
  } else if (method === 'textDocument/rename') {
    checkEdit(result, 'rename');
  } else if (method === 'textDocument/hover' && result && (result as { range?: unknown }).range) {
    const problem = lines.rangeProblem((result as { range: unknown }).range);
    if (problem) failures.push({ driver: 'lsp', kind: 'range', key: method, detail: `hover range: ${problem}` });
  }
  return failures;
}
