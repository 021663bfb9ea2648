import { AIR_ARTIFACT_TYPES, type AirArtifactType, type AirFacts, type CatalogFile } from '../facts';
import type { Finding, RelatedLocation } from '../findings';
import { effectiveProperties, getProperty, propertyKey, propertyValue, type JsonNode, type ParsedJson } from '../parse';
import { nodeSpan } from '../rules/rule';
import { closestNames } from '../suggestions';
import { describeValue } from '../text';
import { compileExcludePattern, LOCAL_SCOPE } from './exclude';

/**
 * air.json awareness (issue 8): the paths of its `mcp` and `roots` arrays must point at files
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
      message: `An air.json must be a JSON object, not ${root.type === 'array' ? 'an array' : root.type === 'null' ? 'null' : `a ${root.type}`}.`,
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
      message: `\`${key}\` must be an array of paths to ${what} files, not ${describeValue(value.value ?? value.type)}.`,
      ...nodeSpan(value),
      data: { path: [key] },
    });
    return;
  }
  (value.children ?? []).forEach((item, index) => {
    if (item.type !== 'string') {
      report({ code: 'invalid-value', message: `Each \`${key}\` item must be a path string.`, ...nodeSpan(item), data: { path: [key, index] } });
      return;
    }
    const written = item.value as string;
    if (REMOTE_SOURCE.test(written)) return;
    const found = facts?.paths.get(written);
    if (!found || found.found === 'file') return;
    const code = key === 'mcp' ? 'catalog-not-found' : 'roots-not-found';
    if (found.found === 'folder') {
      report({
        code,
        severity: 'error',
        message: `"${written}" is a folder, not a ${what} file: AIR fails reading it. Name the JSON file (or list the folder under \`catalogs\`, which AIR searches).`,
        ...nodeSpan(item),
        data: { path: [key, index], resolved: found.path },
      });
      return;
    }
    report({
      code,
      severity: 'warning',
      message: `"${written}" does not exist (${found.path}): AIR reads a missing ${what} as empty, so nothing from it is composed${key === 'mcp' ? ' and its servers are silently missing from every session' : ' and no root gets its default servers from it'}.`,
      ...nodeSpan(item),
      data: { path: [key, index], resolved: found.path },
    });
  });
}

function checkExclude(value: JsonNode, facts: AirFacts | undefined, report: Report): void {
  if (value.type === 'array') {
    report({
      code: 'invalid-value',
      message: 'AIR rejects the flat-array form of `exclude`: key the patterns by artifact type, e.g. `"exclude": {"mcp": ["@local/name"]}`.',
      ...nodeSpan(value),
      data: { path: ['exclude'] },
    });
    return;
  }
  if (value.type !== 'object') {
    report({ code: 'invalid-value', message: '`exclude` must be an object of artifact type → patterns.', ...nodeSpan(value), data: { path: ['exclude'] } });
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
        message: `"${type}" is not an artifact type: \`exclude\` takes ${AIR_ARTIFACT_TYPES.map((t) => `\`${t}\``).join(', ')}.${close.length ? ` Did you mean \`${close[0]}\`?` : ''}`,
        ...nodeSpan(keyNode),
        data: { path: ['exclude', type], candidates: close },
      });
      continue;
    }
    const list = propertyValue(property);
    if (!list) continue;
    if (list.type !== 'array') {
      report({ code: 'invalid-value', message: `\`exclude.${type}\` must be an array of qualified IDs (\`@scope/id\`).`, ...nodeSpan(list), data: { path: ['exclude', type] } });
      continue;
    }
    (list.children ?? []).forEach((item, index) => {
      const path = ['exclude', type, index];
      const pattern = item.type === 'string' ? compileExcludePattern(item.value as string) : undefined;
      if (!pattern) {
        report({
          code: 'invalid-value',
          message: `An \`exclude\` item must be a qualified ID \`@scope/id\` (\`*\` matches within one segment), not ${describeValue(item.value ?? item.type)}.`,
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
          message: `"${written}" may match ${type} from a remote source or a \`catalogs\` folder, which cannot be resolved offline (reported once per file).`,
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
        message: `"${written}" excludes nothing: no ${what} composed by this air.json matches it${pattern.couldBeLocal ? '' : ` (they are all \`@${LOCAL_SCOPE}/…\`)`}. AIR warns and ignores it.${candidates.length ? ` Did you mean ${candidates.map((c) => `"@local/${c}"`).join(' or ')}?` : ''}`,
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
        message: `"${written}" is listed twice: every one of its servers would be defined twice as \`@local/<name>\`, so AIR refuses to load this air.json. Remove one listing.`,
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
        related.push({ path: file.path, ...server.span, message: `"${name}" in ${written}` });
        related.push({ path: earlier.file.path, ...earlier.file.servers.get(name)!.span, message: `"${name}" in ${earlier.written}` });
      }
    }
    if (duplicates.length === 0) return;
    const shown = duplicates.slice(0, 5).map((name) => `"${name}"`);
    const more = duplicates.length > shown.length ? ` and ${duplicates.length - shown.length} more` : '';
    report({
      code: 'duplicate-server',
      message: `${shown.join(', ')}${more} ${duplicates.length === 1 ? 'is' : 'are'} also defined in an earlier catalog of \`mcp\`: both are \`@local/<name>\`, so AIR refuses to load this air.json. Rename or remove one of each pair.`,
      ...nodeSpan(item),
      data: { path: ['mcp', index], names: duplicates, airPath },
      related,
    });
  });
}
