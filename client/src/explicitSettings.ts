import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';
import { SETTINGS_IN_PROJECT_CONFIG } from '../../shared/src/settings';

/**
 * The server puts each workspace folder's `.mcp-catalog.json` under the user's settings, and a
 * setting wins only where the user set it (server/src/lsp/projectSettings.ts). VS Code answers
 * `workspace/configuration` with defaults filled in, so this middleware leaves out every key the
 * file can also hold that no settings scope (user, workspace, folder, or their language-specific
 * variants) sets explicitly.
 */
export const explicitConfiguration: NonNullable<NonNullable<Middleware['workspace']>['configuration']> = async (params, token, next) => {
  const result = await next(params, token);
  if (!Array.isArray(result)) return result;
  return result.map((value: unknown, index: number) => {
    const item = params.items[index];
    if (item?.section !== 'mcpCatalog' || !value || typeof value !== 'object' || Array.isArray(value)) return value;
    const scope = item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined;
    const configuration = vscode.workspace.getConfiguration('mcpCatalog', scope);
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of SETTINGS_IN_PROJECT_CONFIG) if (!isSetExplicitly(configuration.inspect(key))) delete copy[key];
    return copy;
  });
};

function isSetExplicitly(inspected: ReturnType<vscode.WorkspaceConfiguration['inspect']>): boolean {
  if (!inspected) return false;
  return [
    inspected.globalValue,
    inspected.workspaceValue,
    inspected.workspaceFolderValue,
    inspected.globalLanguageValue,
    inspected.workspaceLanguageValue,
    inspected.workspaceFolderLanguageValue,
  ].some((value) => value !== undefined);
}
