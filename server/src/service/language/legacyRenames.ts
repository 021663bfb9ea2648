import { LEGACY_MEMBERSHIP_FIELDS, type LegacyMembershipField } from '../membership';
import { field, indexEntries, parseServerReference, stringItems } from '../model';
import { localNameSpan, type IndexText, type TextEditSpan } from './navigation';

/**
 * A rename of an artifact also renames it in roots indexes' legacy root-side arrays (SPEC §4.4):
 * AIR ignores them, but the migration (fixes/membershipFixes.ts) still reads them, and a name left
 * behind would move nothing. Items are bare or `@local/name`; the scope is kept, a remote scope
 * is never touched. Root renames reach `default_subagent_roots` through navigation.ts's
 * rootOccurrences; this is the same for a server, skill, hook or plugin rename.
 */

/** The legacy fields that list artifacts of this kind (`server` → `default_mcp_servers`, …). */
export function legacyFieldsOf(kind: (typeof LEGACY_MEMBERSHIP_FIELDS)[LegacyMembershipField]): LegacyMembershipField[] {
  return (Object.keys(LEGACY_MEMBERSHIP_FIELDS) as LegacyMembershipField[]).filter((name) => LEGACY_MEMBERSHIP_FIELDS[name] === kind);
}

/** Per roots index among `files`: the edits renaming `name` to `newName` in its legacy arrays of this kind. */
export function renameInLegacyArrays(
  kind: (typeof LEGACY_MEMBERSHIP_FIELDS)[LegacyMembershipField],
  name: string,
  newName: string,
  files: readonly IndexText[],
): Map<string, TextEditSpan[]> {
  const edits = new Map<string, TextEditSpan[]>();
  const fields = legacyFieldsOf(kind);
  for (const file of files) {
    if (file.kind !== 'roots' || edits.has(file.path)) continue;
    const list: TextEditSpan[] = [];
    for (const entry of indexEntries(file.parsed.root))
      for (const legacy of fields)
        for (const item of stringItems(field(entry, legacy)?.valueNode)) {
          const reference = parseServerReference(item.value);
          if (reference.kind === 'local' && reference.name === name) list.push({ ...localNameSpan(file.text, item.node, name), newText: newName });
        }
    edits.set(file.path, list);
  }
  for (const [path, list] of edits) if (list.length === 0) edits.delete(path);
  return edits;
}
