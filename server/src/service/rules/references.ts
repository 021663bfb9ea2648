import { directoryFor, referenceLists, resolveId, TYPE_NOUN, type Directory, type OwnIndex } from '../artifactIds';
import type { AirArtifactType } from '../facts';
import type { Finding, RelatedLocation } from '../findings';
import { field, stringItems, type IndexEntry } from '../model';
import type { JsonNode } from '../parse';
import { suggesterFor } from '../suggestions';
import { reportNotChecked } from './notChecked';
import { nodeSpan, type Rule, type RuleContext } from './rule';
import { fileName, quoted } from '../text';

/**
 * References between indexes (SPEC §12): every ID a skill's or hook's `references`, a plugin's
 * `skills` / `mcp_servers` / `hooks` / `plugins`, or a roots index's legacy `default_skills` /
 * `default_hooks` / `default_plugins` writes must name an artifact of that type — reported where
 * it is written, with the closest names. Which field names which type is artifactIds.ts's
 * `referenceLists` (from artifacts.ts REFERENCE_FIELDS); root names and a roots index's
 * `default_mcp_servers` are rules/roots.ts's. A plugin that includes itself through `plugins`,
 * directly or not, is `plugin-cycle`.
 */

const UNDEFINED_CODE = {
  mcp: 'undefined-server',
  skills: 'undefined-skill',
  hooks: 'undefined-hook',
  plugins: 'undefined-plugin',
  references: 'undefined-reference',
  roots: 'undefined-root',
} as const satisfies Record<AirArtifactType, Finding['code']>;

/** The lists this rule checks: every one but root names and `default_mcp_servers` (rules/roots.ts). */
function checkedLists(context: RuleContext): ReturnType<typeof referenceLists> {
  return referenceLists(context.kind).filter((list) => list.to !== 'roots' && list.field !== 'default_mcp_servers');
}

export const referencesRule: Rule = {
  id: 'references',
  appliesTo: ['skills', 'hooks', 'plugins', 'roots'],
  codes: {
    'undefined-skill': {
      severity: 'error',
      summary: "A plugin's `skills` item, or a root's legacy `default_skills` item, names no skill.",
      example: '`["lint-fx"]`',
    },
    'undefined-hook': {
      severity: 'error',
      summary: "A plugin's `hooks` item, or a root's legacy `default_hooks` item, names no hook.",
      example: '`["pre-comit"]`',
    },
    'undefined-plugin': {
      severity: 'error',
      summary: "A plugin's `plugins` item, or a root's legacy `default_plugins` item, names no plugin.",
      example: '`["code-qualty"]`',
    },
    'undefined-reference': { severity: 'error', summary: "A skill's or hook's `references` item names no reference.", example: '`["git-workflw"]`' },
    'ambiguous-reference': {
      severity: 'error',
      summary: 'A short ID that two other scopes define; AIR refuses it as ambiguous.',
      example: '`"lint"` defined by `@acme/skills` and `@beta/skills`',
    },
    'plugin-cycle': { severity: 'error', summary: 'A plugin includes itself through `plugins`, directly or not.', example: '`a` → `b` → `a`' },
  },
  alsoReports: ['undefined-server', 'reference-not-checked'],
  checkDocument(context) {
    const lists = checkedLists(context);
    if (lists.length === 0) return;
    const own: OwnIndex = { kind: context.kind, entries: context.entries, anchor: nodeSpan(context.root) };
    const directories = new Map<AirArtifactType, Directory | undefined>();
    const directory = (type: AirArtifactType): Directory | undefined => {
      if (!directories.has(type)) directories.set(type, directoryFor(type, context.facts, own));
      return directories.get(type);
    };
    for (const entry of context.entries) {
      for (const list of lists) {
        for (const item of stringItems(field(entry, list.field)?.valueNode)) {
          checkId(context, entry, item, list.to, directory(list.to), [entry.name, list.field, item.index]);
        }
      }
    }
    if (context.kind === 'plugins') reportCycles(context, directory('plugins'));
  },
};

function owner(context: RuleContext, entry: IndexEntry): string {
  return `${context.kind === 'roots' ? 'root' : TYPE_NOUN[context.kind as AirArtifactType]} ${quoted(entry.name)}`;
}

function fileNames(directory: Directory, context: RuleContext): string {
  return directory.files.map((file) => fileName(file.path ?? context.facts.documentPath ?? 'this file')).join(', ');
}

