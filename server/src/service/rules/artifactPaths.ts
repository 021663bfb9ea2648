import type { OtherIndexType } from '../artifacts';
import { TYPE_NOUN } from '../artifactIds';
import { field } from '../model';
import { nodeSpan, type Rule } from './rule';
import { quoted } from '../text';

/**
 * Paths (SPEC §12): a skill's `path` is a folder holding `SKILL.md`, a hook's a folder holding a
 * valid `HOOK.json` (AIR `docs/hooks.md` at 074a1b98: `event` and `command` required strings,
 * `args` strings, `env` string values, `timeout_seconds` a number, `matcher` a string), a
 * reference's a file; each relative to the index file. A missing target is a warning: AIR skips
 * the artifact at prepare. What is on disk comes from the facts (`artifactPaths`, filled by
 * node/artifactPaths.ts from `PATH_SHAPES`); a path that leaves the workspace is not followed.
 */

/** What each index type's `path` must point at. */
export const PATH_SHAPES: Readonly<Partial<Record<OtherIndexType, { readonly target: 'file' | 'folder'; readonly marker?: 'SKILL.md' | 'HOOK.json' }>>> = {
  skills: { target: 'folder', marker: 'SKILL.md' },
  hooks: { target: 'folder', marker: 'HOOK.json' },
  references: { target: 'file' },
};

export const artifactPathsRule: Rule = {
  id: 'artifact-paths',
  appliesTo: ['skills', 'hooks', 'references'],
  codes: {
    'path-not-found': {
      severity: 'warning',
      summary: "An artifact's `path` points at nothing, the wrong kind of thing, or a folder without its `SKILL.md` / `HOOK.json`.",
      example: '`"path": "skills/deploy"` with no `SKILL.md`',
    },
    'invalid-hook-json': {
      severity: 'warning',
      summary: "A hook folder's `HOOK.json` is not a valid hook definition.",
      example: '`{"event": "session_start"}` (no `command`)',
    },
    'path-not-checked': { severity: 'information', summary: "An artifact's `path` that leaves the workspace, which is never followed." },
  },
  checkEntry(entry, context) {
    const shape = PATH_SHAPES[context.kind as OtherIndexType];
    const written = field(entry, 'path');
    const value = written?.valueNode;
    if (!shape || !value || value.type !== 'string') return;
    const target = context.facts.artifactPaths?.get(value.value as string);
    if (!target) return;
    const noun = `${TYPE_NOUN[context.kind as OtherIndexType]} ${quoted(entry.name)}`;
    const shown = value.value as string;
    const at = { ...nodeSpan(value), data: { path: [entry.name, 'path'] } };
    if (target.found === 'refused') {
      context.report({ code: 'path-not-checked', message: `path ${quoted(shown)} is not followed: it ${target.reason ?? 'cannot be read'}.`, ...at });
      return;
    }
    if (target.found === 'missing') {
      context.report({ code: 'path-not-found', message: `path ${quoted(shown)} does not exist, so AIR skips ${noun} at prepare.`, ...at });
      return;
    }
    if (target.found !== shape.target) {
      context.report({
        code: 'path-not-found',
        message: `path ${quoted(shown)} is a ${target.found}, not a ${shape.target}, so AIR skips ${noun} at prepare.`,
        ...at,
      });
      return;
    }
    if (!shape.marker) return;
    if (!target.marker?.found) {
      context.report({ code: 'path-not-found', message: `path ${quoted(shown)} holds no ${shape.marker}, so AIR skips ${noun} at prepare.`, ...at });
      return;
    }
    if (shape.marker !== 'HOOK.json' || target.marker.text === undefined) return;
    const problem = hookDefinitionProblem(target.marker.text);
    if (problem) context.report({ code: 'invalid-hook-json', message: `HOOK.json of ${noun} ${problem}, so AIR cannot run it.`, ...at });
  },
};

/** What is wrong with a HOOK.json's text, as a sentence middle ("has no command"); undefined when it is valid. */
export function hookDefinitionProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'is not valid JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'is not a JSON object';
  const hook = value as Record<string, unknown>;
  for (const name of ['event', 'command']) {
    if (!(name in hook)) return `has no ${name}`;
    if (typeof hook[name] !== 'string' || hook[name].trim() === '') return `has a ${name} that is not a non-empty string`;
  }
  if ('args' in hook && !(Array.isArray(hook.args) && hook.args.every((arg) => typeof arg === 'string'))) return 'has args that are not an array of strings';
  if ('timeout_seconds' in hook && !(typeof hook.timeout_seconds === 'number' && hook.timeout_seconds > 0))
    return 'has a timeout_seconds that is not a positive number';
  if (
    'env' in hook &&
    !(hook.env !== null && typeof hook.env === 'object' && !Array.isArray(hook.env) && Object.values(hook.env).every((v) => typeof v === 'string'))
  ) {
    return 'has an env that is not an object of strings';
  }
  if ('matcher' in hook && typeof hook.matcher !== 'string') return 'has a matcher that is not a string';
  return undefined;
}
