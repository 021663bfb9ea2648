import type { Code, Severity } from './codes';

/** A JSON path into a document: property names and array indices. */
export type JsonPath = (string | number)[];

/**
 * What a quick fix needs, carried on the diagnostic (DESIGN: never parse the message).
 * `path` locates the offending node in the current tree; the other fields are per code.
 */
export interface FindingData {
  path?: JsonPath;
  [key: string]: unknown;
}

/** A location in another file (or this one), offsets into that file's text. */
export interface RelatedLocation {
  /** Absolute file path; undefined means the document being checked. */
  path?: string;
  start: number;
  end: number;
  message: string;
}

/**
 * One problem found by the engine, still in UTF-16 offsets of the document text.
 * Converted to LSP positions only at the edge (server, CLI).
 */
export interface Finding {
  code: Code;
  /** The severity before user overrides; undefined means the code's default. */
  severity?: Severity;
  message: string;
  start: number;
  end: number;
  data?: FindingData;
  related?: RelatedLocation[];
}

/** A finding after user severity settings: `off` findings are gone. */
export interface ResolvedFinding extends Finding {
  severity: Severity;
}
