import * as path from 'node:path';
import { artifactPathProbe } from './artifactPaths';
import { baseName, isAirJsonName, isExcludedPath, kindFromName, kindFromSchemaUrl, swapNameToken, type IndexKind } from '../service/classify';
import { isOtherToolsEnvelope, isUnderDotFolder } from '../service/otherTools';
import { schemaUrlOf } from '../service/schemaUrl';
import {
  AIR_ARTIFACT_TYPES,
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
  /** The process environment to read names from. */
  env: NodeJS.ProcessEnv;
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

interface AirJson {
  path: string;
  mcp: string[] | undefined;
  roots: string[] | undefined;
}

const REMOTE_SOURCE = /^[a-z][a-z0-9+.-]*:\/\//i;

export class Workspace {
  private readonly side: SideFiles;
  /** Files that are variable sources by configuration, refused as anything while restricted (set per `factsFor`). */
  private variableFiles: string[] = [];

  constructor(
    private readonly files: FileReader,
    private readonly options: WorkspaceOptions,
  ) {
    this.side = new SideFiles(files, { containment: options.containment ?? [], containmentLabel: options.containmentLabel ?? 'the workspace' });
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
   * What a file is (SPEC §1, §10): `$schema` wins, then the name, then air.json membership; `air.json` / `air.*.json` are air.json files.
   * Other tools' MCP files (under a dot-folder, or another tool's envelope: service/otherTools.ts)
   * are nothing of ours unless their `$schema` names AIR's or an air.json lists them.
   * `schemaUrl`: the text's `$schema` (and envelope) when the caller already knows it (the editor carries it through edits).
   */
  classify(filePath: string, text?: string, schemaUrl?: { url: string | undefined; envelope?: boolean }): IndexKind | undefined {
    if (isExcludedPath(filePath)) return undefined;
    if (isAirJsonName(filePath)) return 'air';
    let read = text;
    const content = (): string => (read ??= this.textOf(filePath, { explicit: true }) ?? '');
    const bySchema = kindFromSchemaUrl(schemaUrl ? schemaUrl.url : schemaUrlOf(content()));
    if (bySchema) return bySchema;
    if (isUnderDotFolder(filePath, this.options.workspaceRoot) || (schemaUrl?.envelope ?? isOtherToolsEnvelope(content()))) return this.airMembership(filePath);
    if (!filePath.toLowerCase().endsWith('.json')) return this.airMembership(filePath);
    return kindFromName(filePath) ?? this.airMembership(filePath);
  }

  /** Facts for checking `filePath` as `kind`. */
  factsFor(filePath: string, kind: IndexKind, settings: SourceSettings): DiscoveredFacts {
    const dependencies: string[] = [];
    this.variableFiles = configuredVariableFiles(this.variableContext(), settings);
    const variables = this.variableIndex(filePath, settings, dependencies);
    const facts: WorkspaceFacts = { documentPath: filePath, variables, surface: settings.surface ?? EDITOR_SURFACE };
    if (kind === 'air') {
      facts.air = this.airFacts(filePath, dependencies);
    } else if (kind === 'catalog') {
      const found = this.rootsForCatalog(filePath, settings, dependencies);
      facts.roots = found.roots;
      facts.rootsSearch = found.searched;
      facts.composition = this.composedCatalogs(filePath, dependencies);
    } else {
      facts.catalogs = this.catalogsForRoots(filePath, settings, dependencies);
    }
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

  rootsForCatalog(catalogPath: string, settings: SourceSettings, dependencies: string[] = []): { roots?: RootsFacts; searched: string } {
    if (settings.rootsFiles.length > 0) {
      const files = settings.rootsFiles.map((file) => this.resolve(file));
      dependencies.push(...files);
      return { roots: { via: 'explicit', ...this.readRootsFiles(files, true), remoteSources: [] }, searched: 'the configured roots files' };
    }
    const air = this.nearestAirJsonListing(catalogPath, 'mcp', dependencies);
    if (air?.roots) {
      const { local, remote } = this.splitSources(air.path, air.roots);
      dependencies.push(...local);
      return { roots: { via: 'air.json', ...this.readRootsFiles(local), remoteSources: remote }, searched: this.display(air.path) };
    }
    const sibling = this.siblingIndex(catalogPath, 'mcp', 'roots');
    if (sibling) {
      dependencies.push(sibling);
      return { roots: { via: 'sibling', ...this.readRootsFiles([sibling]), remoteSources: [] }, searched: 'the sibling roots index' };
    }
    const sib = swapNameToken(baseName(catalogPath), 'mcp', 'roots') ?? 'roots.json';
    dependencies.push(path.join(path.dirname(catalogPath), sib));
    return { searched: `an air.json listing this catalog and a sibling ${sib}` };
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
    if (settings.catalogFiles && settings.catalogFiles.length > 0) {
      const files = settings.catalogFiles.map((file) => this.resolve(file));
      dependencies.push(...files);
      return { via: 'explicit', ...this.readCatalogFiles(files, true), remoteSources: [] };
    }
    const air = this.nearestAirJsonListing(rootsPath, 'roots', dependencies);
    if (air?.mcp) {
      const { local, remote } = this.splitSources(air.path, air.mcp);
      dependencies.push(...local);
      return { via: 'air.json', ...this.readCatalogFiles(local), remoteSources: remote };
    }
    const sibling = this.siblingIndex(rootsPath, 'roots', 'mcp');
    if (sibling) {
      dependencies.push(sibling);
      return { via: 'sibling', ...this.readCatalogFiles([sibling]), remoteSources: [] };
    }
    return undefined;
  }

  private readCatalogFiles(paths: string[], explicit = false): { files: CatalogFile[]; unread?: string[] } {
    return this.readIndexFiles(paths, 'catalog', explicit) as { files: CatalogFile[]; unread?: string[] };
  }

  // ---- air.json ------------------------------------------------------------------------------

  /** The air.json whose `mcp` (or `roots`) array lists `filePath`, or undefined. */
  airMembership(filePath: string): IndexKind | undefined {
    if (this.nearestAirJsonListing(filePath, 'roots', [])) return 'roots';
    if (this.nearestAirJsonListing(filePath, 'mcp', [])) return 'catalog';
    return undefined;
  }

  /** Nearest air.json / air.*.json upward whose `array` lists `filePath`; stops at the search boundary. */
  nearestAirJsonListing(filePath: string, array: 'mcp' | 'roots', dependencies: string[]): AirJson | undefined {
    const target = path.resolve(filePath);
    let dir = path.dirname(target);
    const boundary = this.options.searchBoundary ? path.resolve(this.options.searchBoundary) : undefined;
    for (;;) {
      for (const name of (this.files.list(dir) ?? []).filter(isAirJsonName).sort()) {
        const airPath = path.join(dir, name);
        dependencies.push(airPath);
        const air = this.readAirJson(airPath);
        const listed = air?.[array];
        if (air && listed?.some((entry) => !REMOTE_SOURCE.test(entry) && path.resolve(dir, entry) === target)) return air;
      }
      if (boundary && (dir === boundary || !isInside(dir, boundary))) return undefined;
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
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

  /** An air.json is found by the upward search, not named by another file: only the restricted-workspace rule applies. */
  private readAirJson(airPath: string): AirJson | undefined {
    const text = this.textOf(airPath, { explicit: true });
    if (text === undefined) return undefined;
    const value = nodeValue(parseJson(text).root);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);
    return { path: airPath, mcp: strings(record.mcp), roots: strings(record.roots) };
  }

  private splitSources(airPath: string, sources: string[]): { local: string[]; remote: string[] } {
    const local: string[] = [];
    const remote: string[] = [];
    for (const source of sources) {
      if (REMOTE_SOURCE.test(source)) remote.push(source);
      else local.push(path.resolve(path.dirname(airPath), source));
    }
    return { local, remote };
  }

  // ---- siblings ------------------------------------------------------------------------------

  /** The sibling named with the token swapped; otherwise the only file of the other kind in the folder. */
  private siblingIndex(filePath: string, from: 'mcp' | 'roots', to: 'mcp' | 'roots'): string | undefined {
    const dir = path.dirname(filePath);
    const entries = this.files.list(dir) ?? [];
    const swapped = swapNameToken(baseName(filePath), from, to);
    if (swapped && entries.includes(swapped)) return path.join(dir, swapped);
    const wanted: IndexKind = to === 'roots' ? 'roots' : 'catalog';
    const others = entries.filter((name) => name !== baseName(filePath) && !isExcludedPath(path.join(dir, name)) && kindFromName(name) === wanted);
    return others.length === 1 ? path.join(dir, others[0]) : undefined;
  }

  // ---- helpers -------------------------------------------------------------------------------

  private readonly summaries = new Map<string, { text: string; summary: RootsFile | CatalogFile }>();

  private cachedSummary(file: string, text: string, kind: IndexKind): RootsFile | CatalogFile {
    const key = `${kind}:${file}`;
    const cached = this.summaries.get(key);
    if (cached && cached.text === text) return cached.summary;
    const summary = kind === 'roots' ? summariseRootsIndex(file, text) : summariseCatalog(file, text);
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
