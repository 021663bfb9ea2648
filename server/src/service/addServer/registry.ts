import { envName } from '../rules/hygiene/secrets';
import { quoted } from '../text';
import { define } from '../translate/entries';
import { isObject, type JsonObject } from './input';
import { registryCatalogName } from './names';
import type { VariableNamer } from './variableNames';

/**
 * An MCP registry `server.json` (modelcontextprotocol/registry, docs/reference/server-json/
 * server.schema.json, the camelCase shape of 2025-09-29 and later; also the registry API's
 * `{ "server": {…} }` answer) as AIR entries (SPEC §13): each npm, PyPI or OCI package a stdio
 * entry run by `npx -y <identifier>@<version>`, `uvx <identifier>==<version>` or
 * `docker run -i --rm <image>`, its `environmentVariables`
 * `env` placeholders; each remote a `streamable-http` or `sse` entry with its `headers`. The
 * registry's `{name}` value templates become `${NAME}`; a secret with no fixed value always does.
 * Each such name is the new server's own (`API_KEY` → `${WEATHER_API_KEY}`, variableNames.ts): the
 * registry's names are generic, and two servers' `API_KEY` are two secrets.
 */

export interface RegistryChoice {
  /** What a picker shows: `npm @scope/server@1.2.0`, `streamable-http https://…`. */
  label: string;
  name: string;
  build(warnings: string[], nameOf: VariableNamer): JsonObject | string;
}

/** The server.json object, unwrapped from an API answer; undefined when the text is not one. */
export function registryServer(root: JsonObject): JsonObject | undefined {
  const server = isObject(root.server) && typeof root.server.name === 'string' ? root.server : root;
  if (typeof server.name !== 'string') return undefined;
  return Array.isArray(server.packages) || Array.isArray(server.remotes) ? server : undefined;
}

export function registryChoices(server: JsonObject): RegistryChoice[] {
  const name = registryCatalogName(server.name as string);
  const describe = (entry: JsonObject): JsonObject => {
    if (typeof server.title === 'string' && server.title.trim()) entry.title = [...server.title.trim()].slice(0, 100).join('');
    if (typeof server.description === 'string' && server.description.trim()) entry.description = [...server.description.trim()].slice(0, 500).join('');
    return entry;
  };
  const choices: RegistryChoice[] = [];
  for (const pkg of Array.isArray(server.packages) ? server.packages : []) {
    if (!isObject(pkg)) continue;
    const kind = stringField(pkg, 'registryType', 'registry_type');
    const identifier = stringField(pkg, 'identifier', 'name');
    choices.push({
      label: `${kind ?? 'package'} ${identifier ?? '(no identifier)'}${typeof pkg.version === 'string' ? `@${pkg.version}` : ''}`,
      name,
      build: (warnings, nameOf) => {
        const entry = packageEntry(pkg, kind, identifier, warnings, nameOf);
        return typeof entry === 'string' ? entry : describe(entry);
      },
    });
  }
  for (const remote of Array.isArray(server.remotes) ? server.remotes : []) {
    if (!isObject(remote)) continue;
    const type = stringField(remote, 'type', 'transport_type');
    choices.push({
      label: `${type ?? 'remote'} ${typeof remote.url === 'string' ? shownUrl(remote.url) : '(no url)'}`,
      name,
      build: (warnings, nameOf) => {
        const entry = remoteEntry(remote, type, warnings, nameOf);
        return typeof entry === 'string' ? entry : describe(entry);
      },
    });
  }
  return choices;
}

/**
 * A remote's URL as the picker shows it: its user info, query and fragment may hold a credential
 * (they are what withoutNamedSecrets moves out of the entry), and nothing we ship shows one (SPEC §7),
 * so each is cut to `…`. The label is the choice's id too, so it must be the same text every time.
 */
function shownUrl(url: string): string {
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1\u2026@').replace(/([?#]).*$/s, '$1\u2026');
}

function stringField(object: JsonObject, key: string, legacy: string): string | undefined {
  const value = object[key] ?? object[legacy];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * How a client runs each registry's packages (the registry's `runtimeHint`s: npx, uvx, docker):
 * the runner's own `runtimeArguments` come before the package, its `packageArguments` after. An
 * OCI image runs with `docker run -i --rm` (stdin kept open for stdio), each environment variable
 * passed in by name (`-e NAME`), its value from the entry's `env`.
 */
const RUNNERS: Record<string, { command: string; args(identifier: string, version: string | undefined, runtime: string[], env: string[]): string[] }> = {
  npm: { command: 'npx', args: (identifier, version, runtime) => ['-y', ...runtime, version ? `${identifier}@${version}` : identifier] },
  pypi: { command: 'uvx', args: (identifier, version, runtime) => [...runtime, version ? `${identifier}==${version}` : identifier] },
  oci: {
    command: 'docker',
    args: (identifier, version, runtime, env) => [
      'run',
      '-i',
      '--rm',
      ...runtime,
      ...env.flatMap((name) => ['-e', name]),
      // An image reference already tagged (`…/weather:1.2.0`) or pinned (`…@sha256:…`) keeps its own:
      // a `:` or `@` in its last segment (found from the last `/`, not by a pattern tried at every colon).
      version && !/[:@]/.test(identifier.slice(identifier.lastIndexOf('/') + 1)) ? `${identifier}:${version}` : identifier,
    ],
  },
};

