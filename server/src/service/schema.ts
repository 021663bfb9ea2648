import type { ErrorObject } from 'ajv';
import mcpSchema from '../../../schemas/mcp.schema.json';
import rootsSchema from '../../../schemas/roots.schema.json';
import type { IndexKind } from './classify';
import * as generated from './generated/entryValidators';

/**
 * Our schemas (AIR's plus the Zimmer fields) as validators. The raw errors are mapped to SPEC §5
 * codes by rules/structure.ts; nothing here decides wording.
 *
 * The validators are ajv's standalone code, generated at build time by
 * scripts/generate-validators.mjs with the options it exports as AJV_OPTIONS (`allErrors`,
 * strict mode, ajv-formats' `uri`): nothing compiles a schema at run time, and ajv's compiler is
 * not in the bundles — compiling was most of the command line's start-up (bench/NOTES.md).
 * test/unit/validators.test.ts proves their verdicts and errors are ajv's run-time ones.
 */

export { mcpSchema, rootsSchema };

/** The ajv options, annotations and formats the validators were generated with (the unit tier compiles with them too). */
export const AJV_OPTIONS = generated.AJV_OPTIONS;

/** A generated validator: ajv's `ValidateFunction` contract (errors on the function after a rejection). */
type EntryValidator = { (value: unknown): boolean; errors?: ErrorObject[] | null };

const catalogEntry = generated.catalogEntry as unknown as EntryValidator;
const rootEntry = generated.rootEntry as unknown as EntryValidator;

/** Validate one entry value (a plain JS value); returns ajv's raw errors. */
export function validateEntryValue(kind: IndexKind, value: unknown): ErrorObject[] {
  const validate = kind === 'catalog' ? catalogEntry : rootEntry;
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

type SchemaNode = { properties?: Record<string, SchemaNode>; [key: string]: unknown };

/** The schema of a catalog or root entry's field, for hovers and messages. */
export function fieldSchema(kind: IndexKind, fieldName: string): SchemaNode | undefined {
  const defs = (kind === 'catalog' ? mcpSchema : rootsSchema).$defs as Record<string, SchemaNode>;
  const entry = kind === 'catalog' ? defs.ServerConfiguration : defs.Root;
  return entry.properties?.[fieldName];
}

/** The known field names of an entry. */
export function knownFields(kind: IndexKind): string[] {
  const defs = (kind === 'catalog' ? mcpSchema : rootsSchema).$defs as Record<string, SchemaNode>;
  const entry = kind === 'catalog' ? defs.ServerConfiguration : defs.Root;
  return Object.keys(entry.properties ?? {});
}
