/**
 * What a side-file read may be, and the words for why one was not made: the Node server's bounded
 * reader (server/src/node/boundedRead.ts) and the web client that reads for the server in a web
 * worker (client/src/web/fileSystemRequests.ts) say the same thing about the same file.
 */

/** Largest side file (roots index, env file, air.json) read; the web client reads nothing larger, whatever the server asks. */
export const MAX_SIDE_FILE = 20 * 1024 * 1024;

/** Why a file was not read, as the end of a sentence about it ("roots.json is a folder"). */
export const REFUSED = {
  missing: 'does not exist',
  folder: 'is a folder',
  notRegular: 'is not a regular file',
  permission: 'cannot be read (permission denied)',
} as const;

/** An error the reader has no words of its own for, by its code. */
export function cannotRead(code: string | undefined): string {
  return `cannot be read (${code ?? 'unknown error'})`;
}
