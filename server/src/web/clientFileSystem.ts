import type { Connection } from 'vscode-languageserver';
import {
  FS_READ_DIRECTORY_REQUEST,
  FS_READ_FILE_REQUEST,
  FS_STAT_REQUEST,
  type FsReadDirectoryParams,
  type FsReadDirectoryResult,
  type FsReadFileParams,
  type FsReadFileResult,
  type FsStatParams,
  type FsStatResult,
} from '../../../shared/src/protocol';
import { MAX_SIDE_FILE } from '../../../shared/src/fileReads';
import { overLimit, type BoundedRead, type FileSystemAccess, type RealPath } from '../files/fileAccess';

/**
 * The file-access seam (files/fileAccess.ts) in a web worker, which has no file system: every
 * answer comes from the client (`mcpCatalog/fs/*`, shared/src/protocol.ts), which reads through
 * `vscode.workspace.fs` under its own limits (client/src/web/fileSystemRequests.ts). Reads are
 * synchronous in the core, so an answer not held yet is "not read yet" and remembered; `settle`
 * asks the client for everything a run missed and runs it again. Answers are kept until the
 * client reports a change (watched files, a closed editor); a failed request is never kept.
 */

/** Runs of one computation before its answer is taken as it is (discovery asks a few files deep: air.json, its indexes, their siblings). */
const MAX_ROUNDS = 16;
/** Answers kept; past this the oldest are forgotten (they are asked for again), never one a running computation uses. */
const MAX_KEPT = 20_000;
/** Questions the client is asked at a time (on github.dev each is a GitHub API call). */
const MAX_ASKING = 16;
const NOT_READ_YET = 'could not be read through the editor';

type Question = { kind: 'read'; path: string; limit: number } | { kind: 'list'; path: string } | { kind: 'stat'; path: string };
type Answer = BoundedRead | string[] | undefined | FsStatResult;
/** No answer: the request failed (it is asked again by the next computation, never kept). */
const FAILED = Symbol('failed');

export class ClientFileSystem implements FileSystemAccess {
  private readonly answers = new Map<string, Answer>();
  /** The questions the running computation could not be answered (undefined outside `settle`). */
  private missed: Map<string, Question> | undefined;
  /** The answers each running `settle` read or asked for: not forgotten to make room. */
  private readonly inUse = new Set<Set<string>>();
  private using: Set<string> | undefined;
  /** Requests on their way to the client, by question. */
  private readonly pending = new Map<string, Promise<Answer | typeof FAILED>>();
  /** Bumped by `changed`: answers asked for before it are not kept. */
  private generation = 0;
  /** Questions not answered yet, ever (`unanswered`). */
  private misses = 0;
  private warned = false;

  constructor(
    private readonly connection: Connection,
    private readonly toUri: (filePath: string) => string,
    private readonly options: { warn?: (message: string) => void; maxKept?: number } = {},
  ) {}

  /** At most MAX_SIDE_FILE, the most the client reads whatever it is asked (client/src/web/fileSystemRequests.ts). */
  readBounded(filePath: string, limit: number): BoundedRead {
    const read = { kind: 'read', path: filePath, limit: Math.min(limit, MAX_SIDE_FILE) } as const;
    return (this.answer(read) as BoundedRead | undefined) ?? { refused: NOT_READ_YET };
  }

  list(dir: string): string[] | undefined {
    return this.answer({ kind: 'list', path: dir }) as string[] | undefined;
  }

  /** A virtual file system's links are not followed at all (the client refuses them), so a path is its own real path. */
  realPath(filePath: string): RealPath {
    return { real: filePath };
  }

  stamp(filePath: string): string {
    const stat = this.answer({ kind: 'stat', path: filePath }) as FsStatResult | undefined;
    return stat ? `${stat.type}:${stat.size ?? ''}:${stat.mtime ?? ''}:${stat.ctime ?? ''}` : 'unreadable:not read yet';
  }

  /**
   * Runs `compute` until it misses nothing. A run that still misses after MAX_ROUNDS, or misses
   * only what failed to be asked in this call, is returned as it is: its reads went unanswered
   * (`unanswered` moved), so a cache above keeps nothing of it (lsp/analysis.ts `complete`).
   */
  async settle<T>(compute: () => T, retry?: () => void): Promise<T> {
    const using = new Set<string>();
    const failed = new Set<string>();
    this.inUse.add(using);
    try {
      for (let round = 1; ; round++) {
        const missed = new Map<string, Question>();
        this.missed = missed;
        this.using = using;
        let result: T;
        try {
          result = compute();
        } finally {
          this.missed = undefined;
          this.using = undefined;
        }
        for (const key of failed) missed.delete(key);
        if (missed.size === 0) return result;
        if (round === MAX_ROUNDS) {
          if (!this.warned) this.options.warn?.(`Files were still not answered by the editor after ${MAX_ROUNDS} rounds; checked without them.`);
          this.warned = true;
          return result;
        }
        for (const key of await this.ask([...missed.values()], using)) failed.add(key);
        retry?.();
      }
    } finally {
      this.inUse.delete(using);
    }
  }

