import * as path from 'node:path';
import { artifactPathProbe } from './artifactPaths';
import { OTHER_INDEX_TYPES, summariseArtifactIndex, type ArtifactIndexFile, type ArtifactsFacts } from '../service/artifacts';
import { INDEX_NOUN, isAirJsonName, isExcludedPath, kindFromName, kindFromSchemaUrl, type IndexKind } from '../service/classify';
import { isOtherToolsEnvelope, isUnderDotFolder } from '../service/otherTools';
import { schemaUrlOf } from '../service/schemaUrl';
import {
  AIR_ARTIFACT_TYPES,
  type AirArtifactType,
  type AirArtifacts,
  type AirPath,
  type AirFacts,
  type CatalogFile,
  type CatalogsFacts,
  type ComposedCatalog,
  type CompositionFacts,
  type RootsFacts,
  type RootsFile,
  type WorkspaceFacts,
} from '../service/facts';
import { indexEntries } from '../service/model';
import { getProperty, nodeValue, parseJson, propertyValue } from '../service/parse';
import { summariseCatalog, summariseRootsIndex } from '../service/summary';
import type { VariableIndex } from '../service/variables';
import { EDITOR_SURFACE, type Surface } from '../service/surface';
import type { FileReader } from './files';
import { AirJsons, REMOTE_SOURCE, remoteScope, siblingIndex, siblingName, type AirJson, type Composition, type IndexFileKind } from './airJsons';
import { isInside, SideFiles, type SideRead, type SideRequest } from './sideFiles';
import { configuredVariableFiles, discoverVariables, type VariableContext } from './variableSources';

/**
 * Discovery (SPEC §4.3, §4.4, §10): which roots index a catalog uses, which catalogs a roots index
 * uses, and which variable names are known. The only module that decides where to look; the
 * language server and the CLI differ only in the FileReader and settings they pass.
 */

export interface SourceSettings {
  /** Names declared known (`knownVariables` setting / `--known`). */
  knownVariables: readonly string[];
  /** Where messages are read: settings (editor) or flags (command line); the editor's when absent. */
  surface?: Surface;
  /** Explicit dotenv files: replace discovery when non-empty. Relative paths resolve against the workspace root. */
  envFiles: readonly string[];
  /** An AIR secrets-file JSON map (names → values); only names are read. */
  secretsFile?: string;
  /** Explicit roots indexes: replace discovery when non-empty. */
  rootsFiles: readonly string[];
  /** Explicit catalogs for roots indexes (the CLI's positional files, or none). */
  catalogFiles?: readonly string[];
  readProcessEnv: boolean;
  /** In a restricted (untrusted) workspace no dotenv, secrets file or process environment is read. */
  trusted: boolean;
}

export interface WorkspaceOptions {
  /** The workspace folder (editor) or current directory (CLI): default `.env` location and base for relative settings. */
  workspaceRoot?: string;
  /** The upward air.json search stops here (the workspace folder); undefined → the filesystem root. */
  searchBoundary?: string;
  /** The process environment to read names from; undefined where there is none (the web worker). */
  env: NodeJS.ProcessEnv | undefined;
  /**
   * The folders discovered side files must resolve inside (node/sideFiles.ts): the workspace
   * folders in the editor, the current directory on the command line. Empty or absent: anywhere.
   */
  containment?: readonly string[];
  /** How the containment is named in messages (default "the workspace"). */
  containmentLabel?: string;
  /** False in a restricted workspace: no file that holds variables is read, whatever names it. */
  trusted?: boolean;
}

export interface DiscoveredFacts {
  facts: WorkspaceFacts;
  /** Files these facts were read from (for watching and invalidation). */
  dependencies: string[];
}

export class Workspace {
  private readonly side: SideFiles;
  private readonly airJsons: AirJsons;
  /** Files that are variable sources by configuration, refused as anything while restricted (set per `factsFor`). */
  private variableFiles: string[] = [];

  constructor(
    private readonly files: FileReader,
    private readonly options: WorkspaceOptions,
  ) {
    this.side = new SideFiles(files, { containment: options.containment ?? [], containmentLabel: options.containmentLabel ?? 'the workspace' });
    this.airJsons = new AirJsons(files, {
      searchBoundary: options.searchBoundary,
      airText: (airPath) => this.textOf(airPath, { explicit: true }),
      sideText: (file) => this.textOf(file),
      outside: (file) => this.outside(file),
    });
  }

