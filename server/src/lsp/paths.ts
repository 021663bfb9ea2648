import { fileURLToPath, pathToFileURL } from 'node:url';

/** A document URI's file path, or undefined for non-file schemes (untitled, virtual documents). */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export function pathToUri(filePath: string): string {
  return pathToFileURL(filePath).href;
}
