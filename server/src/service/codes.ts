/**
 * The stable diagnostic codes of SPEC §5 and their default severities: the registry.
 * Codes are part of the public contract: settings, the CLI's JSON/SARIF output and quick fixes key on them.
 *
 * A rule declares its own codes in its module (rules/rule.ts `Rule.codes`); this module holds only
 * the codes found before any rule runs (the parse, the root's shape, the size limit) and puts the
 * two together. `scripts/generate-registrations.mjs` (`npm run generate`) lists every rule in
 * generated/rules.ts, which is where `RuleCode` comes from.
 */

import type { SeveritySetting } from './severity';
import { RULES, type RuleCode } from './generated/rules';

export { isSeveritySetting, SEVERITY_SETTINGS, type Severity, type SeveritySetting } from './severity';

export interface CodeInfo {
  /** Default severity; some codes vary by context (see `severityVariant` on a finding). */
  readonly severity: SeveritySetting;
  /** One line for the README rule table, the severity setting's description and SARIF. */
  readonly summary: string;
  /** What makes it fire, for the README rule table (Markdown); none where a sentence says it all. */
  readonly example?: string;
}

/** Codes the engine reports itself (parse.ts, engine.ts): first in every generated list. */
export const ENGINE_CODES = {
  'json-syntax': { severity: 'error', summary: 'The file is not parseable as JSON (including an empty file).', example: '`{"a": }`' },
  'json-comment': { severity: 'error', summary: 'A comment: AIR reads the file with JSON.parse, which rejects comments.', example: '`// staging only`' },
  'json-trailing-comma': { severity: 'error', summary: 'A trailing comma, which JSON.parse rejects.', example: '`["-y", "pkg",]`' },
  'json-bom': { severity: 'error', summary: 'A UTF-8 byte-order mark, which JSON.parse rejects.', example: '`\\uFEFF{…}`' },
  'duplicate-key': { severity: 'error', summary: 'A repeated key; the last one silently wins (a warning inside an entry).', example: 'two `"github"` entries' },
  'not-an-object': { severity: 'error', summary: 'The root or an entry is not a JSON object.', example: '`"github": "npx …"`' },
} as const satisfies Record<string, CodeInfo>;

export type Code = keyof typeof ENGINE_CODES | RuleCode;

/** Every code, the engine's first, then each rule's in the order of generated/rules.ts. */
export const CODES: Readonly<Record<Code, CodeInfo>> = Object.freeze(Object.assign({}, ENGINE_CODES, ...RULES.map((rule) => rule.codes)));

export const ALL_CODES = Object.keys(CODES) as Code[];

export function isCode(value: string): value is Code {
  return Object.prototype.hasOwnProperty.call(CODES, value);
}
