import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Writes a file the user asked to change (`fix`, `--write-baseline`) through a temporary file in
 * the same folder and a rename, so an interrupted write never leaves half a catalog (SPEC §8).
 */
export function writeTextFile(filePath: string, text: string): void {
  const temporary = path.join(path.dirname(filePath), `.${path.basename(filePath)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, text);
  try {
    fs.renameSync(temporary, filePath);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
