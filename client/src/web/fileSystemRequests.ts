import type {
  FsReadDirectoryParams,
  FsReadDirectoryResult,
  FsReadFileParams,
  FsReadFileResult,
  FsStatParams,
  FsStatResult,
} from '../../../shared/src/protocol';
import { cannotRead, MAX_SIDE_FILE, REFUSED } from '../../../shared/src/fileReads';
import { isVariableSourceName } from '../../../shared/src/variableFiles';

/**
 * The reads of the language server in a web worker (`mcpCatalog/fs/*`, shared/src/protocol.ts).
 * The repository decides what is there and the server's questions are not trusted either
 * (SPEC §8): nothing outside the workspace folders, no URI with a query or fragment, no `.` or
 * `..` segment, no symbolic link followed — the target's or any folder's on the way to it — nothing
 * over the size limit the server asks with nor over MAX_SIDE_FILE, and in Restricted Mode no file
 * that holds variables. An answer never throws: a refusal says why.
 *
 * The rules are written once here, over a `FileHost`: `vscodeFileHost.ts` answers through
 * `vscode.workspace.fs` (github.dev's virtual file system as it is), and the protocol tier's
 * browser-style transport from disk (test/protocol/workerTransport.ts).
 */

/** What one entry is, its own type: a symbolic link is never followed to say what it points at. */
export interface EntryStat {
  type: 'file' | 'folder' | 'other';
  symbolicLink: boolean;
  size: number;
  mtime: number;
  ctime: number;
}

export interface FileHost<U> {
  /** A URI the server sent, with its path (decoded) and its query and fragment; undefined when it is none. */
  parse(raw: string): { uri: U; path: string; query: string; fragment: string } | undefined;
  /** The workspace folder holding it, with the folder's path; undefined outside every folder. */
  folderOf(uri: U): { uri: U; path: string } | undefined;
  /** A child of a folder URI. */
  join(folder: U, name: string): U;
  stat(uri: U): Promise<EntryStat>;
  readFile(uri: U): Promise<Uint8Array>;
  readDirectory(uri: U): Promise<string[]>;
  /** Whether the workspace is trusted now (Restricted Mode: no variable file is read). */
  isTrusted(): boolean;
  /** A thrown error's code in `vscode.FileSystemError`'s words (`FileNotFound`, `NoPermissions`, ...). */
  errorCode(error: unknown): string | undefined;
}

type Refusal = { refused: string; missing?: boolean };

const NOT_A_FILE = 'is not a file';
const OUTSIDE = 'is outside the workspace folders';
const LINK = 'is a symbolic link, which the web extension does not follow';
const INSIDE_LINK = 'is inside a symbolic link, which the web extension does not follow';
const TOO_LARGE = 'is over the size limit';

export class FileRequests<U> {
  /** Why each folder on the way to a target may not be passed (undefined: it may), for the requests running now. */
  private readonly folders = new Map<string, Promise<Refusal | undefined>>();
  private running = 0;

  constructor(private readonly host: FileHost<U>) {}

  readFile(params: FsReadFileParams): Promise<FsReadFileResult> {
    return this.batch(async () => {
      const uri = await this.allowed(params?.uri);
      if ('refused' in uri) return uri;
      // The server's limit, never over the client's own (an Infinity or a huge number reads no more).
      const asked = typeof params.limit === 'number' && params.limit >= 0 ? params.limit : 0;
      const limit = Math.min(asked, MAX_SIDE_FILE);
      if (!this.host.isTrusted() && isVariableSourceName(uri.path)) {
        return { refused: 'holds variables (a dotenv or secrets file), which a restricted workspace does not read' };
      }
      try {
        const found = await this.host.stat(uri.uri);
        const kind = kindRefusal(found);
        if (kind) return { refused: kind };
        if (found.size > limit) return { refused: TOO_LARGE, tooLarge: true, size: found.size };
        const bytes = await this.host.readFile(uri.uri);
        // It may have grown since the stat.
        if (bytes.byteLength > limit) return { refused: TOO_LARGE, tooLarge: true, size: bytes.byteLength };
        // The bytes as they are: a byte order mark is kept, for the json-bom rule to see (SPEC §4).
        return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
      } catch (error) {
        return this.errorRefusal(error);
      }
    });
  }

