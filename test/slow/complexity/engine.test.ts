/**
 * The complexity tier through the engine (SPEC §8: never hang, every request bounded): each hostile
 * shape checked at n and 2n costs at most ~3× more CPU at 2n — a ratio within one run, never a
 * timed assertion. Before the scans were made linear these shapes cost 4× for 2× (seconds at
 * 90 KB); the sizes are chosen so that quadratic growth is unmistakable while linear code keeps
 * this file to a second or two.
 */
import { strict as assert } from 'node:assert';
import { compileExcludePattern } from '../../../server/src/service/air';
import { checkDocument } from '../../../server/src/service/engine';
import type { WorkspaceFacts } from '../../../server/src/service/facts';
import { completeAt } from '../../../server/src/service/language/completion';
import { hoverAt } from '../../../server/src/service/language/hover';
import { indexEntries } from '../../../server/src/service/model';
import { parseJson } from '../../../server/src/service/parse';
import { computeReadiness } from '../../../server/src/service/readiness';
import { summariseCatalog, summariseRootsIndex } from '../../../server/src/service/summary';
import { previewRuntimeConfig } from '../../../server/src/service/runtime/preview';
import { translateCatalog } from '../../../server/src/service/translate';
import { VariableIndex } from '../../../server/src/service/variables';
import { assertScalesLinearly, ownCpuMsOf } from '../../support/complexity';
import {
  CHECKED_SHAPES,
  QUADRATIC_SIZES as SIZES,
  deepArrays,
  deepEnvCatalog,
  dotenvNames,
  nestedOpenings,
  type HostileWorld,
} from '../../support/hostileShapes';

/**
 * Readiness of nested openings costs a tenth of a check, so at the check's size its small run sits
 * in the garbage collector's noise (38–300 ms for the same input, measured); twice the size is
 * past it and still 4× for an old quadratic scan.
 */
const READINESS_SIZES: Record<string, number> = { ...SIZES, 'nested-openings': 2 * SIZES['nested-openings'] };

/** The facts discovery builds for the world's target (a sibling .env, roots.json or mcp.json). */
function factsOf(world: HostileWorld): WorkspaceFacts {
  const env = world.files['.env'];
  const variables =
    env === undefined
      ? VariableIndex.empty()
      : new VariableIndex([{ kind: 'dotenv', label: '.env (/ws/.env)', path: '/ws/.env', exists: true, names: new Set(dotenvNames(env)) }]);
  const facts: WorkspaceFacts = { documentPath: `/ws/${world.target}`, variables };
  if (world.kind === 'catalog' && world.files['roots.json'] !== undefined) {
    facts.roots = { via: 'sibling', files: [summariseRootsIndex('/ws/roots.json', world.files['roots.json'])], remoteSources: [] };
  }
  if (world.kind === 'roots' && world.files['mcp.json'] !== undefined) {
    facts.catalogs = { via: 'sibling', files: [summariseCatalog('/ws/mcp.json', world.files['mcp.json'])], remoteSources: [] };
  }
  return facts;
}

describe('complexity: the engine scales linearly on hostile repetition', function () {
  this.timeout(600_000);

  for (const shape of CHECKED_SHAPES) {
    const n = SIZES[shape.name];
    it(`checks ${shape.describe} (with and without a parse in hand) in linear time`, async () => {
      await assertScalesLinearly(`${shape.name}, check`, n, (size) => {
        const world = shape.build(size);
        const facts = factsOf(world);
        return ownCpuMsOf(() => checkDocument(world.files[world.target], world.kind, facts));
      });
      await assertScalesLinearly(`${shape.name}, full parse`, n, (size) => {
        const world = shape.build(size);
        const facts = factsOf(world);
        const text = world.files[world.target];
        return ownCpuMsOf(() => checkDocument(text, world.kind, facts, { parsed: parseJson(text) }));
      });
    });
  }

  for (const shape of CHECKED_SHAPES.filter((s) => s.build(1).kind === 'catalog')) {
    it(`derives readiness of ${shape.describe} in linear time`, async () => {
      await assertScalesLinearly(`${shape.name}, readiness`, READINESS_SIZES[shape.name], (size) => {
        const world = shape.build(size);
        const facts = factsOf(world);
        return ownCpuMsOf(() => computeReadiness(world.files[world.target], facts));
      });
    });
  }

  it('hovers inside a string of nested openings in linear time', async () => {
    await assertScalesLinearly('hover, nested openings', SIZES['nested-openings'], (size) => {
      const text = nestedOpenings.build(size).files['mcp.json'];
      const parsed = parseJson(text);
      const document = { kind: 'catalog' as const, text, parsed, entries: indexEntries(parsed.root), facts: { variables: VariableIndex.empty() } };
      const offset = text.lastIndexOf('${');
      return ownCpuMsOf(() => assert.ok(hoverAt(document, offset)));
    });
  });

  it('matches an air.json exclude pattern of many stars against a long name in linear time', async () => {
    const pattern = compileExcludePattern(`@local/${'*a'.repeat(12)}b`)!;
    await assertScalesLinearly('exclude pattern, many stars', 24, (length) => ownCpuMsOf(() => assert.equal(pattern.matchesLocal('a'.repeat(length)), false)));
  });

  it('completes inside deeply nested arrays in linear time', async () => {
    await assertScalesLinearly('completion, deep arrays', 50_000, (depth) => {
      const { text, cursorOffset } = deepArrays(depth);
      const parsed = parseJson(text);
      const document = { kind: 'catalog' as const, text, parsed, entries: indexEntries(parsed.root), facts: { variables: VariableIndex.empty() } };
      return ownCpuMsOf(() => completeAt(document, cursorOffset, { snippets: true }));
    });
  });

  it('translates a deeply nested value for every client without overflowing the stack', async () => {
    for (const target of ['vscode', 'claude', 'codex'] as const) {
      await assertScalesLinearly(`translate to ${target}, deep env`, 5_000, (depth) => {
        const text = deepEnvCatalog(depth);
        return ownCpuMsOf(() => {
          const translation = translateCatalog(text, target);
          assert.deepEqual(translation.servers, []);
          assert.match(translation.warnings.join('\n'), /"s" is left out: a value nests more than 64 levels deep/);
        });
      });
    }
  });

  it('previews a deeply nested pass-through value for every runtime without overflowing the stack', async () => {
    for (const runtime of ['claude', 'codex', 'pi'] as const) {
      await assertScalesLinearly(`preview for ${runtime}, deep Codex-native key`, 5_000, (depth) => {
        const text = `{"s": {"type": "stdio", "command": "x", "tool_timeout_sec": ${'['.repeat(depth)}${']'.repeat(depth)}}}`;
        return ownCpuMsOf(() => {
          const outcome = previewRuntimeConfig(text, { runtime });
          assert.ok(outcome.ok);
          assert.match(outcome.config.warnings.join('\n'), /"s" is left out because a value nests more than 64 levels deep/);
        });
      });
    }
  });
});
