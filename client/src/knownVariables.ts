import * as vscode from 'vscode';

/**
 * `mcpCatalog.addKnownVariable` (the "declare it known" quick fix of `unresolved-variable`): adds
 * a NAME — never a value — to `mcpCatalog.knownVariables` of the catalog's workspace folder.
 */
export function registerKnownVariableCommand(): vscode.Disposable {
  return vscode.commands.registerCommand('mcpCatalog.addKnownVariable', async (name: unknown, documentUri?: unknown) => {
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return;
    const resource = typeof documentUri === 'string' ? vscode.Uri.parse(documentUri) : vscode.window.activeTextEditor?.document.uri;
    const folder = resource ? vscode.workspace.getWorkspaceFolder(resource) : undefined;
    const configuration = vscode.workspace.getConfiguration('mcpCatalog', resource);
    const inspected = configuration.inspect<string[]>('knownVariables');
    const target = folder
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : vscode.workspace.workspaceFolders?.length
        ? vscode.ConfigurationTarget.Workspace
        : vscode.ConfigurationTarget.Global;
    const current =
      (target === vscode.ConfigurationTarget.WorkspaceFolder
        ? inspected?.workspaceFolderValue
        : target === vscode.ConfigurationTarget.Workspace
          ? inspected?.workspaceValue
          : inspected?.globalValue) ?? [];
    if (current.includes(name)) return;
    await configuration.update('knownVariables', [...current, name], target);
    void vscode.window.setStatusBarMessage(`MCP Catalog: ${name} is now a known variable name.`, 4000);
  });
}
