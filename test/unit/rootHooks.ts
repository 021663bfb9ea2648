import { removeTempTrees } from './helpers';

/**
 * Mocha's root hook plugin for the unit tier (`--require out/test/unit/rootHooks.js`). The tier runs
 * its files in parallel workers (scripts/test-all.mjs), each of which keeps modules loaded between
 * files: a root `after` in helpers.ts would be registered for the first file only, so each file's
 * temp folders are removed here instead.
 */
export const mochaHooks = {
  afterAll(): void {
    removeTempTrees();
  },
};
