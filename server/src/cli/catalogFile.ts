import * as path from 'node:path';
import { fileSize, MAX_SIDE_FILE } from '../node/files';
import { discoverIndexFiles } from '../node/discovery';
import type { Workspace } from '../node/workspace';
import { UsageError } from './args';
import { displayPath } from './config';
import type { CliContext } from './targets';

/** A catalog named on the command line, read once, with the workspace that discovers its sources. */
export interface CatalogFile {
  given: string;
  absolute: string;
  text: string;
  workspace: Workspace;
}

/**
 * The one-catalog prologue of `readiness` and `preview`: exactly one FILE, or a directory holding
 * exactly one catalog (found as `check` finds it), readable (else exit 2 with a message), and not
 * a roots index.
 */
export function readCatalogArgument(positional: readonly string[], context: CliContext, command: string): CatalogFile | number {
  const { io, reader, workspace } = context;
  if (positional.length !== 1) throw new UsageError(positional.length === 0 ? 'no FILE given' : 'give exactly one catalog FILE');
  let [given] = positional;
  let absolute = path.resolve(io.cwd, given);
  if (context.tree.entries(absolute) !== undefined) {
    const catalogs = discoverIndexFiles(absolute, context.tree, { classify: (file) => workspace.classify(file), config: context.config }).filter(
      (file) => workspace.classify(file) === 'catalog',
    );
    if (catalogs.length === 0) {
      io.stderr(`mcp-catalog ${command}: no catalog found in ${given}; name the catalog FILE\n`);
      return 2;
    }
    if (catalogs.length > 1) throw new UsageError(`${given} holds ${catalogs.length} catalogs (${catalogs.map((file) => displayPath(io.cwd, file)).join(', ')}); name one`);
    absolute = catalogs[0];
    given = displayPath(io.cwd, absolute);
  }
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
