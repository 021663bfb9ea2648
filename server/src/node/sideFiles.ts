import * as path from 'node:path';
import type { FileReader, RealPath } from '../files/fileAccess';
import { isVariableSourceName } from '../../../shared/src/variableFiles';

export { isVariableSourceName };

/**
 * Which side files may be read (SPEC §8: a repository you do not trust). A catalog, an air.json or
 * a setting of the repository names other files — roots indexes, catalogs, dotenv files. Those
 * found by discovery must resolve (after following symlinks) inside the workspace folders, or on
 * the command line below the current directory; only a file the user names explicitly (a user
 * setting, a flag) may lie elsewhere. In a restricted workspace nothing that holds variable names
 * — a dotenv file, a secrets file, the process environment — is read through any path, whatever
 * role a catalog or air.json gives it, and whatever the setting that names it.
 */

export interface SidePolicyOptions {
  /** The folders discovered side files must resolve inside; empty: no containment (tests, tools). */
  containment: readonly string[];
  /** How that place is named in refusals: "the workspace", "the current directory". */
  containmentLabel: string;
}

export interface SideRequest {
  /** Named by the user in a setting or flag: exempt from containment while the workspace is trusted. */
  explicit?: boolean;
  trusted: boolean;
  /** Files that are variable sources by configuration (the secrets file, explicit env files): never read as anything while restricted. */
  variableFiles?: readonly string[];
}

export type SideRead = { text: string } | { refused: string; missing?: boolean };

export class SideFiles {
  private realContainment: string[] | undefined;

  constructor(
    readonly files: FileReader,
    private readonly options: SidePolicyOptions,
  ) {}

  get containmentLabel(): string {
    return this.options.containmentLabel;
  }

  /** Inside the containment folders (lexically); true when there is no containment. */
  contains(filePath: string): boolean {
    if (this.options.containment.length === 0) return true;
    const resolved = path.resolve(filePath);
    return (
      this.containment().some((folder) => isInside(resolved, folder)) || this.options.containment.some((folder) => isInside(resolved, path.resolve(folder)))
    );
  }

  /** Why this file may not be read for this request, or undefined when it may. Never opens the file. */
  refusal(filePath: string, request: SideRequest): SideRead | undefined {
    const lexical = path.resolve(filePath);
    const resolved = this.realPath(lexical);
    if ('refused' in resolved) return resolved;
    const { real } = resolved;
    if (!request.trusted) {
      const configured = (request.variableFiles ?? []).map((file) => path.resolve(file));
      if (isVariableSourceName(lexical) || isVariableSourceName(real) || configured.includes(lexical) || configured.includes(real)) {
        return { refused: 'holds variables (a dotenv or secrets file), which a restricted workspace does not read' };
      }
    }
    const exempt = request.explicit === true && request.trusted;
    if (!exempt && this.options.containment.length > 0) {
      const inside = this.containment().some((folder) => isInside(real, folder));
      if (!inside) return { refused: `is outside ${this.options.containmentLabel}${real !== lexical ? ` (it links to ${real})` : ''}` };
    }
    return undefined;
  }

  /**
   * Why a file or folder that discovery found, an air.json named or the user named as a target
   * must not be read: its real path (after following symbolic links) leaves the containment. The
   * words never say where a link points. Undefined when it may be read, or when the reader will
   * say why not (missing, a loop).
   */
  outside(filePath: string): string | undefined {
    if (this.options.containment.length === 0) return undefined;
    const lexical = path.resolve(filePath);
    const resolved = this.realPath(lexical);
    if ('refused' in resolved || this.containment().some((folder) => isInside(resolved.real, folder))) return undefined;
    return resolved.real !== lexical && this.contains(lexical)
      ? `links outside ${this.options.containmentLabel}`
      : `is outside ${this.options.containmentLabel}`;
  }

  /** The file's text under the policy, or why it was not read. */
  read(filePath: string, request: SideRequest): SideRead {
    const refused = this.refusal(filePath, request);
    if (refused) return refused;
    const text = this.files.read(filePath);
    if (text !== undefined) return { text };
    const why = this.files.refusal?.(filePath);
    return why === undefined || why === 'does not exist' ? { refused: 'does not exist', missing: true } : { refused: why };
  }

  /** The path with every symbolic link followed (through the reader: the file-access seam). */
  private realPath(lexical: string): RealPath {
    return this.files.realPath(lexical);
  }

  private containment(): string[] {
    if (!this.realContainment) {
      this.realContainment = this.options.containment.map((folder) => {
        const resolved = this.files.realPath(folder);
        return path.resolve('real' in resolved ? resolved.real : folder);
      });
    }
    return this.realContainment;
  }
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
