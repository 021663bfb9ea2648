import { AIR_ARTIFACT_TYPES, type AirArtifactType, type AirFacts, type CatalogFile } from '../facts';
import type { Finding, RelatedLocation } from '../findings';
import { effectiveProperties, getProperty, propertyKey, propertyValue, type JsonNode, type ParsedJson } from '../parse';
import { nodeSpan } from '../rules/rule';
import { closestNames } from '../suggestions';
import { clip, describeValue, quoted } from '../text';
import { compileExcludePattern, LOCAL_SCOPE } from './exclude';

/**
 * air.json awareness: the paths of its `mcp` and `roots` arrays must point at files
 * (AIR reads a missing one as empty and silently composes nothing from it), one server name may
 * not come from two of its catalogs (`duplicate-server`: AIR refuses to compose), and every
 * `exclude` pattern should match something (AIR warns about the ones that do not).
 *
 * No new codes: a missing catalog is `catalog-not-found`, a missing roots index `roots-not-found`
 * (both warnings here, where the path is written down), and an `exclude` of `mcp` or `roots` that
 * matches nothing is `undefined-server` / `undefined-root` (warnings, as AIR reports them). Pure:
 * what exists on disk arrives as facts.
 */

/** AIR reads these per-type arrays with its catalog providers; any `scheme://` is remote. */
const REMOTE_SOURCE = /^[a-z][a-z0-9+.-]*:\/\//i;

export function checkAirJson(parsed: ParsedJson, facts: AirFacts | undefined, airPath: string | undefined): Finding[] {
  const root = parsed.root;
  const findings: Finding[] = [];
  if (!root) return findings;
  if (root.type !== 'object') {
    findings.push({
      code: 'not-an-object',
      message: `This air.json is ${root.type === 'array' ? 'an array' : root.type === 'null' ? 'null' : `a ${root.type}`}, not an object, so AIR composes nothing from it.`,
      start: root.offset,
      end: root.type === 'array' ? root.offset + 1 : root.offset + root.length,
      data: { path: [] },
    });
    return findings;
  }
  const report = (finding: Finding): void => {
    findings.push(finding);
  };
  for (const property of effectiveProperties(root)) {
    const key = propertyKey(property);
    const value = propertyValue(property);
    if (!value) continue;
    if (key === 'mcp' || key === 'roots') checkPaths(key, value, facts, report);
    if (key === 'exclude') checkExclude(value, facts, report);
  }
  const mcp = propertyValue(getProperty(root, 'mcp'));
  if (mcp?.type === 'array' && facts) checkDuplicateServers(mcp, facts, airPath, report);
  return findings;
}

type Report = (finding: Finding) => void;

function checkPaths(key: 'mcp' | 'roots', value: JsonNode, facts: AirFacts | undefined, report: Report): void {
  const what = key === 'mcp' ? 'catalog' : 'roots index';
  if (value.type !== 'array') {
    report({
      code: 'invalid-value',
      message: `${key} is ${describeValue(value.value ?? value.type)}, not an array of ${what} file paths, so AIR rejects the air.json.`,
      ...nodeSpan(value),
      data: { path: [key] },
    });
    return;
  }
  (value.children ?? []).forEach((item, index) => {
    if (item.type !== 'string') {
      report({
        code: 'invalid-value',
        message: `A ${key} item is not a path string, so AIR rejects the air.json.`,
        ...nodeSpan(item),
        data: { path: [key, index] },
      });
      return;
    }
    const written = item.value as string;
    if (REMOTE_SOURCE.test(written)) return;
    const found = facts?.paths.get(written);
    if (!found || found.found === 'file') return;
    const code = key === 'mcp' ? 'catalog-not-found' : 'roots-not-found';
    if (found.found === 'refused') {
      report({
        code,
        severity: 'warning',
        message: `${quoted(written)} was not read: it ${found.reason ?? 'cannot be read'} (${found.path}). Nothing from it is checked here${key === 'mcp' ? ', and its servers are not compared with the other catalogs' : ''}.`,
        ...nodeSpan(item),
        data: { path: [key, index], resolved: found.path },
      });
      return;
    }
    if (found.found === 'folder') {
      report({
        code,
        severity: 'error',
        message: `${quoted(written)} is a folder, not a ${what} file, so AIR fails reading it. Name the JSON file, or list the folder under catalogs.`,
        ...nodeSpan(item),
        data: { path: [key, index], resolved: found.path },
      });
      return;
    }
    report({
      code,
      severity: 'warning',
      message: `${quoted(written)} does not exist, so AIR silently composes nothing from it. ${key === 'mcp' ? 'Its servers are missing from every session' : 'No root gets its default servers from it'}; looked for ${found.path}.`,
      ...nodeSpan(item),
      data: { path: [key, index], resolved: found.path },
    });
  });
}

