/**
 * Where a message is read (SPEC §5): the editor names settings, never command-line flags; the
 * command line names flags, never settings. Rules phrase every "how to change this" through the
 * surface in the facts, so one rule serves both and neither ever names the other's controls.
 * Plain text only: diagnostic messages are not rendered as Markdown anywhere.
 */
export interface Surface {
  readonly id: 'editor' | 'cli';
  /** Where names declared known come from, as a variable source label ("mcpCatalog.knownVariables"). */
  readonly knownNames: string;
  /** An imperative for declaring one name known ("add X to mcpCatalog.knownVariables"). */
  declareKnown(name: string): string;
  /** An imperative for naming the roots index explicitly. */
  readonly nameRootsIndex: string;
  /** How the size limit is set, for the too-large message; undefined when it cannot be changed. */
  readonly maxFileSize?: string;
  /** How a fix that edits other files is applied ("quick fix", "mcp-catalog fix"). */
  readonly crossFileFix: string;
  /**
   * Whether a hover carries the longer explanation (SPEC §5): in the editor a message stays one
   * short Problems row; a terminal has no hover, so the message says it all.
   */
  readonly hasHover: boolean;
}

export const EDITOR_SURFACE: Surface = {
  id: 'editor',
  knownNames: 'mcpCatalog.knownVariables',
  declareKnown: (name) => `add ${name} to mcpCatalog.knownVariables`,
  nameRootsIndex: 'set mcpCatalog.rootsFiles',
  maxFileSize: 'mcpCatalog.maxFileSizeMB',
  crossFileFix: 'quick fix',
  hasHover: true,
};

export const CLI_SURFACE: Surface = {
  id: 'cli',
  knownNames: '--known',
  declareKnown: (name) => `pass --known ${name}`,
  nameRootsIndex: 'pass --roots FILE',
  crossFileFix: 'mcp-catalog fix',
  hasHover: false,
};
