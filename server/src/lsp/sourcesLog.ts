import * as path from 'node:path';
import type { Analysis } from './analysis';

/**
 * The files a document's check reads besides itself — its roots index (or catalogs), the air.json
 * composing it, the env and secrets files — as one log line, so a maintainer can see in the output
 * channel why a root or a variable counts as defined. Names and paths only: the variable index
 * holds no value, and nothing here reads one.
 */
export function describeSources(analysis: Analysis): string {
  const facts = analysis.facts;
  const parts: string[] = [];
  const files = (paths: string[]): string => paths.map((file) => path.basename(file)).join(', ') || 'none readable';
  if (analysis.kind === 'catalog') {
    parts.push(
      facts.roots
        ? `roots index ${files(facts.roots.files.map((file) => file.path))} (${facts.roots.via === 'explicit' ? 'from settings' : `via ${facts.roots.via}`})`
        : `no roots index (searched ${facts.rootsSearch ?? 'nowhere'})`,
    );
    if (facts.composition) parts.push(`composed by ${facts.composition.airPath}`);
  } else if (analysis.kind === 'roots') {
    parts.push(
      facts.catalogs
        ? `catalogs ${files(facts.catalogs.files.map((file) => file.path))} (${facts.catalogs.via === 'explicit' ? 'from settings' : `via ${facts.catalogs.via}`})`
        : 'no catalog found',
    );
  } else {
    parts.push('an air.json');
  }
  if (analysis.kind !== 'air') {
    const variables = facts.variables;
    const sources = variables.sources.map((source) => {
      if (source.kind === 'dotenv') return `env file ${source.path ?? source.label}${source.exists ? '' : ' (not found)'}`;
      if (source.kind === 'secrets') return `${source.label}${source.exists ? '' : ' (not found)'}`;
      return source.label;
    });
    parts.push(
      `variables from ${sources.length ? sources.join(', ') : 'no source'}${variables.skipped.length ? `; not read: ${variables.skipped.join(', ')}` : ''}`,
    );
  }
  return `${path.basename(analysis.filePath ?? analysis.uri)} (${analysis.kind}): ${parts.join('; ')}.`;
}

/** Logs each document's sources when it is first analysed and whenever they change. */
export class SourcesLog {
  private readonly logged = new Map<string, string>();

  constructor(private readonly log: (message: string) => void) {}

  analysed(analysis: Analysis): void {
    const line = describeSources(analysis);
    if (this.logged.get(analysis.uri) === line) return;
    this.logged.set(analysis.uri, line);
    this.log(line);
  }

  forget(uri: string): void {
    this.logged.delete(uri);
  }
}
