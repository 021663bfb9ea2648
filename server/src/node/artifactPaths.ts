import * as path from 'node:path';
import type { OtherIndexType } from '../service/artifacts';
import type { IndexKind } from '../service/classify';
import type { ArtifactPathTarget } from '../service/facts';
import { PATH_SHAPES } from '../service/rules/artifactPaths';
import type { SideRead } from './sideFiles';

/** Answers remembered per facts; past this the probe still answers, without remembering. */
const MEMO_LIMIT = 10_000;

/**
 * What an artifact's `path` points at (SPEC §12), for rules/artifactPaths.ts: resolved against the
 * index file's folder and read through the side-file policy (`read`: node/sideFiles.ts), so a
 * path whose real path leaves the workspace is refused, never followed. Only the marker file a
 * folder must hold is opened (`PATH_SHAPES`); a HOOK.json's text is kept for its check. Each path
 * read is added to `dependencies`, so creating the file re-checks the index. Undefined for an
 * index type without paths; the caller passes nothing in a restricted workspace.
 */
export function artifactPathProbe(
  indexPath: string,
  kind: IndexKind,
  read: (file: string) => SideRead,
  dependencies: string[],
): { get(written: string): ArtifactPathTarget | undefined } | undefined {
  const shape = PATH_SHAPES[kind as OtherIndexType];
  if (!shape) return undefined;
  const folder = path.dirname(indexPath);
  const memo = new Map<string, ArtifactPathTarget>();
  return {
    get(written) {
      const known = memo.get(written);
      if (known) return known;
      const target = probe(path.resolve(folder, written), shape.marker, read, dependencies);
      if (memo.size < MEMO_LIMIT) memo.set(written, target);
      return target;
    },
  };
}

function probe(file: string, marker: string | undefined, read: (file: string) => SideRead, dependencies: string[]): ArtifactPathTarget {
  dependencies.push(file);
  const found = read(file);
  if ('text' in found) return { found: 'file' };
  if (found.missing) return { found: 'missing' };
  if (found.refused !== 'is a folder') return { found: 'refused', reason: found.refused };
  if (!marker) return { found: 'folder' };
  const markerFile = path.join(file, marker);
  dependencies.push(markerFile);
  const inside = read(markerFile);
  return { found: 'folder', marker: 'text' in inside ? { found: true, text: marker === 'HOOK.json' ? inside.text : undefined } : { found: false } };
}
