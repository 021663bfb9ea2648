import { onFirstUse } from './lazy';
import type {
  CancellationToken,
  Location,
  PrepareRenameParams,
  Range,
  ReferenceParams,
  RenameParams,
  TextDocumentPositionParams,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { ErrorCodes, ResponseError } from './protocol';
import { parseJson } from '../service/parse';
import type { FileSpan, LanguageKind } from '../service/language/document';
import type { IndexText } from '../service/language/navigation';
import type * as NavigationService from '../service/language/navigation';
import type * as RootDefaults from '../service/language/rootDefaults';
import { LineIndex } from '../service/text';
import type * as EditApplier from '../service/fixes/apply';
import { sourceSettings, type Analysis } from './analysis';
import { documentAt, guarded } from './requests';
import type { FeatureRegistration, ServerContext } from './features';
import { pathToUri } from './paths';

/** Loaded on the first rename, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const editApplier = onFirstUse((): typeof EditApplier => require('../service/fixes/apply') as typeof EditApplier);

/** Loaded on the first rename, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rootDefaults = onFirstUse((): typeof RootDefaults => require('../service/language/rootDefaults') as typeof RootDefaults);

/** Loaded on the first navigation request, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const navigationService = onFirstUse((): typeof NavigationService => require('../service/language/navigation') as typeof NavigationService);

/** A rename or prepare-rename away from any ID. */
const NOT_AN_ID = 'Only IDs can be renamed: a key of an index, or an item that names a root, server, skill, hook, plugin or reference.';

/**
 * Go to definition, find references and rename for roots and every other artifact ID (SPEC §12). Other files are read through the open documents first, so unsaved edits
 * count, then from disk.
 */
export const registerNavigation: FeatureRegistration = (context) => {
  const { connection } = context;
  connection.onDefinition((params, token) => guarded(context, 'definition', token, async () => definition(context, params, token)));
  connection.onReferences((params, token) => guarded(context, 'references', token, async () => references(context, params, token)));
  connection.onPrepareRename((params, token) => guarded(context, 'prepare rename', token, async () => prepareRename(context, params, token)));
  connection.onRenameRequest((params, token) => guarded(context, 'rename', token, async () => rename(context, params, token)));
  return { definitionProvider: true, referencesProvider: true, renameProvider: { prepareProvider: true } };
};

async function definition(context: ServerContext, params: TextDocumentPositionParams, token: CancellationToken): Promise<Location[] | null> {
  const at = await documentAt(context, params.textDocument.uri, token);
  if (!at) return null;
  const offset = at.analysis.lines.offsetAt(params.position);
  const targets = navigationService().definitionAt(at.document, offset);
  return targets.length ? context.analyzer.settle(() => locations(context, at.analysis, targets)) : null;
}

async function references(context: ServerContext, params: ReferenceParams, token: CancellationToken): Promise<Location[] | null> {
  const at = await documentAt(context, params.textDocument.uri, token);
  if (!at) return null;
  const offset = at.analysis.lines.offsetAt(params.position);
  const root = navigationService().rootAt(at.document, offset);
  const artifact = root ? undefined : navigationService().artifactAt(at.document, offset);
  if (!root && !artifact) return null;
  const family = await familyFor(context, at.analysis, root !== undefined);
  const found = (
    root ? navigationService().rootOccurrences(root.name, family.files) : navigationService().artifactOccurrences(artifact!.type, artifact!.name, family.files)
  ).filter((occurrence) => params.context.includeDeclaration || !occurrence.isDeclaration);
  return found.map((occurrence) => ({ uri: family.uriOf(occurrence.path), range: family.rangeOf(occurrence.path, occurrence.start, occurrence.end) }));
}

async function prepareRename(
  context: ServerContext,
  params: PrepareRenameParams,
  token: CancellationToken,
): Promise<{ range: Range; placeholder: string } | null> {
  const at = await documentAt(context, params.textDocument.uri, token);
  if (!at) return null;
  const offset = at.analysis.lines.offsetAt(params.position);
  const id = navigationService().rootAt(at.document, offset) ?? navigationService().artifactAt(at.document, offset);
  if (!id) throw new ResponseError(ErrorCodes.InvalidRequest, NOT_AN_ID);
  return { range: at.analysis.lines.rangeOf(id.span.start, id.span.end), placeholder: id.name };
}

async function rename(context: ServerContext, params: RenameParams, token: CancellationToken): Promise<WorkspaceEdit | null> {
  const at = await documentAt(context, params.textDocument.uri, token);
  if (!at) return null;
  const offset = at.analysis.lines.offsetAt(params.position);
  const root = navigationService().rootAt(at.document, offset);
  const artifact = root ? undefined : navigationService().artifactAt(at.document, offset);
  if (!root && !artifact) throw new ResponseError(ErrorCodes.InvalidRequest, NOT_AN_ID);
  const name = root ? root.name : artifact!.name;
  const family = await familyFor(context, at.analysis, root !== undefined);
  let problem: string | undefined;
  let renames: Map<string, NavigationService.TextEditSpan[]>;
  if (root) {
    const existing = new Set<string>(rootDefaults().knownRootNames(at.document));
    for (const file of family.files) if (file.kind === 'roots') for (const entry of parseRootNames(file)) existing.add(entry);
    problem = navigationService().invalidRootName(root.name, params.newName, [...existing]);
    renames = navigationService().renameRootEdits(root.name, params.newName, family.files);
  } else {
    const declaring = artifact!.type === 'mcp' ? 'catalog' : artifact!.type;
    const existing = family.files.filter((file) => file.kind === declaring).flatMap(parseRootNames);
    problem = navigationService().invalidArtifactName(artifact!.type, artifact!.name, params.newName, existing);
    renames = navigationService().renameArtifactEdits(artifact!.type, artifact!.name, params.newName, family.files);
  }
  if (problem) throw new ResponseError(ErrorCodes.InvalidParams, problem);
  const changes: Record<string, TextEdit[]> = {};
  // No rename edits a file outside the workspace (SPEC §8); half a rename would break the references.
  const workspace = at.analysis.filePath ? context.analyzer.workspaceFor(at.analysis.filePath) : undefined;
  const outside = [...renames.keys()].find((filePath) => filePath !== (at.analysis.filePath ?? at.analysis.uri) && !workspace?.contains(filePath));
  if (outside) throw new ResponseError(ErrorCodes.InvalidRequest, `"${name}" is also used in ${outside}, outside the workspace; rename it there by hand.`);
  for (const [filePath, edits] of renames) {
    const uri = family.uriOf(filePath);
    changes[uri] = edits.map((edit) => ({ range: family.rangeOf(filePath, edit.start, edit.end), newText: edit.newText }));
    const before = family.files.find((file) => file.path === filePath)?.text;
    if (before !== undefined) context.renames?.expect(uri, editApplier().applyEdits(before, edits));
  }
  return { changes };
}

function parseRootNames(file: IndexText): string[] {
  const root = file.parsed.root;
  if (!root || root.type !== 'object') return [];
  return (root.children ?? []).map((property) => property.children?.[0]?.value as string).filter((name) => typeof name === 'string' && name !== '$schema');
}

// ---- other files -----------------------------------------------------------------------------

/** A file's text: the open document's (unsaved edits count), else the disk's. */
function readText(context: ServerContext, filePath: string): string | undefined {
  const open = context.documents.get(pathToUri(filePath));
  return open ? open.getText() : context.files.read(filePath);
}

/** Spans in the document or in other files, as LSP locations (files that cannot be read are left out). */
export function locations(context: ServerContext, analysis: Analysis, targets: FileSpan[]): Location[] {
  const out: Location[] = [];
  for (const target of targets) {
    if (!target.path || target.path === analysis.filePath) {
      out.push({ uri: analysis.uri, range: analysis.lines.rangeOf(target.start, target.end) });
      continue;
    }
    const text = readText(context, target.path);
    if (text === undefined) continue;
    out.push({ uri: pathToUri(target.path), range: new LineIndex(text).rangeOf(target.start, target.end) });
  }
  return out;
}

interface Family {
  files: IndexText[];
  uriOf(filePath: string): string;
  rangeOf(filePath: string, start: number, end: number): Range;
}

/** A root's or an artifact's family, once every file it reads is answered (files/fileAccess.ts `settle`). */
function familyFor(context: ServerContext, analysis: Analysis, root: boolean): Promise<Family> {
  return context.analyzer.settle(() => (root ? rootFamily(context, analysis) : artifactFamily(context, analysis)));
}

/**
 * The files a root's name lives in: the roots indexes (the document's own, or the catalog's), every
 * catalog of those roots indexes, the other indexes the document's facts name, and the document itself.
 */
function rootFamily(context: ServerContext, analysis: Analysis): Family {
  const selfPath = analysis.filePath ?? analysis.uri;
  const wanted = new Map<string, LanguageKind>([[selfPath, analysis.kind === 'air' ? 'catalog' : analysis.kind]]);
  const settings = sourceSettings(analysis.settings, analysis.trusted);
  const rootsPaths = analysis.kind === 'roots' ? (analysis.filePath ? [analysis.filePath] : []) : (analysis.facts.roots?.files ?? []).map((file) => file.path);
  for (const rootsPath of rootsPaths) {
    if (!wanted.has(rootsPath)) wanted.set(rootsPath, 'roots');
    const catalogs = rootsPath === analysis.filePath ? analysis.facts.catalogs : context.analyzer.workspaceFor(rootsPath).catalogsForRoots(rootsPath, settings);
    for (const catalog of catalogs?.files ?? []) if (!wanted.has(catalog.path)) wanted.set(catalog.path, 'catalog');
  }
  // Skills, hooks, plugins and references join roots through their own default_in_roots (SPEC §12).
  for (const file of analysis.facts.artifacts?.files ?? []) if ((file.scope ?? 'local') === 'local' && !wanted.has(file.path)) wanted.set(file.path, file.type);
  return familyOf(context, analysis, wanted);
}

/**
 * The files an artifact ID lives in (SPEC §12): the document, the repository's local skills, hooks,
 * plugins and references indexes, its catalogs and its roots indexes (legacy `default_*` arrays).
 */
function artifactFamily(context: ServerContext, analysis: Analysis): Family {
  const wanted = new Map<string, LanguageKind>([[analysis.filePath ?? analysis.uri, analysis.kind === 'air' ? 'catalog' : analysis.kind]]);
  const add = (filePath: string, kind: LanguageKind): void => {
    if (!wanted.has(filePath)) wanted.set(filePath, kind);
  };
  for (const file of analysis.facts.artifacts?.files ?? []) if ((file.scope ?? 'local') === 'local') add(file.path, file.type);
  for (const file of analysis.facts.catalogs?.files ?? []) add(file.path, 'catalog');
  for (const file of analysis.facts.roots?.files ?? []) add(file.path, 'roots');
  return familyOf(context, analysis, wanted);
}

/** The wanted files' texts (the open document's, else the disk's) and their line indexes. */
function familyOf(context: ServerContext, analysis: Analysis, wanted: ReadonlyMap<string, LanguageKind>): Family {
  const selfPath = analysis.filePath ?? analysis.uri;
  const files: IndexText[] = [];
  const lines = new Map<string, LineIndex>();
  for (const [filePath, kind] of wanted) {
    const text = filePath === selfPath ? analysis.text : readText(context, filePath);
    if (text === undefined) continue;
    const parsed = filePath === selfPath && analysis.parsed ? analysis.parsed : parseJson(text);
    files.push({ path: filePath, kind, text, parsed });
    lines.set(filePath, filePath === selfPath ? analysis.lines : new LineIndex(text));
  }
  return {
    files,
    uriOf: (filePath) => (filePath === selfPath ? analysis.uri : pathToUri(filePath)),
    rangeOf: (filePath, start, end) => lines.get(filePath)!.rangeOf(start, end),
  };
}