function checkExclude(value: JsonNode, facts: AirFacts | undefined, report: Report): void {
  if (value.type === 'array') {
    report({
      code: 'invalid-value',
      message: 'exclude is a flat array, which AIR rejects: key the patterns by artifact type, like {"mcp": ["@local/name"]}.',
      ...nodeSpan(value),
      data: { path: ['exclude'] },
    });
    return;
  }
  if (value.type !== 'object') {
    report({
      code: 'invalid-value',
      message: 'exclude is not an object of artifact type → patterns, so AIR rejects the air.json.',
      ...nodeSpan(value),
      data: { path: ['exclude'] },
    });
    return;
  }
  let notCheckedReported = false;
  for (const property of effectiveProperties(value)) {
    const type = propertyKey(property);
    const keyNode = property.children![0];
    if (!(AIR_ARTIFACT_TYPES as readonly string[]).includes(type)) {
      const close = closestNames(type, AIR_ARTIFACT_TYPES, 1);
      report({
        code: 'invalid-value',
        message: `${quoted(type)} is not an artifact type, so AIR rejects this exclude.${close.length ? ` Did you mean ${quoted(close[0])}?` : ''} It takes ${AIR_ARTIFACT_TYPES.join(', ')}.`,
        ...nodeSpan(keyNode),
        data: { path: ['exclude', type], candidates: close },
      });
      continue;
    }
    const list = propertyValue(property);
    if (!list) continue;
    if (list.type !== 'array') {
      report({
        code: 'invalid-value',
        message: `exclude.${clip(type)} is not an array of qualified IDs (@scope/id), so AIR rejects the air.json.`,
        ...nodeSpan(list),
        data: { path: ['exclude', type] },
      });
      continue;
    }
    (list.children ?? []).forEach((item, index) => {
      const path = ['exclude', type, index];
      const pattern = item.type === 'string' ? compileExcludePattern(item.value as string) : undefined;
      if (!pattern) {
        report({
          code: 'invalid-value',
          message: `exclude item ${describeValue(item.value ?? item.type)} is not a qualified ID, so AIR rejects it. Write @scope/id (* matches within one segment).`,
          ...nodeSpan(item),
          data: { path },
        });
        return;
      }
      const written = item.value as string;
      const artifacts = facts?.artifacts[type as AirArtifactType];
      // Only the types this extension models have a code for "names nothing".
      if (!artifacts || (type !== 'mcp' && type !== 'roots')) return;
      if ([...artifacts.names].some((name) => pattern.matchesLocal(name))) return;
      if (!artifacts.complete) {
        if (notCheckedReported) return;
        notCheckedReported = true;
        report({
          code: 'reference-not-checked',
          message: `${quoted(written)} may match ${type} from a remote source or catalogs folder, unchecked offline. Said once per file.`,
          ...nodeSpan(item),
          data: { path },
        });
        return;
      }
      const bare = /^@local\/([^*/]+)$/.exec(written)?.[1];
      const candidates = bare !== undefined ? closestNames(bare, artifacts.names, 3) : [];
      const what = type === 'mcp' ? 'server' : 'root';
      report({
        code: type === 'mcp' ? 'undefined-server' : 'undefined-root',
        severity: 'warning',
        message: `${quoted(written)} excludes nothing, so AIR warns and ignores it.${candidates.length ? ` Did you mean ${candidates.map((c) => `"@local/${c}"`).join(' or ')}?` : ''} No ${what} composed by this air.json matches it${pattern.couldBeLocal ? '' : ` (they are all @${LOCAL_SCOPE}/…)`}.`,
        ...nodeSpan(item),
        data: { path, name: bare, candidates },
      });
    });
  }
}

/** One finding per `mcp` item whose catalog repeats a server name of an earlier one. */
function checkDuplicateServers(mcp: JsonNode, facts: AirFacts, airPath: string | undefined, report: Report): void {
  const seen = new Map<string, { file: CatalogFile; written: string }>();
  const seenPaths = new Set<string>();
  (mcp.children ?? []).forEach((item, index) => {
    if (item.type !== 'string') return;
    const written = item.value as string;
    const file = facts.catalogs.get(written);
    if (!file) return;
    if (seenPaths.has(file.path)) {
      report({
        code: 'duplicate-server',
        message: `${quoted(written)} is listed twice, so its servers are defined twice and AIR refuses to load this air.json. Remove one.`,
        ...nodeSpan(item),
        data: { path: ['mcp', index], names: [...file.servers.keys()] },
      });
      return;
    }
    seenPaths.add(file.path);
    const duplicates: string[] = [];
    const related: RelatedLocation[] = [];
    for (const [name, server] of file.servers) {
      const earlier = seen.get(name);
      if (!earlier) {
        seen.set(name, { file, written });
        continue;
      }
      duplicates.push(name);
      if (related.length < 20) {
        related.push({ path: file.path, ...server.span, message: `${quoted(name)} in ${written}` });
        related.push({ path: earlier.file.path, ...earlier.file.servers.get(name)!.span, message: `${quoted(name)} in ${earlier.written}` });
      }
    }
    if (duplicates.length === 0) return;
    const shown = duplicates.slice(0, 5).map((name) => quoted(name));
    const more = duplicates.length > shown.length ? ` and ${duplicates.length - shown.length} more` : '';
    report({
      code: 'duplicate-server',
      message: `${duplicates.length === 1 ? 'A server is' : `${duplicates.length} servers are`} also in an earlier catalog of mcp, so AIR refuses to load this air.json. Rename or remove one of each pair: ${shown.join(', ')}${more}.`,
      ...nodeSpan(item),
      data: { path: ['mcp', index], names: duplicates, airPath },
      related,
    });
  });
}