function packageEntry(
  pkg: JsonObject,
  kind: string | undefined,
  identifier: string | undefined,
  warnings: string[],
  nameOf: VariableNamer,
): JsonObject | string {
  if (!identifier) return 'The package has no `identifier`.';
  const runner = kind !== undefined && Object.prototype.hasOwnProperty.call(RUNNERS, kind) ? RUNNERS[kind] : undefined;
  if (!runner)
    return `A ${kind ?? 'package of no registryType'} package cannot be run from a catalog entry here; npm (npx), PyPI (uvx) and OCI (docker) packages can.`;
  const transport = isObject(pkg.transport) && typeof pkg.transport.type === 'string' ? pkg.transport.type : undefined;
  if (transport !== undefined && transport !== 'stdio') {
    warnings.push(`The package serves ${transport}, not stdio: the entry starts it, but a client reaches it through its URL.`);
  }
  const version = typeof pkg.version === 'string' && pkg.version.trim() !== '' && pkg.version !== 'latest' ? pkg.version : undefined;
  const env: JsonObject = {};
  for (const variable of listField(pkg, 'environmentVariables', 'environment_variables')) {
    if (!isObject(variable) || typeof variable.name !== 'string' || variable.name === '') continue;
    define(env, variable.name, inputValue(variable, variable.name, nameOf));
  }
  const runtime = listField(pkg, 'runtimeArguments', 'runtime_arguments').flatMap((argument) => argumentTexts(argument, nameOf));
  // Runtime arguments decide what the runner's process may do (docker's --privileged, -v /:/host,
  // --network host), and they come from a file the user did not write: kept, and pointed out.
  if (runtime.length > 0) {
    warnings.push(
      `The registry file's runtimeArguments are kept as written (${quoted(runtime.join(' '))}): read what they let ${runner.command} do before you commit the entry.`,
    );
  }
  const args = runner.args(identifier, version, runtime, Object.keys(env));
  for (const argument of listField(pkg, 'packageArguments', 'package_arguments')) args.push(...argumentTexts(argument, nameOf));
  const entry: JsonObject = { type: 'stdio', command: runner.command, args };
  if (Object.keys(env).length > 0) entry.env = env;
  return entry;
}

function remoteEntry(remote: JsonObject, type: string | undefined, warnings: string[], nameOf: VariableNamer): JsonObject | string {
  if (type !== 'streamable-http' && type !== 'sse') return `A remote of type ${type ?? '(none)'} has no AIR counterpart (streamable-http or sse).`;
  if (typeof remote.url !== 'string' || remote.url.trim() === '') return 'The remote has no `url`.';
  const entry: JsonObject = { type, url: templated(remote.url, remote.variables, nameOf, { defaults: true }) };
  const headers: JsonObject = {};
  for (const header of Array.isArray(remote.headers) ? remote.headers : []) {
    if (!isObject(header) || typeof header.name !== 'string' || header.name === '') continue;
    define(headers, header.name, inputValue(header, header.name.replace(/^x-/i, ''), nameOf));
  }
  if (Object.keys(headers).length > 0) entry.headers = headers;
  if (remote.variables !== undefined && !isObject(remote.variables)) warnings.push("The remote's `variables` is not an object and is left out.");
  return entry;
}

function listField(object: JsonObject, key: string, legacy: string): unknown[] {
  const value = object[key] ?? object[legacy];
  return Array.isArray(value) ? value : [];
}

/**
 * The value of a registry input (an environment variable, a header, an argument): its fixed
 * `value` with `{name}` templates as `${NAME}`, unless it is a secret — then always `${NAME}`,
 * never a value from a published file; otherwise `${NAME}`, with the `default` after `:-`.
 */
function inputValue(input: JsonObject, variable: string, nameOf: VariableNamer): string {
  const name = nameOf(envName(variable) || 'VALUE');
  if (typeof input.value === 'string' && input.value !== '' && !(input.isSecret === true && !input.value.includes('{')))
    return templated(input.value, input.variables, nameOf);
  if (typeof input.default === 'string' && input.default !== '' && input.isSecret !== true && !/[{}]/.test(input.default))
    return `\${${name}:-${input.default}}`;
  return `\${${name}}`;
}

/**
 * `Bearer {api_key}` → `Bearer ${API_KEY}` for each name the input declares in `variables` (or any
 * `{name}` when it declares none). With `defaults` (a remote's URL, where AIR's schema refuses a
 * placeholder: `air validate` fails on it), a declared non-secret `default` is written out instead.
 */
function templated(text: string, variables: unknown, nameOf: VariableNamer, options: { defaults?: boolean } = {}): string {
  const declared = isObject(variables) ? variables : undefined;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g, (whole, name: string) => {
    if (declared && !Object.prototype.hasOwnProperty.call(declared, name)) return whole;
    const variable = declared?.[name];
    if (options.defaults && isObject(variable) && variable.isSecret !== true && typeof variable.default === 'string' && /^[^\s{}$]+$/.test(variable.default))
      return variable.default;
    return `\${${nameOf(envName(name))}}`;
  });
}

function argumentTexts(argument: unknown, nameOf: VariableNamer): string[] {
  if (!isObject(argument)) return [];
  if (argument.type === 'named' && typeof argument.name === 'string' && argument.name !== '') {
    const hasValue =
      argument.value !== undefined ||
      argument.default !== undefined ||
      argument.isRequired === true ||
      argument.isSecret === true ||
      argument.valueHint !== undefined;
    return hasValue ? [argument.name, inputValue(argument, argument.name.replace(/^-+/, ''), nameOf)] : [argument.name];
  }
  if (argument.type === 'positional') {
    const hint = typeof argument.valueHint === 'string' ? argument.valueHint : 'value';
    return [inputValue(argument, hint, nameOf)];
  }
  return [];
}