  stat(params: FsStatParams): Promise<FsStatResult> {
    return this.batch(async () => {
      const uri = await this.allowed(params?.uri);
      if ('refused' in uri) return { type: uri.missing ? 'missing' : 'refused' };
      try {
        const found = await this.host.stat(uri.uri);
        return { type: found.symbolicLink ? 'other' : found.type, size: found.size, mtime: found.mtime, ctime: found.ctime };
      } catch (error) {
        return { type: this.errorRefusal(error).missing ? 'missing' : 'refused' };
      }
    });
  }

  readDirectory(params: FsReadDirectoryParams): Promise<FsReadDirectoryResult> {
    return this.batch(async () => {
      const uri = await this.allowed(params?.uri);
      if ('refused' in uri) return null;
      try {
        const found = await this.host.stat(uri.uri);
        if (found.symbolicLink || found.type !== 'folder') return null;
        return { names: await this.host.readDirectory(uri.uri) };
      } catch {
        return null;
      }
    });
  }

  /** The folders checked on the way are remembered while requests run (the server asks many at once), and forgotten after. */
  private async batch<T>(answer: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await answer();
    } finally {
      if (--this.running === 0) this.folders.clear();
    }
  }

  /** The URI when the server may read it at all, else why not. */
  private async allowed(raw: unknown): Promise<{ uri: U; path: string } | Refusal> {
    if (typeof raw !== 'string') return { refused: NOT_A_FILE };
    let parsed: ReturnType<FileHost<U>['parse']>;
    try {
      parsed = this.host.parse(raw);
    } catch {
      parsed = undefined;
    }
    // A query or a fragment names no file of a folder.
    if (!parsed || parsed.query || parsed.fragment) return { refused: NOT_A_FILE };
    // The server sends resolved paths; a `..` or `.` segment is not one, and could climb out of a folder.
    if (parsed.path.split('/').some((segment) => segment === '..' || segment === '.')) return { refused: OUTSIDE };
    const folder = this.host.folderOf(parsed.uri);
    if (!folder) return { refused: OUTSIDE };
    const base = folder.path.replace(/\/+$/, '');
    if (parsed.path !== base && !parsed.path.startsWith(`${base}/`)) return { refused: OUTSIDE };
    // Every folder from the workspace folder down to the target: a link among them would lead out.
    const names = parsed.path.slice(base.length).split('/').filter(Boolean);
    let at = folder.uri;
    let key = String(folder.uri);
    for (const name of names.slice(0, -1)) {
      at = this.host.join(at, name);
      key = `${key}/${name}`;
      const refusal = await this.folderRefusal(key, at);
      if (refusal) return refusal;
    }
    return { uri: parsed.uri, path: parsed.path };
  }

  private folderRefusal(key: string, uri: U): Promise<Refusal | undefined> {
    let refusal = this.folders.get(key);
    if (!refusal) {
      refusal = this.host.stat(uri).then(
        (found): Refusal | undefined =>
          found.symbolicLink ? { refused: INSIDE_LINK } : found.type === 'folder' ? undefined : { refused: REFUSED.missing, missing: true },
        (error: unknown) => this.errorRefusal(error),
      );
      this.folders.set(key, refusal);
    }
    return refusal;
  }

  private errorRefusal(error: unknown): Refusal {
    const code = this.host.errorCode(error);
    if (code === 'FileNotFound' || code === 'FileNotADirectory') return { refused: REFUSED.missing, missing: true };
    if (code === 'NoPermissions') return { refused: REFUSED.permission };
    if (code === 'FileIsADirectory') return { refused: REFUSED.folder };
    return { refused: cannotRead(code) };
  }
}

/** What a stat says is not a regular file, in the bounded reader's words (shared/src/fileReads.ts). */
function kindRefusal(found: EntryStat): string | undefined {
  if (found.symbolicLink) return LINK;
  if (found.type === 'file') return undefined;
  if (found.type === 'folder') return REFUSED.folder;
  return REFUSED.notRegular;
}
