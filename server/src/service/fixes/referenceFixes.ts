import { swapNameToken } from '../classify';
import type { Finding } from '../findings';
import { AIR_ROOTS_SCHEMA_URL } from '../../../../shared/src/airSchemas';
import { field, indexEntries, parseServerReference, ROOT_NAME_PATTERN, stringItems } from '../model';
import { getProperty, parseJson, type JsonNode } from '../parse';
import { insertProperty, objectLayout, replaceNode, type ObjectLayout } from './jsonEdits';
import { valueAt } from './locate';
import { titlePath, proposal } from './proposal';
import { fileName } from '../text';
import type { FixContext, FixProposal } from './types';
import { quoted } from '../text';

/** Fixes for references between indexes (SPEC §4.4, §12). */

/** Replace a reference with each close name, keeping an `@local/` prefix as written. */
function renameReference(finding: Finding, context: FixContext): { fixes: FixProposal[]; node: JsonNode; name: string } | undefined {
  const name = finding.data?.name;
  const node = valueAt(context.parsed.root, finding);
  if (typeof name !== 'string' || !node || node.type !== 'string') return undefined;
  const value = node.value as string;
  if (!value.endsWith(name)) return undefined;
  const prefix = value.slice(0, value.length - name.length);
  const candidates = (Array.isArray(finding.data?.candidates) ? finding.data.candidates : []).filter(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== name,
  );
  const fixes = candidates.map((candidate, index) =>
    proposal(`Change to "${prefix}${candidate}"`, [replaceNode(node, JSON.stringify(prefix + candidate))], { preferred: index === 0 }),
  );
  return { fixes, node, name };
}

/** The closest root name; or a skeleton root entry added to the roots index. */
export function fixUndefinedRoot(finding: Finding, context: FixContext): FixProposal[] {
  const renamed = renameReference(finding, context);
  if (!renamed) return [];
  const { fixes, name } = renamed;
  const addRoot = addRootEntry(name, finding.data?.rootsFile, context);
  if (addRoot) {
    addRoot.isPreferred = fixes.length === 0;
    fixes.push(addRoot);
  }
  return fixes;
}

/** The closest ID of the type it names (a server, skill, hook, plugin or reference), or each scope's qualified ID of an ambiguous one. */
export function fixUndefinedId(finding: Finding, context: FixContext): FixProposal[] {
  return renameReference(finding, context)?.fixes ?? [];
}

/**
 * `"name": { "description": "…" }` as the last entry of the roots index, laid out like its other
 * entries. The roots index is this document itself when a root names another root of its index.
 */
function addRootEntry(name: string, rootsFile: unknown, context: FixContext): FixProposal | undefined {
  if (!ROOT_NAME_PATTERN.test(name)) return undefined;
  const documentPath = context.facts.documentPath;
  const inThisDocument = context.kind === 'roots' && (rootsFile === undefined || rootsFile === '' || rootsFile === documentPath);
  let text: string;
  let root: JsonNode | undefined;
  if (inThisDocument) {
    text = context.text;
    root = context.parsed.root;
  } else {
    if (typeof rootsFile !== 'string' || !rootsFile || !context.readFile) return undefined;
    const read = context.readFile(rootsFile);
    if (read === undefined) return undefined;
    text = read;
    const parsed = parseJson(text);
    if (parsed.findings.some((finding) => finding.code === 'json-syntax')) return undefined;
    root = parsed.root;
  }
  if (root?.type !== 'object' || getProperty(root, name)) return undefined;
  const entries = indexEntries(root);
  const lastEntry = entries[entries.length - 1]?.property;
  const anchor = lastEntry ?? (root.children ?? []).filter((child) => child.children && child.children.length >= 2).pop();
  const edit = insertProperty(text, root, anchor ?? undefined, (layout) => rootMember(name, layout));
  if (!edit) return undefined;
  const title = `Add root ${quoted(name)} to ${inThisDocument ? 'this roots index' : titlePath(context, rootsFile as string)}`;
  return inThisDocument ? proposal(title, [edit]) : proposal(title, [], { files: [{ path: rootsFile as string, edits: [edit] }] });
}

/** A skeleton root: its required `description` (SPEC §4.4: 1–500 characters) as a placeholder to replace. */
function rootMember(name: string, layout: ObjectLayout): string {
  const key = JSON.stringify(name);
  const description = '"description": "TODO: describe this root"';
  if (!layout.multiline) return `${key}: { ${description} }`;
  return `${key}: {${layout.lineBreak}${layout.memberIndent}${layout.unit}${description}${layout.lineBreak}${layout.memberIndent}}`;
}

/**
 * No roots index at all (SPEC §4.4): a new sibling roots index (SPEC §10's name: `mcp.json` →
 * `roots.json`) holding a skeleton root for every local name the catalog's `default_in_roots`
 * use, laid out like the catalog. Only when nothing was found (a configured or composed index that
 * could not be read is not replaced), and never over an existing file (the edit creates it with
 * ignoreIfExists); the shell refuses it outside the workspace (SPEC §8). Not in fix-all: it
 * creates a file.
 */
export function fixRootsNotFound(_finding: Finding, context: FixContext): FixProposal[] {
  const documentPath = context.facts.documentPath;
  const root = context.parsed.root;
  if (context.kind !== 'catalog' || context.facts.roots || !documentPath || !context.readFile || root?.type !== 'object') return [];
  const names = rootNamesUsed(root);
  if (names.length === 0) return [];
  const catalogName = fileName(documentPath);
  const rootsPath = documentPath.slice(0, documentPath.length - catalogName.length) + (swapNameToken(catalogName, 'mcp', 'roots') ?? 'roots.json');
  if (context.readFile(rootsPath) !== undefined) return [];
  const layout = objectLayout(context.text, root);
  const members = [
    ...(getProperty(root, '$schema') ? [`"$schema": ${JSON.stringify(AIR_ROOTS_SCHEMA_URL)}`] : []),
    ...names.map((name) => rootMember(name, layout)),
  ];
  const text = layout.multiline
    ? `{${layout.lineBreak}${members.map((member) => layout.memberIndent + member).join(`,${layout.lineBreak}`)}${layout.lineBreak}}${layout.lineBreak}`
    : `{ ${members.join(', ')} }${layout.lineBreak}`;
  const listed = names
    .slice(0, 3)
    .map((name) => quoted(name))
    .join(', ');
  const title = `Create ${titlePath(context, rootsPath)} with ${listed}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
  return [proposal(title, [], { files: [{ path: rootsPath, create: true, edits: [{ start: 0, end: 0, newText: text }] }] })];
}

/** Every local root name the entries' `default_in_roots` use, in order of first use (`"*"` names none). */
function rootNamesUsed(root: JsonNode): string[] {
  const names = new Set<string>();
  for (const entry of indexEntries(root)) {
    for (const item of stringItems(field(entry, 'default_in_roots')?.valueNode)) {
      const reference = parseServerReference(item.value);
      if (reference.kind === 'local' && reference.name !== '*' && ROOT_NAME_PATTERN.test(reference.name)) names.add(reference.name);
    }
  }
  return [...names];
}
