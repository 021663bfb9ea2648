import type { ErrorObject } from 'ajv';
import hooksSchema from '../../../schemas/hooks.schema.json';
import mcpSchema from '../../../schemas/mcp.schema.json';
import pluginsSchema from '../../../schemas/plugins.schema.json';
import referencesSchema from '../../../schemas/references.schema.json';
import rootsSchema from '../../../schemas/roots.schema.json';
import skillsSchema from '../../../schemas/skills.schema.json';
import type { IndexKind } from './classify';
import * as generated from './generated/entryValidators';

/**
 * Our schemas (AIR's plus the Zimmer fields: SPEC §3, §12) as validators. The raw errors are
 * mapped to SPEC §5 codes by rules/structure.ts; nothing here decides wording.
 *
 * The validators are ajv's standalone code, generated at build time by
 * scripts/generate-validators.mjs with the options it exports as AJV_OPTIONS (`allErrors`,
 * strict mode, ajv-formats' `uri` and `email`): nothing compiles a schema at run time, and ajv's compiler is
 * not in the bundles — compiling was most of the command line's start-up (bench/NOTES.md).
 * test/unit/validators.test.ts proves their verdicts and errors are ajv's run-time ones.
 */

export { hooksSchema, mcpSchema, pluginsSchema, referencesSchema, rootsSchema, skillsSchema };

/** The ajv options, annotations and formats the validators were generated with (the unit tier compiles with them too). */
export const AJV_OPTIONS = generated.AJV_OPTIONS;

/** A generated validator: ajv's `ValidateFunction` contract (errors on the function after a rejection). */
type EntryValidator = { (value: unknown): boolean; errors?: ErrorObject[] | null };

type SchemaNode = { properties?: Record<string, SchemaNode>; [key: string]: unknown };

/** An index kind with entries (every kind but an air.json). */
export type EntryKind = Exclude<IndexKind, 'air'>;

interface IndexSchema {
  /** The whole schema file. */
  readonly schema: { properties: { $schema: { description: string } }; $defs: Record<string, unknown>; propertyNames?: { pattern: string } };
  /** The `$defs` name of one entry. */
  readonly entry: string;
  readonly validate: EntryValidator;
}

/** Each index kind's schema and the generated validator of one of its entries. */
const INDEX_SCHEMAS: Record<EntryKind, IndexSchema> = {
  catalog: { schema: mcpSchema, entry: 'ServerConfiguration', validate: generated.catalogEntry },
  roots: { schema: rootsSchema, entry: 'Root', validate: generated.rootEntry },
  skills: { schema: skillsSchema, entry: 'Skill', validate: generated.skillEntry },
  hooks: { schema: hooksSchema, entry: 'Hook', validate: generated.hookEntry },
  plugins: { schema: pluginsSchema, entry: 'Plugin', validate: generated.pluginEntry },
  references: { schema: referencesSchema, entry: 'Reference', validate: generated.referenceEntry },
};

/** The schema file of an index kind (undefined for an air.json, which has no entries). */
export function schemaOf(kind: IndexKind): IndexSchema['schema'] | undefined {
  return kind === 'air' ? undefined : INDEX_SCHEMAS[kind].schema;
}

/** The schema of one entry of an index kind, with `$defs` to resolve its `$ref`s against. */
export function entrySchema(kind: IndexKind): { entry: SchemaNode; defs: Record<string, SchemaNode> } | undefined {
  if (kind === 'air') return undefined;
  const defs = INDEX_SCHEMAS[kind].schema.$defs as Record<string, SchemaNode>;
  return { entry: defs[INDEX_SCHEMAS[kind].entry], defs };
}

/** Validate one entry value (a plain JS value); returns ajv's raw errors. */
export function validateEntryValue(kind: IndexKind, value: unknown): ErrorObject[] {
  if (kind === 'air') return [];
  const validate = INDEX_SCHEMAS[kind].validate;
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** The schema of an entry's field, for hovers and messages. */
export function fieldSchema(kind: IndexKind, fieldName: string): SchemaNode | undefined {
  return entrySchema(kind)?.entry.properties?.[fieldName];
}

/** The known field names of an entry. */
export function knownFields(kind: IndexKind): string[] {
  return Object.keys(entrySchema(kind)?.entry.properties ?? {});
}

/** The `propertyNames` pattern of an index kind's schema (SPEC §12: each index names its entries by its own). */
export function namePatternOf(kind: IndexKind): RegExp | undefined {
  if (kind === 'air') return undefined;
  let pattern = NAME_PATTERNS.get(kind);
  if (!pattern) {
    pattern = new RegExp(INDEX_SCHEMAS[kind].schema.propertyNames?.pattern ?? '', 'u');
    NAME_PATTERNS.set(kind, pattern);
  }
  return pattern;
}

const NAME_PATTERNS = new Map<EntryKind, RegExp>();
