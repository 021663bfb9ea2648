/**
 * SARIF's `artifactLocation.uri` (SARIF 2.1.0 §3.4.3, a URI or an RFC 3986 relative reference)
 * from a file path. Each path segment is percent-encoded whole, so a file named
 * `x#frag%2e-mcp.json` is `x%23frag%252e-mcp.json` — not a fragment, not an escaped dot — and a
 * space, `?`, `%`, a colon or any non-ASCII letter cannot make code scanning land on another file.
 * On Windows `\` separates segments; elsewhere it is a character of the name and is encoded.
 */

export type PathFlavour = 'posix' | 'win32';

/** RFC 3986 `segment`: everything but the unreserved characters encoded (`encodeURIComponent` also keeps `!'()*`, which are sub-delims). */
function segment(text: string): string {
  return encodeURIComponent(text);
}

function segments(filePath: string, flavour: PathFlavour): string[] {
  return filePath.split(flavour === 'win32' ? /[\\/]/ : '/');
}

/** A relative path as a relative reference; an absolute one as a `file:` URI. */
export function sarifUri(filePath: string, flavour: PathFlavour): string {
  if (flavour === 'win32') {
    const unc = /^[\\/]{2}([^\\/]+)[\\/](.*)$/.exec(filePath);
    if (unc) return `file://${segment(unc[1])}/${segments(unc[2], flavour).map(segment).join('/')}`;
    const drive = /^([A-Za-z]):[\\/](.*)$/.exec(filePath);
    if (drive) return `file:///${drive[1]}:/${segments(drive[2], flavour).map(segment).join('/')}`;
  } else if (filePath.startsWith('/')) {
    return `file://${segments(filePath, flavour).map(segment).join('/')}`;
  }
  return segments(filePath, flavour).map(segment).join('/');
}