  /** Whether side files of this workspace may hold variables (a trusted workspace). */
  private get trusted(): boolean {
    return this.options.trusted !== false;
  }

  /** A side file under the policy: discovered ones stay inside the containment, and nothing holding variables is read while restricted. */
  private readSide(file: string, request: Partial<SideRequest> = {}): SideRead {
    return this.side.read(file, { variableFiles: this.variableFiles, ...request, trusted: this.trusted && request.trusted !== false });
  }

  private textOf(file: string, request: Partial<SideRequest> = {}): string | undefined {
    const read = this.readSide(file, request);
    return 'text' in read ? read.text : undefined;
  }

  /** Whether a file lies inside the containment (for code actions and rename: no edit outside it). */
  contains(filePath: string): boolean {
    return this.side.contains(filePath);
  }

  /** Why a file or folder must not be read at all: its real path leaves the containment (`SideFiles.outside`). */
  outside(filePath: string): string | undefined {
    return this.side.outside(filePath);
  }

  /**
   * What a file is (SPEC §1, §10, §12): `$schema` wins, then the name (service/classify.ts), then
   * air.json membership — an air.json array listing it, or AIR's own discovery in a `catalogs`
   * folder; `air.json` / `air.*.json` are air.json files. Other tools' MCP files (under a dot-folder,
   * or another tool's envelope: service/otherTools.ts) are nothing of ours unless their `$schema`
   * names AIR's or an air.json array lists them (a `catalogs` folder finds files by name only, which
   * is no better evidence than the name rule that left them out).
   * `schemaUrl`: the text's `$schema` (and envelope) when the caller already knows it (the editor carries it through edits).
   */
  classify(filePath: string, text?: string, schemaUrl?: { url: string | undefined; envelope?: boolean }): IndexKind | undefined {
    if (isExcludedPath(filePath)) return undefined;
    if (isAirJsonName(filePath)) return 'air';
    let read = text;
    const content = (): string => (read ??= this.textOf(filePath, { explicit: true }) ?? '');
    const url = schemaUrl ? schemaUrl.url : schemaUrlOf(content());
    const bySchema = kindFromSchemaUrl(url);
    if (bySchema) return bySchema;
    if (isUnderDotFolder(filePath, this.options.workspaceRoot) || (schemaUrl?.envelope ?? isOtherToolsEnvelope(content()))) return this.airMembership(filePath);
    if (!filePath.toLowerCase().endsWith('.json')) return this.airMembership(filePath);
    return kindFromName(filePath) ?? this.airMembership(filePath, { schemaUrl: url });
  }

  /** Facts for checking `filePath` as `kind`. */
  factsFor(filePath: string, kind: IndexKind, settings: SourceSettings): DiscoveredFacts {
    const dependencies: string[] = [];
    this.variableFiles = configuredVariableFiles(this.variableContext(), settings);
    const variables = this.variableIndex(filePath, settings, dependencies);
    const facts: WorkspaceFacts = { documentPath: filePath, variables, surface: settings.surface ?? EDITOR_SURFACE };
    if (kind === 'air') {
      facts.air = this.airFacts(filePath, dependencies);
      return { facts, dependencies };
    }
    // Every index but an air.json sees the rest of the repository (SPEC §12): its roots (a roots
    // index is its own), its catalogs (a catalog sees the others through `composition`) and the
    // skills, hooks, plugins and references indexes, all found through the one composing air.json.
    const composed = this.composition(filePath, kind, dependencies);
    if (kind !== 'roots') {
      const found = this.rootsFor(filePath, kind, settings, dependencies, composed);
      facts.roots = found.roots;
      facts.rootsSearch = found.searched;
    }
    if (kind === 'catalog') facts.composition = this.composedCatalogs(filePath, dependencies);
    else facts.catalogs = this.catalogsFor(filePath, kind, settings, dependencies, composed);
    facts.artifacts = this.artifactsFor(filePath, kind, dependencies, composed);
    // Artifact paths (SPEC §12) are never followed in a restricted workspace.
    if (this.trusted) facts.artifactPaths = artifactPathProbe(filePath, kind, (file) => this.readSide(file), dependencies);
    return { facts, dependencies };
  }

