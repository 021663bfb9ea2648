import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * A program found on PATH as an absolute path, so the product never runs one by bare name: a bare
 * name is looked up in the working directory first on Windows (`CreateProcess`), and through a
 * `.`, empty or relative PATH entry on every system — in a checked-out repository, that is code
 * the repository chose. Such entries are skipped; only absolute directories are searched, in
 * order, for a regular file we may execute (on Windows, `NAME.exe`: a `.cmd` would need a shell).
 */
export function findOnPath(name: string, pathValue: string | undefined, platform: NodeJS.Platform = process.platform): string | undefined {
  const names = platform === 'win32' ? [`${name}.exe`] : [name];
  const pathModule = platform === 'win32' ? path.win32 : path.posix;
  for (const dir of (pathValue ?? '').split(platform === 'win32' ? ';' : ':')) {
    // A quoted entry (`"C:\Program Files\Git\cmd"`) is how Windows writes one with a `;`-free space.
    const unquoted = dir.replace(/^"(.*)"$/, '$1');
    if (!pathModule.isAbsolute(unquoted)) continue;
    for (const candidate of names) {
      const file = pathModule.join(unquoted, candidate);
      if (isExecutableFile(file, platform)) return file;
    }
  }
  return undefined;
}

function isExecutableFile(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
