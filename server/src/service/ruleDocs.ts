import type { Code } from './codes';

/**
 * Every code has a short page, docs/rules/<code>.md in the repository (SPEC §5: the longer
 * explanation goes to the rule's documentation page). Diagnostics link it as
 * `codeDescription.href`, SARIF as each rule's `helpUri`. The base is the repository URL of
 * package.json (a unit test keeps them equal) on its default branch, so a link never depends on
 * the version installed.
 */
export const REPOSITORY_URL = 'https://github.com/mcp-catalog/mcp-catalog';

export function ruleDocUrl(code: Code): string {
  return `${REPOSITORY_URL}/blob/main/docs/rules/${code}.md`;
}
