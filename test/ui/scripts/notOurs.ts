import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { UiScript } from '../index';

/**
 * A workspace with no catalog (test/fixtures/vscode-workspace/not-ours): `.vscode/launch.json`
 * with `${workspaceFolder}`, `package.json` with `${HOME}` and a `pyproject.toml` get no colouring
 * of ours (VS Code's own scope inspector at the placeholder shows no `mcp-catalog` scope); the
 * MCP Catalog view container is there, for its "Create a Catalog" welcome.
 */
export const notOurs: UiScript = {
  name: 'not-ours',
  workspaceFrom: 'test/fixtures/vscode-workspace/not-ours',
  openFile: 'package.json',
  async run(workbench, context) {
    const folder = path.join(path.dirname(context.workspace), 'not-ours');
    const at = (relative: string, needle: string): [number, number] => {
      const lines = readFileSync(path.join(folder, relative), 'utf8').split('\n');
      const line = lines.findIndex((l) => l.includes(needle));
      assert.ok(line >= 0, `${needle} in ${relative}`);
      return [line + 1, lines[line].indexOf(needle) + 3];
    };
    const files: [string, string][] = [
      ['package.json', '${HOME}'],
      ['.vscode/launch.json', '${workspaceFolder}'],
      ['pyproject.toml', 'not-ours'],
    ];
    for (const [relative, needle] of files) {
      if (relative !== 'package.json') await workbench.quickOpen(relative);
      else await workbench.waitForTab('package.json');
      const scopes = await workbench.inspectScopes(...at(relative, needle));
      assert.doesNotMatch(scopes, /mcp-catalog|air-roots|air-config|air-skills|air-hooks|air-plugins|air-references/, `${relative}: ${scopes}`);
      if (relative === '.vscode/launch.json') await workbench.screenshot('not-ours-launch-json');
      await workbench.dismiss();
    }
    // Activated by the JSON files above, the extension found no catalog: its container is there
    // (so "Create a Catalog" is one click away), and none of these files is shown in it.
    assert.ok((await workbench.page.locator('.activitybar .action-item [aria-label^="MCP Catalog"]').count()) > 0, 'the MCP Catalog activity-bar item');
  },
};
