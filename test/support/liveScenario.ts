import { liveRoot, olderServer, seedServer, type FakeZimmer } from './fakeZimmer';

/**
 * What an instance serving `test/fixtures/live/mcp.json` with its roots index answers, in the newer
 * shape: one live state per reason text of SPEC §11. Tests change one thing from here.
 */
export function serveMatchingCatalog(fake: FakeZimmer): void {
  fake.servers = [
    seedServer('context7'),
    seedServer('github', { title: 'GitHub', description: 'Issues and pull requests' }),
    seedServer('figma', { description: 'Figma designs', reason: 'OAuth authorization not completed' }),
    seedServer('fleet', { reason: '`ZIMMER_PROD_API_KEY` unresolved', timeout: 300 }),
    seedServer('legacy', { reason: 'Retired until the v2 API ships' }),
  ];
  fake.roots = [liveRoot('ops', []), liveRoot('app', ['github', 'figma', 'context7'])];
}

/** The same catalog from an older instance: no unavailable or startup_timeout_sec fields. */
export function serveOlderCatalog(fake: FakeZimmer): void {
  fake.servers = [
    olderServer('github', { title: 'GitHub', description: 'Issues and pull requests' }),
    olderServer('figma', { description: 'Figma designs' }),
    olderServer('fleet'),
    olderServer('legacy'),
    olderServer('context7'),
  ];
  fake.roots = [liveRoot('app', ['github', 'figma', 'context7']), liveRoot('ops', [])];
}

export const LIVE_KEY = 'zk_live_7c2f9a41d0b8e6';
