import type { Finding } from '../findings';
import { indexEntries, ROOT_NAME_PATTERN } from '../model';
import { getProperty, parseJson, type JsonNode } from '../parse';
import { insertProperty, replaceNode } from './jsonEdits';
import { valueAt } from './locate';
import { titlePath, proposal } from './proposal';
import type { FixContext, FixProposal } from './types';

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
  const edit = insertProperty(text, root, anchor ?? undefined, (layout) => {
    const key = JSON.stringify(name);
    const description = '"description": "TODO: describe this root"';
    if (!layout.multiline) return `${key}: { ${description} }`;
    return `${key}: {${layout.lineBreak}${layout.memberIndent}${layout.unit}${description}${layout.lineBreak}${layout.memberIndent}}`;
  });
  if (!edit) return undefined;
  const title = `Add root "${name}" to ${inThisDocument ? 'this roots index' : titlePath(context, rootsFile as string)}`;
  return inThisDocument ? proposal(title, [edit]) : proposal(title, [], { files: [{ path: rootsFile as string, edits: [edit] }] });
}