function checkId(
  context: RuleContext,
  entry: IndexEntry,
  item: { value: string; node: JsonNode },
  to: AirArtifactType,
  directory: Directory | undefined,
  path: (string | number)[],
): void {
  const noun = TYPE_NOUN[to];
  if (!directory) {
    reportNotChecked(context, {
      code: 'reference-not-checked',
      message: `${quoted(item.value)} could not be checked: no ${noun}s index was found for this file (said once per file).`,
      ...nodeSpan(item.node),
      data: { path },
    });
    return;
  }
  const resolution = resolveId(directory, item.value);
  switch (resolution.status) {
    case 'found':
      return;
    case 'remote':
    case 'unknown':
      reportNotChecked(context, {
        code: 'reference-not-checked',
        message:
          resolution.status === 'remote'
            ? `${quoted(item.value)} is a ${noun} in a remote scope, so it cannot be checked offline (said once per file).`
            : `${quoted(item.value)} is not a local ${noun}; remote ${noun}s cannot be checked offline (said once per file).`,
        ...nodeSpan(item.node),
        data: { path },
      });
      return;
    case 'ambiguous':
      context.report({
        code: 'ambiguous-reference',
        message: `${quoted(item.value)} is a ${noun} of ${resolution.scopes.length} scopes, so AIR refuses it as ambiguous. Write ${resolution.scopes.map((scope) => quoted(`@${scope}/${item.value}`)).join(' or ')}.`,
        ...nodeSpan(item.node),
        data: { path, name: item.value, candidates: resolution.scopes.map((scope) => `@${scope}/${item.value}`) },
      });
      return;
  }
  const name = resolution.status === 'missing' ? resolution.name : item.value;
  const candidates = suggesterFor(directory, () => directory.local.keys()).closest(name, 3);
  const closest = candidates.length ? directory.local.get(candidates[0]) : undefined;
  const anchor = directory.files[0];
  const related: RelatedLocation[] = closest
    ? [{ path: closest.path, ...closest.span, message: `${capitalise(noun)} ${quoted(closest.id)}${closest.path ? ` in ${fileName(closest.path)}` : ''}` }]
    : anchor
      ? [{ path: anchor.path, ...anchor.anchor, message: `The ${noun}s of ${anchor.path ? fileName(anchor.path) : 'this index'}` }]
      : [];
  context.report({
    code: UNDEFINED_CODE[to],
    message: `${quoted(name)} is not a ${noun}, so ${owner(context, entry)} does not get it.${candidates.length ? ` Did you mean ${candidates.map((c) => quoted(c)).join(' or ')}?` : ''}${directory.files.length ? ` ${capitalise(noun)}s: ${fileNames(directory, context)}.` : ` No ${noun}s index is composed.`}`,
    ...nodeSpan(item.node),
    data: { path, name, candidates },
    related,
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Plugins that include themselves through `plugins` (SPEC §12): the graph is this document's
 * plugins and those of the other plugins indexes; each group of plugins that include each other
 * is reported once, on the first item of this document that closes a cycle, naming that cycle.
 */
function reportCycles(context: RuleContext, directory: Directory | undefined): void {
  const edges = new Map<string, string[]>();
  for (const file of context.facts.artifacts?.files ?? []) {
    if (file.type !== 'plugins' || file.path === context.facts.documentPath || (file.scope !== undefined && file.scope !== 'local')) continue;
    for (const artifact of file.artifacts.values()) if (!edges.has(artifact.id)) edges.set(artifact.id, localIds(artifact.lists.plugins ?? [], directory));
  }
  for (const entry of context.entries) {
    edges.set(
      entry.name,
      localIds(
        stringItems(field(entry, 'plugins')?.valueNode).map((item) => item.value),
        directory,
      ),
    );
  }
  const component = components(edges);
  const reported = new Set<number>();
  for (const entry of context.entries) {
    for (const item of stringItems(field(entry, 'plugins')?.valueNode)) {
      const next = localName(item.value, directory);
      const group = component.get(entry.name);
      // An edge inside one strongly connected group closes a cycle; each group is reported once.
      if (next === undefined || group === undefined || component.get(next) !== group || reported.has(group)) continue;
      reported.add(group);
      const members = [entry.name, ...(pathBack(next, entry.name, edges, (plugin) => component.get(plugin) === group) ?? [entry.name])];
      context.report({
        code: 'plugin-cycle',
        message: `Plugin ${quoted(entry.name)} includes itself through plugins: ${cycleText(members)}; AIR cannot expand it.`,
        ...nodeSpan(item.node),
        data: { path: [entry.name, 'plugins', item.index], cycle: members },
      });
    }
  }
}

/**
 * The strongly connected group of every plugin (Tarjan's algorithm, iterative so any depth is
 * safe): linear in plugins and edges, whatever a hostile index holds.
 */
function components(edges: ReadonlyMap<string, readonly string[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const group = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  let groups = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.set(member, groups);
        } while (member !== frame.node);
        groups++;
      }
    }
  }
  return group;
}

/** The local plugin an ID names, as written or `@local/`. */
function localName(written: string, directory: Directory | undefined): string | undefined {
  if (!directory) return undefined;
  const resolution = resolveId(directory, written);
  return resolution.status === 'found' ? resolution.definition?.id : undefined;
}

function localIds(written: readonly string[], directory: Directory | undefined): string[] {
  return written.map((id) => localName(id, directory)).filter((id): id is string => id !== undefined);
}

/** How many plugins of a cycle a message names before "N more". */
const CYCLE_SHOWN = 10;

/** `a -> b -> a`; a long cycle keeps its first plugins and its end. */
function cycleText(members: readonly string[]): string {
  if (members.length <= CYCLE_SHOWN + 2) return members.join(' -> ');
  return `${members.slice(0, CYCLE_SHOWN).join(' -> ')} -> (${members.length - CYCLE_SHOWN - 1} more) -> ${members[members.length - 1]}`;
}

/** The shortest path from `from` to `to` through `edges` among the plugins `within` accepts (breadth first, each once), ending at `to`. */
function pathBack(from: string, to: string, edges: ReadonlyMap<string, readonly string[]>, within: (plugin: string) => boolean): string[] | undefined {
  const previous = new Map<string, string | undefined>([[from, undefined]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i];
    if (at === to) {
      const path: string[] = [];
      for (let step: string | undefined = at; step !== undefined; step = previous.get(step)) path.unshift(step);
      return path;
    }
    for (const next of edges.get(at) ?? []) {
      if (previous.has(next) || !within(next)) continue;
      previous.set(next, at);
      queue.push(next);
    }
  }
  return undefined;
}
