import type { CandidateBuilder } from './candidateBuilder';
import type { PlaceholderSite } from './completionSite';
import type { CompletionCandidate } from './completionTypes';
import type { LanguageDocument } from './document';

/**
 * Completion after `${` (SPEC §4.3): names only, never a value. Ranked by how likely the author
 * means them: the `env` key being written (`"GITHUB_TOKEN": "${`), the names this catalog already uses, then the names declared in a source the
 * runtime reads too (known names, dotenv files — a name listed without a value as well — and the
 * secrets file), then the editor's process environment, without the variables the editor, its
 * shell and the desktop set for themselves (nobody configures an MCP server with `SHLVL`).
 */

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const USED_NAME = /\$\{([A-Za-z_][A-Za-z0-9_]*)/g;

/** The editor's own runtime variables, by exact name. */
const RUNTIME_NAMES: ReadonlySet<string> = new Set([
  '_',
  'SHLVL',
  'PWD',
  'OLDPWD',
  'INIT_CWD',
  'TERM',
  'COLORTERM',
  'TERM_PROGRAM',
  'TERM_PROGRAM_VERSION',
  'TERM_SESSION_ID',
  'SHELL',
  'LOGNAME',
  'MAIL',
  'HOSTNAME',
  'DISPLAY',
  'XAUTHORITY',
  'WINDOWID',
  'SESSION_MANAGER',
  'DESKTOP_SESSION',
  'GDMSESSION',
  'SSH_AUTH_SOCK',
  'SSH_AGENT_PID',
  'GPG_AGENT_INFO',
  'LS_COLORS',
  'LESSOPEN',
  'LESSCLOSE',
  'MOTD_SHOWN',
  'NO_AT_BRIDGE',
  'LANG',
  'LANGUAGE',
  'TMPDIR',
  'GIT_ASKPASS',
  'BROWSER',
  'NODE_CHANNEL_FD',
  'NODE_CHANNEL_SERIALIZATION_MODE',
  'NODE_EXEC_PATH',
  'ORIGINAL_XDG_CURRENT_DESKTOP',
  'APPLICATIONINSIGHTS_CONFIGURATION_CONTENT',
]);

/** …and by prefix (VS Code, Electron, the desktop session, locale). */
const RUNTIME_PREFIXES: readonly string[] = [
  'VSCODE_',
  'ELECTRON_',
  'CHROME_',
  'CODE_SERVER_',
  'XDG_',
  'DBUS_',
  'GTK_',
  'GDK_',
  'GIO_',
  'QT_',
  'GNOME_',
  'KDE_',
  'WAYLAND_',
  'LC_',
  '__',
];

/** A process variable the editor or its session set for itself, not for a catalog. */
export function isEditorRuntimeVariable(name: string): boolean {
  return RUNTIME_NAMES.has(name) || RUNTIME_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The last document's `${NAME}` counts: completion asks again at every keystroke in the same text. */
let lastScan: { text: string; counts: Map<string, number> } | undefined;

function placeholderCounts(text: string): Map<string, number> {
  if (lastScan?.text === text) return lastScan.counts;
  const counts = new Map<string, number>();
  for (const match of text.matchAll(USED_NAME)) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  lastScan = { text, counts };
  return counts;
}

/** Names used in `${…}` anywhere in the document, except the one being typed (unless it is used elsewhere too). */
function namesInDocument(text: string, site: PlaceholderSite): string[] {
  const counts = placeholderCounts(text);
  const typed = /^[A-Za-z0-9_]*/.exec(text.slice(site.range.start, site.range.end + 64))![0];
  return [...counts].filter(([name, count]) => name !== typed || count > 1).map(([name]) => name);
}

export function variableCandidates(document: LanguageDocument, site: PlaceholderSite, builder: CandidateBuilder): CompletionCandidate[] {
  const variables = document.facts.variables;
  const ranked = new Map<string, { rank: number; detail: string }>();
  const offer = (name: string, rank: number, detail: string): void => {
    if (!NAME.test(name) || ranked.has(name)) return;
    ranked.set(name, { rank, detail });
  };
  // `"GITHUB_TOKEN": "${` in `env`: the variable is most often named as the key it sets.
  const key = site.path[site.path.length - 1];
  if (site.path[site.path.length - 2] === 'env' && typeof key === 'string') {
    const source = variables.find(key);
    offer(key, 0, source ? `the name of this env key; set in ${source.label}` : 'the name of this env key');
  }
  for (const name of namesInDocument(document.text, site)) {
    const source = variables.find(name);
    offer(name, 1, source ? `used in this catalog; set in ${source.label}` : 'used in this catalog');
  }
  for (const source of variables.sources) {
    if (source.kind === 'process') continue;
    for (const name of source.names) offer(name, 2, `set in ${source.label}`);
    for (const name of source.empty ?? []) offer(name, 2, `in ${source.label}, without a value`);
  }
  for (const source of variables.sources) {
    if (source.kind !== 'process') continue;
    for (const name of source.names) if (!isEditorRuntimeVariable(name)) offer(name, 3, `set in ${source.label}`);
  }
  // The detail names the source, never what it says.
  return [...ranked].map(([name, { rank, detail }]) =>
    builder.plain(site.range, name, `${name}${site.needsClose ? '}' : ''}`, { kind: 'variable', detail, filterText: name, sortText: `${rank}${name}` }),
  );
}
