import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CachingReader, diskReader } from '../../server/src/node/files';
import { Workspace, type SourceSettings } from '../../server/src/node/workspace';
import { checkDocument } from '../../server/src/service/engine';
import { catalog, spanText, tempTree, writeTree } from './helpers';

/** SPEC §12 paths through the discovery layer: what is on disk, relative to the index, never outside the workspace or in a restricted one. */

const settings = (): SourceSettings => ({ knownVariables: [], envFiles: [], rootsFiles: [], readProcessEnv: false, trusted: true });

function pathFindings(dir: string, index: string, kind: 'skills' | 'hooks' | 'references', trusted = true): string[] {
  const ws = new Workspace(new CachingReader(diskReader), { workspaceRoot: dir, env: {}, containment: [dir], trusted });
  const file = path.join(dir, index);
  const { facts } = ws.factsFor(file, kind, settings());
  const text = fs.readFileSync(file, 'utf8');
  return checkDocument(text, kind, facts)
    .findings.filter((f) => ['path-not-found', 'invalid-hook-json', 'path-not-checked'].includes(f.code))
    .map((f) => `${f.code} ${spanText(text, f)}`);
}

describe('artifact paths on disk (SPEC §12)', () => {
  it('skills: a folder with SKILL.md relative to the index is silent; without it, missing, or outside the workspace is reported', () => {
    const outside = tempTree({ 'elsewhere/SKILL.md': '# x' });
    const dir = tempTree({ 'catalog/skills/good/SKILL.md': '# Good', 'catalog/skills/empty/README.md': 'no skill here' });
    fs.symlinkSync(path.join(outside, 'elsewhere'), path.join(dir, 'catalog', 'skills', 'linked'));
    const away = path.relative(path.join(dir, 'catalog'), path.join(outside, 'elsewhere'));
    writeTree(dir, {
      'catalog/skills.json': catalog({
        good: { description: 'G', path: 'skills/good' },
        empty: { description: 'E', path: 'skills/empty' },
        gone: { description: 'X', path: 'skills/gone' },
        away: { description: 'A', path: away },
        linked: { description: 'L', path: 'skills/linked' },
      }),
    });
    assert.deepEqual(pathFindings(dir, 'catalog/skills.json', 'skills'), [
      'path-not-found "skills/empty"',
      'path-not-found "skills/gone"',
      `path-not-checked ${JSON.stringify(away)}`,
      'path-not-checked "skills/linked"',
    ]);
  });

  it('hooks: HOOK.json is read and checked; references: a file', () => {
    const dir = tempTree({
      'hooks.json': catalog({ ok: { description: 'O', path: 'hooks/ok' }, bad: { description: 'B', path: 'hooks/bad' } }),
      'hooks/ok/HOOK.json': '{"event": "session_start", "command": "./notify.sh", "timeout_seconds": 10}',
      'hooks/bad/HOOK.json': '{"command": "./notify.sh"}',
      'references.json': catalog({ doc: { description: 'D', path: 'docs/GIT.md' }, folder: { description: 'F', path: 'docs' } }),
      'docs/GIT.md': '# Git',
    });
    assert.deepEqual(pathFindings(dir, 'hooks.json', 'hooks'), ['invalid-hook-json "hooks/bad"']);
    assert.deepEqual(pathFindings(dir, 'references.json', 'references'), ['path-not-found "docs"']);
  });

  it('a restricted workspace follows no path', () => {
    const dir = tempTree({ 'skills.json': catalog({ gone: { description: 'X', path: 'skills/gone' } }) });
    assert.deepEqual(pathFindings(dir, 'skills.json', 'skills', false), []);
    assert.deepEqual(pathFindings(dir, 'skills.json', 'skills', true), ['path-not-found "skills/gone"']);
  });
});