  // ---- variables -------------------------------------------------------------------------

  variableIndex(filePath: string, settings: SourceSettings, dependencies: string[] = []): VariableIndex {
    return discoverVariables(this.variableContext(), filePath, { ...settings, trusted: settings.trusted && this.trusted }, dependencies);
  }

  private variableContext(): VariableContext {
    return {
      side: this.side,
      workspaceRoot: this.options.workspaceRoot,
      env: this.options.env,
      resolve: (file) => this.resolve(file),
      display: (file) => this.display(file),
    };
  }

  // ---- roots for a catalog -------------------------------------------------------------------

  /**
   * The roots index of any index but a roots index (SPEC §10, §12): the explicit setting; else the
   * composing air.json's `roots` (with the roots indexes of its `catalogs` folders); else the
   * sibling named with the `roots` token, or the only roots index in the folder.
   */
  rootsFor(
    filePath: string,
    kind: IndexFileKind,
    settings: SourceSettings,
    dependencies: string[] = [],
    composed = this.composition(filePath, kind, dependencies),
  ): { roots?: RootsFacts; searched: string } {
    if (settings.rootsFiles.length > 0) {
      const files = settings.rootsFiles.map((file) => this.resolve(file));
      dependencies.push(...files);
      return { roots: { via: 'explicit', ...this.readRootsFiles(files, true), remoteSources: [] }, searched: 'the configured roots files' };
    }
    if (composed && (composed.air.arrays.roots || composed.air.catalogs.length > 0)) {
      const { local, remote } = composed.types.roots;
      dependencies.push(...local);
      return { roots: { via: 'air.json', ...this.readRootsFiles(local), remoteSources: remote }, searched: this.display(composed.air.path) };
    }
    const sibling = siblingIndex(this.files, filePath, kind, 'roots');
    if (sibling) {
      dependencies.push(sibling);
      return { roots: { via: 'sibling', ...this.readRootsFiles([sibling]), remoteSources: [] }, searched: 'the sibling roots index' };
    }
    const sib = siblingName(filePath, kind, 'roots');
    dependencies.push(path.join(path.dirname(filePath), sib));
    return { searched: `an air.json listing this ${INDEX_NOUN[kind].index} and a sibling ${sib}` };
  }

  private readRootsFiles(paths: string[], explicit = false): { files: RootsFile[]; unread?: string[] } {
    return this.readIndexFiles(paths, 'roots', explicit) as { files: RootsFile[]; unread?: string[] };
  }

  /** Index files named by a setting, an air.json or discovery; what was refused is said, not hidden. */
  private readIndexFiles(paths: string[], kind: IndexKind, explicit: boolean): { files: (RootsFile | CatalogFile)[]; unread?: string[] } {
    const files: (RootsFile | CatalogFile)[] = [];
    const unread: string[] = [];
    for (const file of paths) {
      const read = this.readSide(file, { explicit });
      if ('text' in read) files.push(this.cachedSummary(file, read.text, kind));
      else unread.push(`${this.display(file)} ${read.refused}`);
    }
    return unread.length > 0 ? { files, unread } : { files };
  }

  // ---- catalogs for a roots index -----------------------------------------------------------

  catalogsForRoots(rootsPath: string, settings: SourceSettings, dependencies: string[] = []): CatalogsFacts | undefined {
    return this.catalogsFor(rootsPath, 'roots', settings, dependencies);
  }

  /**
   * The catalogs of any index but a catalog (SPEC §10, §12): the explicit ones; else the composing
   * air.json's `mcp` (with the catalogs of its `catalogs` folders); else the sibling named with the
   * `mcp` token, or the only catalog in the folder; else none.
   */
  catalogsFor(
    filePath: string,
    kind: IndexFileKind,
    settings: SourceSettings,
    dependencies: string[] = [],
    composed = this.composition(filePath, kind, dependencies),
  ): CatalogsFacts | undefined {
    if (settings.catalogFiles && settings.catalogFiles.length > 0) {
      const files = settings.catalogFiles.map((file) => this.resolve(file));
      dependencies.push(...files);
      return { via: 'explicit', ...this.readCatalogFiles(files, true), remoteSources: [] };
    }
    if (composed && (composed.air.arrays.mcp || composed.air.catalogs.length > 0)) {
      const { local, remote } = composed.types.mcp;
      dependencies.push(...local);
      return { via: 'air.json', ...this.readCatalogFiles(local), remoteSources: remote };
    }
    const sibling = siblingIndex(this.files, filePath, kind, 'catalog');
    if (sibling) {
      dependencies.push(sibling);
      return { via: 'sibling', ...this.readCatalogFiles([sibling]), remoteSources: [] };
    }
    dependencies.push(path.join(path.dirname(filePath), siblingName(filePath, kind, 'catalog')));
    return undefined;
  }

