/**
 * The engine compiles its schemas without checking them against the JSON Schema meta-schema (a
 * start-up cost, server/src/service/schema.ts): this is where they are checked.
 */
import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import { AJV_OPTIONS, hooksSchema, mcpSchema, pluginsSchema, referencesSchema, rootsSchema, skillsSchema } from '../../server/src/service/schema';

describe('schemas', () => {
  for (const [name, schema] of [
    ['mcp.schema.json', mcpSchema],
    ['roots.schema.json', rootsSchema],
    ['skills.schema.json', skillsSchema],
    ['hooks.schema.json', hooksSchema],
    ['plugins.schema.json', pluginsSchema],
    ['references.schema.json', referencesSchema],
  ] as const) {
    it(`${name} is a valid draft-07 schema`, () => {
      const ajv = new Ajv({ ...AJV_OPTIONS, validateSchema: true });
      ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'defaultSnippets', 'deprecationMessage']);
      assert.equal(ajv.validateSchema(schema), true, JSON.stringify(ajv.errors));
    });
  }

  it('a schema the meta-schema rejects is caught here', () => {
    const ajv = new Ajv({ ...AJV_OPTIONS, validateSchema: true });
    assert.equal(ajv.validateSchema({ type: 'no-such-type' }), false);
  });
});
