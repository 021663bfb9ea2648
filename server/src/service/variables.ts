/**
 * The variable sources the editor can see (SPEC §4.3), in resolution order. Names only: a source
 * never holds a value, so nothing downstream can print one.
 */

export type VariableSourceKind = 'known' | 'dotenv' | 'secrets' | 'process';

export interface VariableSource {
  kind: VariableSourceKind;
  /** How the source is named in messages, e.g. `.env (/repo/.env)` or `mcpCatalog.knownVariables`. */
  label: string;
  /** The file behind a dotenv or secrets source. */
  path?: string;
  /** False when a configured or default file does not exist (it was still searched). */
  exists: boolean;
  /** Why an existing file was not read ("is a FIFO (named pipe)", "is larger than 20 MB"), shown instead of "not found". */
  problem?: string;
  /** Names with a non-blank value (an empty or blank value counts as unset). */
  names: ReadonlySet<string>;
  /**
   * Names the file lists with an empty or blank value (`NAME=`): still unset, but the message
   * says a value is needed there rather than "add it", and completion offers them.
   */
  empty?: ReadonlySet<string>;
}

export class VariableIndex {
  constructor(
    readonly sources: readonly VariableSource[],
    /** Sources that were deliberately not read (workspace trust, a setting), for messages. */
    readonly skipped: readonly string[] = [],
    /**
     * True in a restricted (untrusted) workspace: no env file, secrets file or process environment
     * was read, so a name not declared known may well be set — nothing can be said about it (no
     * unresolved-variable, readiness "not checked").
     */
    readonly restricted = false,
  ) {}

  static empty(): VariableIndex {
    return new VariableIndex([]);
  }

  /** The first source that defines `name`, in resolution order. An indexed loop: asked for every placeholder of a first check, which runs in V8's interpreter. */
  find(name: string): VariableSource | undefined {
    const sources = this.sources;
    for (let i = 0; i < sources.length; i++) if (sources[i].names.has(name)) return sources[i];
    return undefined;
  }

  /** The first source that lists `name` with an empty value (and no source sets it). */
  findEmpty(name: string): VariableSource | undefined {
    if (this.find(name)) return undefined;
    for (const source of this.sources) if (source.empty?.has(name)) return source;
    return undefined;
  }

  /** Every known name, de-duplicated, for completion and typo suggestions. */
  allNames(): string[] {
    const names = new Set<string>();
    for (const source of this.sources) for (const name of source.names) names.add(name);
    return [...names].sort();
  }

  /** Names from every source except the process environment: the ones worth suggesting as typo fixes. */
  declaredNames(): string[] {
    const names = new Set<string>();
    for (const source of this.sources) if (source.kind !== 'process') for (const name of source.names) names.add(name);
    return [...names].sort();
  }

  /** The dotenv file a new `NAME=` line should go to: the first dotenv source (existing or not). */
  preferredEnvFile(): string | undefined {
    return this.sources.find((source) => source.kind === 'dotenv')?.path;
  }

  /** A sentence listing what was searched, e.g. "known names, .env (/a/.env, missing) and the process environment". */
  describeSearched(): string {
    const labels = this.sources.map((source) => (source.exists ? source.label : `${source.label}, ${unreadWords(source)}`));
    if (labels.length === 0) return 'no variable source';
    if (labels.length === 1) return labels[0];
    return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  }
}

/** "not found", or why a file that is there was not read ("not read: it is a FIFO (named pipe)"). */
export function unreadWords(source: VariableSource): string {
  return source.problem ? `not read: it ${source.problem}` : 'not found';
}

/** Names listed with an empty or blank value. */
export function namesWithoutValues(entries: Iterable<[string, unknown]>): Set<string> {
  const names = new Set<string>();
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || value.trim().length === 0) names.add(name);
  }
  return names;
}

/** The environment's names with a non-blank value. */
export function namesWithValues(entries: Iterable<[string, unknown]>): Set<string> {
  const names = new Set<string>();
  for (const [name, value] of entries) {
    if (typeof value === 'string' && value.trim().length > 0) names.add(name);
  }
  return names;
}