  // ---- skills, hooks, plugins and references -------------------------------------------------

  /**
   * Every local skills, hooks, plugins and references index the document's repository composes
   * (SPEC §12), the document itself included when it is one: the composing air.json's arrays and
   * `catalogs` folders; without one, the siblings named with each type's token (or the only index
   * of that type in the folder). A type fed by a remote source, or with an index that could not be
   * read or is not strict JSON (AIR would fail on it), is incomplete.
   */
  artifactsFor(filePath: string, kind: IndexFileKind, dependencies: string[] = [], composed = this.composition(filePath, kind, dependencies)): ArtifactsFacts {
    const files: ArtifactIndexFile[] = [];
    const incomplete = new Set<AirArtifactType>();
    const remoteScopes: string[] = [];
    const read = (type: (typeof OTHER_INDEX_TYPES)[number], file: string): void => {
      dependencies.push(file);
      const sideRead = this.readSide(file);
      if (!('text' in sideRead)) {
        // AIR reads a missing index as empty; one it cannot read leaves the type unknown.
        if (!sideRead.missing) incomplete.add(type);
        return;
      }
      const parsed = parseJson(sideRead.text);
      if (parsed.strictErrors || parsed.root?.type !== 'object') incomplete.add(type);
      files.push(this.cached(`${type}:${file}`, sideRead.text, () => summariseArtifactIndex(type, file, sideRead.text, parsed)));
    };
    if (composed) {
      for (const type of AIR_ARTIFACT_TYPES) {
        for (const source of composed.types[type].remote) {
          incomplete.add(type);
          const scope = remoteScope(source);
          if (scope && !remoteScopes.includes(scope)) remoteScopes.push(scope);
        }
      }
      for (const type of OTHER_INDEX_TYPES) for (const file of composed.types[type].local) read(type, file);
    } else {
      for (const type of OTHER_INDEX_TYPES) {
        const file = type === kind ? path.resolve(filePath) : siblingIndex(this.files, filePath, kind, type);
        if (file) read(type, file);
        else dependencies.push(path.join(path.dirname(filePath), siblingName(filePath, kind, type)));
      }
    }
    return { files, incomplete, remoteScopes };
  }

  private readCatalogFiles(paths: string[], explicit = false): { files: CatalogFile[]; unread?: string[] } {
    return this.readIndexFiles(paths, 'catalog', explicit) as { files: CatalogFile[]; unread?: string[] };
  }

  // ---- air.json ------------------------------------------------------------------------------

  /** The kind an air.json gives `filePath` (its arrays; with `inCatalogs`, its `catalogs` folders too): AirJsons.membership. */
  airMembership(filePath: string, inCatalogs?: { schemaUrl: string | undefined }): IndexKind | undefined {
    return this.airJsons.membership(filePath, inCatalogs);
  }

  /** Nearest air.json / air.*.json upward whose `array` lists `filePath`; stops at the search boundary. */
  nearestAirJsonListing(filePath: string, array: AirArtifactType, dependencies: string[]): AirJson | undefined {
    return this.airJsons.nearestListing(filePath, array, dependencies);
  }

  private composition(filePath: string, kind: IndexFileKind, dependencies: string[]): Composition | undefined {
    return this.airJsons.composition(filePath, kind, dependencies);
  }

