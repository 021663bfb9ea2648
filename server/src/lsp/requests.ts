import type { CancellationToken } from 'vscode-languageserver';
import { LSPErrorCodes, ResponseError } from './protocol';
import { languageDocument, type LanguageDocument } from '../service/language/document';
import type { Analysis } from './analysis';
import type { ServerContext } from './features';

/**
 * What every request handler shares: the guard that turns an exception into a logged error and a
 * cancelled request into RequestCancelled (SPEC §8: every request is cancellable and bounded), and
 * the analysed document a position request works on.
 */

/**
 * The analysis of a request's document at its current version; undefined when the document is not
 * open or not ours. Rejects with RequestCancelled when the request was cancelled meanwhile.
 */
export async function analysisAt(context: ServerContext, uri: string, token?: CancellationToken): Promise<Analysis | undefined> {
  const textDocument = context.documents.get(uri);
  if (!textDocument) return undefined;
  const analysis = await context.analyse(textDocument);
  throwIfCancelled(token);
  return analysis;
}

/**
 * The analysed document behind a request (current version), with the analysis it came from.
 * Rejects with RequestCancelled when the request was cancelled while the analysis was awaited.
 */
export async function documentAt(
  context: ServerContext,
  uri: string,
  token?: CancellationToken,
): Promise<{ analysis: Analysis; document: LanguageDocument } | undefined> {
  const analysis = await analysisAt(context, uri, token);
  if (!analysis) return undefined;
  const document = languageDocument(analysis);
  return document ? { analysis, document } : undefined;
}

/** The answer to a request the client cancelled (SPEC §8: every request is cancellable). */
function cancelledError(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

/** Call after each `await` and before expensive work: a cancelled request stops there. */
export function throwIfCancelled(token: CancellationToken | undefined): void {
  if (token?.isCancellationRequested) throw cancelledError();
}

/**
 * Every request handler runs through this. Like log.ts's guard (an exception is logged, never
 * fatal), but a ResponseError is an answer meant for the user (an invalid new name) and goes back
 * to the client; and a request cancelled before, during or right after `run` is answered with
 * RequestCancelled instead of a result nobody waits for. `run` checks the token at its own await
 * points with `throwIfCancelled`.
 */
export async function guarded<T>(context: ServerContext, what: string, token: CancellationToken | undefined, run: () => Promise<T>): Promise<T | null> {
  try {
    throwIfCancelled(token);
    const result = await run();
    throwIfCancelled(token);
    return result;
  } catch (error) {
    if (error instanceof ResponseError) throw error;
    context.logger.error(`Internal error in ${what}.`, error);
    if (token?.isCancellationRequested) throw cancelledError();
    return null;
  }
}