  /** Forgets the answers, and the requests on their way (a computation after the change asks afresh). */
  changed(filePath?: string): void {
    this.generation++;
    for (const kept of [this.answers, this.pending]) {
      if (filePath === undefined) kept.clear();
      else for (const key of [...kept.keys()]) if (key.endsWith(`\0${filePath}`)) kept.delete(key);
    }
  }

  unanswered(): number {
    return this.misses;
  }

  private answer(question: Question): Answer {
    const key = keyOf(question);
    this.using?.add(key);
    if (this.answers.has(key)) return this.answers.get(key);
    this.misses++;
    this.missed?.set(key, question);
    return undefined;
  }

  /** Asks the client, MAX_ASKING at a time; keeps every answer, and gives back the questions whose request failed. */
  private async ask(questions: Question[], using: Set<string>): Promise<string[]> {
    const generation = this.generation;
    const answered: (readonly [string, Answer | typeof FAILED])[] = [];
    let next = 0;
    const asking = async (): Promise<void> => {
      while (next < questions.length) {
        const question = questions[next++];
        const key = keyOf(question);
        answered.push([key, await this.shared(key, question)]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAX_ASKING, questions.length) }, asking));
    const failed = answered.filter(([, answer]) => answer === FAILED).map(([key]) => key);
    if (generation !== this.generation) return failed;
    for (const [key, answer] of answered) {
      using.add(key);
      if (answer !== FAILED) this.answers.set(key, answer);
    }
    this.makeRoom();
    return failed;
  }

  /** Forgets the oldest answers past MAX_KEPT that no running computation uses (a Map iterates in insertion order). */
  private makeRoom(): void {
    let excess = this.answers.size - (this.options.maxKept ?? MAX_KEPT);
    if (excess <= 0) return;
    for (const key of this.answers.keys()) {
      if ([...this.inUse].some((using) => using.has(key))) continue;
      this.answers.delete(key);
      if (--excess === 0) return;
    }
  }

  /** One request per question at a time: a computation missing what another is asking for waits for that answer. */
  private shared(key: string, question: Question): Promise<Answer | typeof FAILED> {
    let pending = this.pending.get(key);
    if (!pending) {
      const asked = this.request(question).finally(() => {
        if (this.pending.get(key) === asked) this.pending.delete(key);
      });
      pending = asked;
      this.pending.set(key, asked);
    }
    return pending;
  }

  private async request(question: Question): Promise<Answer | typeof FAILED> {
    const uri = this.toUri(question.path);
    try {
      if (question.kind === 'read') {
        const params: FsReadFileParams = { uri, limit: question.limit };
        return checkedRead(await this.connection.sendRequest<FsReadFileResult>(FS_READ_FILE_REQUEST, params), question.limit);
      }
      if (question.kind === 'list') {
        const params: FsReadDirectoryParams = { uri };
        const listing = await this.connection.sendRequest<FsReadDirectoryResult>(FS_READ_DIRECTORY_REQUEST, params);
        return Array.isArray(listing?.names) ? listing.names.filter((name): name is string => typeof name === 'string') : undefined;
      }
      const params: FsStatParams = { uri };
      return await this.connection.sendRequest<FsStatResult>(FS_STAT_REQUEST, params);
    } catch {
      return FAILED;
    }
  }
}

function keyOf(question: Question): string {
  return question.kind === 'read' ? `read:${question.limit}\0${question.path}` : `${question.kind}\0${question.path}`;
}

/** The client's answer in the shape the bounded reader gives, whatever the client sent. */
function checkedRead(answer: FsReadFileResult | null | undefined, limit: number): BoundedRead {
  if (answer && typeof (answer as { text?: unknown }).text === 'string') return { text: (answer as { text: string }).text };
  const refusal = answer as { refused?: unknown; missing?: unknown; tooLarge?: unknown; size?: unknown } | null | undefined;
  // Over the limit in the bounded reader's words (node/boundedRead.ts), whatever the client wrote.
  if (refusal?.tooLarge === true && typeof refusal.size === 'number') return { refused: overLimit(refusal.size, limit), tooLarge: true, size: refusal.size };
  return {
    refused: typeof refusal?.refused === 'string' ? refusal.refused : NOT_READ_YET,
    ...(refusal?.missing === true ? { missing: true } : {}),
    ...(refusal?.tooLarge === true ? { tooLarge: true, ...(typeof refusal.size === 'number' ? { size: refusal.size } : {}) } : {}),
  };
}
