import * as path from 'node:path';
import { CachingReader, diskReader, fileSize, MAX_SIDE_FILE } from '../node/files';
import { Workspace } from '../node/workspace';
import { UsageError } from './args';
import type { CliIo } from './io';

/** A catalog named on the command line, read once, with the workspace that discovers its sources. */
export interface CatalogFile {
  given: string;
  absolute: string;
  text: string;
  workspace: Workspace;
}

/**
 * The one-catalog prologue of `readiness` and `preview`: exactly one FILE, readable (else exit 2
 * with a message), and not a roots index.
 */
export function readCatalogArgument(positional: readonly string[], io: CliIo, command: string): CatalogFile | number {
  if (positional.length !== 1) throw new UsageError(positional.length === 0 ? 'no FILE given' : 'give exactly one catalog FILE');
  const [given] = positional;
  const reader = new CachingReader(diskReader);
  const workspace = new Workspace(reader, { workspaceRoot: io.cwd, env: io.env });
  const absolute = path.resolve(io.cwd, given);
  const text = reader.read(absolute);
  if (text === undefined) {
    const size = fileSize(absolute);
    const why = size !== undefined && size > MAX_SIDE_FILE ? `: it is ${(size / 1048576).toFixed(1)} MB, over the ${MAX_SIDE_FILE / 1048576} MB limit` : '';
    io.stderr(`mcp-catalog ${command}: cannot read ${given}${why}\n`);
    return 2;
  }
  if (workspace.classify(absolute, text) === 'roots') throw new UsageError(`${given} is a roots index; give the catalog (mcp.json) that uses it`);
  return { given, absolute, text, workspace };
}
