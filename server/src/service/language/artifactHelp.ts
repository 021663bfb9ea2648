import { directoryFor, referenceLists, TYPE_NOUN, type Definition } from '../artifactIds';
import type { AirArtifactType } from '../facts';
import { stringItems } from '../model';
import { joinMarkdown, markdownCode as code, markdownText, safeMd, type SafeMarkdown } from '../surfaces/markdown';
import type { CandidateBuilder } from './candidateBuilder';
import type { ValueSite } from './completionSite';
import type { CompletionCandidate } from './completionTypes';
import type { LanguageDocument } from './document';
import { fileName } from '../text';

/**
 * Hover and completion for artifact IDs (SPEC §12): an ID shows the entry it names (its title and
 * description, where it is defined); an item of a list that names IDs offers the IDs of that type
 * that exist, before any other text. What names what is artifactIds.ts's.
 */

function definitionsOf(document: LanguageDocument, type: AirArtifactType): ReadonlyMap<string, Definition> | undefined {
  const own = { kind: document.kind, entries: document.entries, anchor: { start: 0, end: document.text.length } };
  return directoryFor(type, document.facts, own)?.local;
}

function where(document: LanguageDocument, definition: Definition): string {
  const path = definition.path ?? document.path;
  return path ? fileName(path) : 'this file';
}

/** The hover of an ID of `type` written as `name` (its short name). */
export function idHover(document: LanguageDocument, type: AirArtifactType, name: string): SafeMarkdown {
  const noun = TYPE_NOUN[type];
  const definitions = definitionsOf(document, type);
  const definition = definitions?.get(name);
  if (!definition) {
    return definitions
      ? safeMd`${code(name)} is **not a ${markdownText(noun)}** of the indexes this file composes.`
      : safeMd`${markdownText(noun.charAt(0).toUpperCase() + noun.slice(1))} ${code(name)}: no ${markdownText(noun)}s index was found, so it cannot be checked.`;
  }
  const lines = [
    safeMd`**${definition.title ? markdownText(definition.title) : code(name)}** \u2014 ${markdownText(noun)} ${code(name)} in ${code(where(document, definition))}`,
  ];
  if (definition.description) lines.push(safeMd``, markdownText(definition.description));
  return joinMarkdown(lines, safeMd`\n`);
}

/** The type a value site's array names (`[entry, field, index]`), when it is one of referenceLists. */
export function listTypeAt(document: LanguageDocument, path: readonly (string | number)[]): AirArtifactType | undefined {
  if (path.length !== 3 || typeof path[1] !== 'string') return undefined;
  return referenceLists(document.kind).find((list) => list.field === path[1])?.to;
}

/** The IDs of `type` that exist, not yet in the array, first in the list (`sortText` 0…). */
export function idCandidates(document: LanguageDocument, site: ValueSite, builder: CandidateBuilder, type: AirArtifactType): CompletionCandidate[] {
  const taken = new Set(
    stringItems(site.array)
      .filter((item) => item.node !== site.node)
      .map((item) => item.value),
  );
  const own = typeof site.path[0] === 'string' && document.kind === (type === 'mcp' ? 'catalog' : type) ? site.path[0] : undefined;
  const out: CompletionCandidate[] = [];
  for (const [id, definition] of definitionsOf(document, type) ?? []) {
    if (taken.has(id) || taken.has(`@local/${id}`) || id === own) continue;
    out.push(
      builder.value(site, id, JSON.stringify(id), {
        kind: type === 'mcp' ? 'server' : type === 'roots' ? 'root' : 'value',
        detail: `${TYPE_NOUN[type]} in ${where(document, definition)}`,
        documentation: definition.title || definition.description ? idHover(document, type, id) : undefined,
        sortText: `0${String(out.length).padStart(5, '0')}`,
      }),
    );
  }
  return out;
}
