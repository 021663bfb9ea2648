import * as assert from 'node:assert/strict';
import { catalogDiagnostics, closeAllEditors, codeOf, fixtureUri, openDocument, waitFor, waitForDiagnostics } from '../helpers';

/** VS Code owns `.vscode/mcp.json` (its own `{"servers": …}` format): never a catalog (SPEC §1). */
suite('.vscode/mcp.json', () => {
  suiteTeardown(closeAllEditors);

  test('gets no mcp-catalog diagnostics, while the same text under a catalog name does', async () => {
    const own = await openDocument('.vscode/mcp.json');
    // Opened second, so analysed second: once the control has diagnostics, the server has had
    // its chance at .vscode/mcp.json too.
    const control = await openDocument('control/vscode-style-mcp.json');
    const controlDiagnostics = await waitForDiagnostics(control.uri, 'diagnostics on the control copy', (d) => d.length > 0);
    assert.ok(
      controlDiagnostics.some((d) => codeOf(d) === 'unknown-type'),
      'the control copy is read as a catalog',
    );
    assert.deepEqual(catalogDiagnostics(fixtureUri('.vscode/mcp.json')).map(codeOf), []);
    // Our `mcp.json` file name claims it at first; the server's SPEC §1 verdict gives it back to VS Code.
    await waitFor(`.vscode/mcp.json back in jsonc (is ${own.languageId})`, () => own.languageId === 'jsonc');
  });
});
