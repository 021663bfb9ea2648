import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import mcpSchema from '../../../schemas/mcp.schema.json';
import rootsSchema from '../../../schemas/roots.schema.json';
import type { IndexKind } from './classify';

/**
 * Our schemas (AIR's plus the Zimmer fields) compiled once with ajv. The raw errors are mapped to
 * SPEC §5 codes by `schemaFindings.ts`; nothing here decides wording.
 */

export { mcpSchema, rootsSchema };

let validators: { catalogEntry: ValidateFunction; rootEntry: ValidateFunction } | undefined;

/**
 * `validateSchema: false`: our schemas are not checked against the JSON Schema meta-schema at
 * start-up — compiling the meta-schema was half of ajv's start-up cost (bench/NOTES.md). The unit
 * tier checks them against it instead (test/unit/schemas.test.ts); strict mode still rejects
 * unknown keywords when compiling.
 */
export const AJV_OPTIONS = { allErrors: true, strict: true, strictRequired: false, strictTypes: false, unicodeRegExp: true, validateSchema: false } as const;

function compile(): NonNullable<typeof validators> {
  const ajv = new Ajv(AJV_OPTIONS);
  // Editor-only annotations in our schemas: known to ajv so strict mode accepts them.
  ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'defaultSnippets', 'deprecationMessage']);
  addFormats(ajv, ['uri']);
  ajv.addSchema(mcpSchema, 'mcp');
  ajv.addSchema(rootsSchema, 'roots');
  return {
    catalogEntry: ajv.compile({ $ref: 'mcp#/$defs/ServerConfiguration' }),
    rootEntry: ajv.compile({ $ref: 'roots#/$defs/Root' }),
  };
}

/** Whether ajv accepts one entry value (no error list built: the fast path asks for every entry). */
export function entryValueIsValid(kind: IndexKind, value: unknown): boolean {
  validators ??= compile();
  return (kind === 'catalog' ? validators.catalogEntry : validators.rootEntry)(value);
}

/** Validate one entry value (a plain JS value); returns ajv's raw errors. */
export function validateEntryValue(kind: IndexKind, value: unknown): ErrorObject[] {
  validators ??= compile();
  const validate = kind === 'catalog' ? validators.catalogEntry : validators.rootEntry;
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
