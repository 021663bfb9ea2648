import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { assertRange, closeAllEditors, codeOf, diagnosticsWithCode, fixtureUri, openDocument, rangeOf, waitForCode, waitForDiagnostics } from '../helpers';

/**
 * What a user sees for each mission rule family (SPEC §5): code, severity and the exact range of
 * the offending value (never the whole entry), as VS Code holds them — one fixture per family in
 * test/fixtures/vscode-workspace/rules/ and roots-check/.
 */
suite('rule families', () => {
  suiteTeardown(closeAllEditors);

  test('startup_timeout_sec: timeout-type, timeout-fractional and timeout-range warnings on each value', async () => {
    const document = await openDocument('rules/timeouts-mcp.json');
    const diagnostics = await waitForDiagnostics(document.uri, 'the three timeout diagnostics', (d) =>
      ['timeout-type', 'timeout-fractional', 'timeout-range'].every((code) => d.some((x) => codeOf(x) === code)),
    );
    const expected: [string, string, string][] = [
      ['timeout-type', '"20"', '"as-string"'],
      ['timeout-fractional', '20.5', '"fractional"'],
      ['timeout-range', '601', '"too-long"'],
    ];
    for (const [code, value, entry] of expected) {
      const [diagnostic, ...more] = diagnosticsWithCode(diagnostics, code);
      assert.equal(more.length, 0, `one ${code}`);
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning, `${code} is a warning`);
      assert.equal(diagnostic.source, 'mcp-catalog');
      assertRange(diagnostic.range, rangeOf(document, value, `${entry}: {`), `${code} on ${value}`);
    }
    assert.match(diagnosticsWithCode(diagnostics, 'timeout-type')[0].message, /"20" is not a number/);
    assert.match(diagnosticsWithCode(diagnostics, 'timeout-range')[0].message, /601/);
    assert.equal(diagnostics.length, 3, `only the three timeout diagnostics (has ${diagnostics.map(codeOf).join(', ')})`);
  });

  test('unavailable: unavailable-type, -empty, -multiline and -too-long warnings on each value', async () => {
    const document = await openDocument('rules/unavailable-mcp.json');
    const codes = ['unavailable-type', 'unavailable-empty', 'unavailable-multiline', 'unavailable-too-long'];
    const diagnostics = await waitForDiagnostics(document.uri, 'the four unavailable diagnostics', (d) =>
      codes.every((code) => d.some((x) => codeOf(x) === code)),
    );
    const values: Record<string, [string, string]> = {
      'unavailable-type': ['true', '"flag": {'],
      'unavailable-empty': ['"   "', '"blank": {'],
      'unavailable-multiline': ['"Waiting for the vendor\\nto issue new credentials"', '"two-lines": {'],
      'unavailable-too-long': ['"The hosted endpoint', '"wordy": {'],
    };
    for (const code of codes) {
      const [diagnostic] = diagnosticsWithCode(diagnostics, code);
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning, `${code} is a warning`);
      const [value, anchor] = values[code];
      const start = rangeOf(document, value, anchor).start;
      assert.ok(
        diagnostic.range.start.isEqual(start),
        `${code} starts on the value (${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1})`,
      );
      // The range is the whole value: it ends where the literal ends, on the same line.
      const line = document.lineAt(start.line).text;
      const valueEnd = code === 'unavailable-type' ? start.character + 'true'.length : line.lastIndexOf('"') + 1;
      assert.equal(diagnostic.range.end.line, start.line, `${code} stays on its line`);
      assert.equal(diagnostic.range.end.character, valueEnd, `${code} ends with the value`);
    }
    assert.match(diagnosticsWithCode(diagnostics, 'unavailable-too-long')[0].message, /has 289 characters, over 200/);
  });

  test('placeholders: unresolved-variable (warning) and invalid-placeholder (error) on the ${…} only', async () => {
    const document = await openDocument('rules/placeholders-mcp.json');
    const diagnostics = await waitForDiagnostics(document.uri, 'unresolved-variable and invalid-placeholder', (d) =>
      ['unresolved-variable', 'invalid-placeholder'].every((code) => d.some((x) => codeOf(x) === code)),
    );
    const [unresolved] = diagnosticsWithCode(diagnostics, 'unresolved-variable');
    assert.equal(unresolved.severity, vscode.DiagnosticSeverity.Warning);
    assertRange(unresolved.range, rangeOf(document, '${GITHUB_PERSONAL_TOKEN}'), 'unresolved-variable on the placeholder');
    assert.match(unresolved.message, /GITHUB_PERSONAL_TOKEN/);
    // A short row that names the server; the sources searched are the hover's to list.
    assert.match(unresolved.message, /^GITHUB_PERSONAL_TOKEN is set in no source, so [\w-]+ starts without it\./);
    assert.doesNotMatch(unresolved.message, /Searched/);

    const [invalid] = diagnosticsWithCode(diagnostics, 'invalid-placeholder');
    assert.equal(invalid.severity, vscode.DiagnosticSeverity.Error);
    assertRange(invalid.range, rangeOf(document, '${SLACK_BOT_TOKEN-fallback}'), 'invalid-placeholder on the placeholder');
    // SLACK_BOT_TOKEN is declared known in .vscode/settings.json: nothing unresolved about it.
    assert.equal(diagnosticsWithCode(diagnostics, 'unresolved-variable').length, 1);
  });

  test('default_in_roots: undefined-root error on the name, related information in roots.json', async () => {
    const document = await openDocument('roots-check/mcp.json');
    const diagnostic = await waitForCode(document.uri, 'undefined-root');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assertRange(diagnostic.range, rangeOf(document, '"docs-site"', '"default_in_roots"'), 'undefined-root on the unknown name');
    assert.match(diagnostic.message, /docs-site/);
    const related = diagnostic.relatedInformation ?? [];
    assert.ok(related.length > 0, 'undefined-root has related information');
    const rootsUri = fixtureUri('roots-check/roots.json');
    assert.ok(
      related.some((info) => info.location.uri.toString() === rootsUri.toString()),
      `related information points into roots-check/roots.json (got ${related.map((info) => info.location.uri.toString()).join(', ')})`,
    );
    // The root that does exist ("zimmer") is not reported.
    assert.equal(diagnosticsWithCode(vscode.languages.getDiagnostics(document.uri), 'undefined-root').length, 1);
  });
});