  /**
   * For `duplicate-server`: the nearest air.json whose `mcp` array lists this catalog,
   * and the other local catalogs it composes (each with the span of its listing). Undefined when
   * no air.json lists the catalog.
   */
  composedCatalogs(catalogPath: string, dependencies: string[] = []): CompositionFacts | undefined {
    const air = this.nearestAirJsonListing(catalogPath, 'mcp', dependencies);
    if (!air) return undefined;
    const text = this.textOf(air.path, { explicit: true });
    const mcp = text === undefined ? undefined : propertyValue(getProperty(parseJson(text).root, 'mcp'));
    const self = path.resolve(catalogPath);
    const catalogs: ComposedCatalog[] = [];
    const seen = new Set<string>([self]);
    for (const item of mcp?.type === 'array' ? (mcp.children ?? []) : []) {
      if (item.type !== 'string' || REMOTE_SOURCE.test(item.value as string)) continue;
      const file = path.resolve(path.dirname(air.path), item.value as string);
      if (seen.has(file)) continue;
      seen.add(file);
      dependencies.push(file);
      const catalogText = this.textOf(file);
      if (catalogText === undefined) continue;
      const summary = this.cachedSummary(file, catalogText, 'catalog') as CatalogFile;
      catalogs.push({ ...summary, listing: { start: item.offset, end: item.offset + item.length } });
    }
    return { airPath: air.path, catalogs };
  }

  /**
   * For an air.json: where each local path of its per-type arrays points, and the short
   * names each artifact type resolves to from the local index files. A type fed by a remote source
   * or by `catalogs` (folders AIR searches) is marked incomplete.
   */
  airFacts(airPath: string, dependencies: string[] = []): AirFacts {
    const facts: AirFacts = { paths: new Map(), artifacts: {}, catalogs: new Map() };
    const text = this.textOf(airPath, { explicit: true });
    const value = text === undefined ? undefined : nodeValue(parseJson(text).root);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return facts;
    const record = value as Record<string, unknown>;
    const hasCatalogs = Array.isArray(record.catalogs) && record.catalogs.length > 0;
    const dir = path.dirname(airPath);
    for (const type of AIR_ARTIFACT_TYPES) {
      const listed = Array.isArray(record[type]) ? (record[type] as unknown[]).filter((item): item is string => typeof item === 'string') : [];
      const artifacts: AirArtifacts = { names: new Set(), complete: !hasCatalogs };
      for (const written of listed) {
        if (REMOTE_SOURCE.test(written)) {
          artifacts.complete = false;
          continue;
        }
        const file = path.resolve(dir, written);
        dependencies.push(file);
        const read = this.readSide(file);
        const fileText = 'text' in read ? read.text : undefined;
        if (!facts.paths.has(written)) facts.paths.set(written, this.airPath(file, read));
        if (fileText === undefined) continue;
        const parsed = parseJson(fileText);
        if (parsed.strictErrors || parsed.root?.type !== 'object') {
          artifacts.complete = false;
          continue;
        }
        for (const entry of indexEntries(parsed.root)) artifacts.names.add(entry.name);
        if (type === 'mcp' && !facts.catalogs.has(written)) facts.catalogs.set(written, this.cachedSummary(file, fileText, 'catalog') as CatalogFile);
      }
      facts.artifacts[type] = artifacts;
    }
    return facts;
  }

  /** What an air.json path points at, as `air-…-not-found` diagnostics tell it. */
  private airPath(file: string, read: SideRead): AirPath {
    if ('text' in read) return { path: file, found: 'file' };
    if (read.refused === 'is a folder') return { path: file, found: 'folder' };
    if (read.missing) return { path: file, found: 'missing' };
    return { path: file, found: 'refused', reason: read.refused };
  }

  // ---- helpers -------------------------------------------------------------------------------

  private readonly summaries = new Map<string, { text: string; summary: unknown }>();

  private cachedSummary(file: string, text: string, kind: IndexKind): RootsFile | CatalogFile {
    return this.cached(`${kind}:${file}`, text, () => (kind === 'roots' ? summariseRootsIndex(file, text) : summariseCatalog(file, text)));
  }

  /** A summary of a side file, made again only when its text changed. */
  private cached<T>(key: string, text: string, make: () => T): T {
    const cached = this.summaries.get(key);
    if (cached && cached.text === text) return cached.summary as T;
    const summary = make();
    this.summaries.set(key, { text, summary });
    return summary;
  }

  resolve(file: string): string {
    return path.resolve(this.options.workspaceRoot ?? process.cwd(), file);
  }

  /** A path as shown in messages: relative to the workspace root when inside it. */
  display(file: string): string {
    const root = this.options.workspaceRoot;
    if (root && isInside(file, root)) return path.relative(root, file) || path.basename(file);
    return file;
  }
}
