import { strict as assert } from 'node:assert';
import * as dotenv from 'dotenv';
import { addServer, envFileLines, setElsewhere, type AddServerResult } from '../../server/src/service/addServer';
import { VariableIndex } from '../../server/src/service/variables';
import { MAX_IMPORT_LENGTH } from '../../server/src/service/addServer/input';
import { catalogName, registryCatalogName } from '../../server/src/service/addServer/names';
import { assertScalesLinearly, ownCpuMsOf } from '../support/complexity';
import { catalog, check, describe as describeFindings, facts } from './helpers';

/**
 * Add Server… (SPEC §13): every source translated into an entry AIR accepts, inserted as the file
 * is written. Each result is checked by the engine: no error, and no literal credential left.
 */

const TOKEN = 'ghp_FAKE0123456789abcdefghijklmnopqrstuv';
const EXISTING = catalog({
  $schema: 'https://pulsemcp.github.io/air/schemas/mcp.schema.json',
  alpha: { type: 'stdio', command: 'a' },
  zulu: { type: 'stdio', command: 'z' },
});

function added(result: AddServerResult): Extract<AddServerResult, { ok: true }> {
  if (!result.ok) assert.fail(`expected an entry, got: ${result.message}`);
  const findings = check(result.text, 'catalog', facts({ known: result.variables }));
  const problems = findings.filter((finding) => finding.severity === 'error' || finding.code === 'hardcoded-secret');
  assert.deepEqual(problems, [], describeFindings(result.text, problems));
  return result;
}

function entryOf(result: Extract<AddServerResult, { ok: true }>): Record<string, unknown> {
  return (JSON.parse(result.text) as Record<string, Record<string, unknown>>)[result.name];
}

function importText(text: string, server?: string, into = EXISTING): Extract<AddServerResult, { ok: true }> {
  return added(addServer(into, { kind: 'import', text, server }, 'end'));
}

function refused(result: AddServerResult, pattern: RegExp): void {
  assert.equal(result.ok, false);
  assert.match((result as { message: string }).message, pattern);
}

describe('Add Server: templates and insertion', () => {
  it('adds a blank stdio and a blank streamable-http server that check clean', () => {
    const stdio = added(addServer(EXISTING, { kind: 'template', transport: 'stdio' }, 'end'));
    assert.equal(entryOf(stdio).type, 'stdio');
    const http = added(addServer(EXISTING, { kind: 'template', transport: 'streamable-http' }, 'end'));
    assert.equal(entryOf(http).type, 'streamable-http');
  });

  it('inserts at the end or in sorted order, indented as the file is, keeping CRLF', () => {
    const fourSpaces = JSON.stringify(JSON.parse(EXISTING), null, 4).replace(/\n/g, '\r\n') + '\r\n';
    const text = JSON.stringify({ mcpServers: { mike: { command: 'm', args: ['--x', '1'] } } });
    const end = importText(text, undefined, fourSpaces);
    assert.deepEqual(Object.keys(JSON.parse(end.text)), ['$schema', 'alpha', 'zulu', 'mike']);
    assert.ok(
      end.text.includes('\r\n    "mike": {\r\n        "type": "stdio",\r\n        "command": "m",\r\n        "args": ["--x", "1"]\r\n    }\r\n}'),
      end.text,
    );
    assert.ok(!/[^\r]\n/.test(end.text), 'every line ends with CRLF');
    const sorted = added(addServer(fourSpaces, { kind: 'import', text }, 'sorted'));
    assert.deepEqual(Object.keys(JSON.parse(sorted.text)), ['$schema', 'alpha', 'mike', 'zulu']);
    const tabs = added(addServer('{\n\t"b": {"type": "stdio", "command": "b"}\n}\n', { kind: 'import', text }, 'sorted'));
    assert.ok(tabs.text.includes('\n\t"b"') && tabs.text.includes('\n\t"mike": {\n\t\t"type"'), tabs.text);
  });

  it('gives an empty file a skeleton with $schema, and fills an empty object', () => {
    const empty = added(addServer('', { kind: 'template', transport: 'stdio' }, 'end'));
    assert.deepEqual(Object.keys(JSON.parse(empty.text)), ['$schema', 'new-stdio-server']);
    const object = added(addServer('{}', { kind: 'template', transport: 'streamable-http' }, 'sorted'));
    assert.deepEqual(Object.keys(JSON.parse(object.text)), ['new-http-server']);
  });

  it('de-duplicates the name against the catalog', () => {
    const text = JSON.stringify({ mcpServers: { alpha: { command: 'other' } } });
    const first = importText(text);
    assert.equal(first.name, 'alpha-2');
    assert.ok(first.warnings.some((warning) => warning.includes('"alpha-2"')));
    assert.equal(importText(text, undefined, first.text).name, 'alpha-3');
  });

  it('refuses a catalog that is not an object', () => {
    refused(addServer('[1]', { kind: 'template', transport: 'stdio' }, 'end'), /not a JSON object/);
    refused(addServer('{"a": ', { kind: 'template', transport: 'stdio' }, 'end'), /fix its syntax/);
  });
});

describe("Add Server: another tool's MCP file", () => {
  it('Claude .mcp.json: http becomes streamable-http, ${VAR} stays, unknown fields are left out', () => {
    const text = JSON.stringify({
      mcpServers: {
        api: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } },
        fs: { command: 'npx', args: ['-y', 'fs-mcp@1.0.0'], env: { ROOT: '${HOME:-/tmp}' }, cwd: '/x' },
      },
    });
    refused(addServer(EXISTING, { kind: 'import', text }, 'end'), /Pick a server/);
    assert.deepEqual((addServer(EXISTING, { kind: 'import', text }, 'end') as { choices: string[] }).choices, ['api', 'fs']);
    const api = importText(text, 'api');
    assert.deepEqual(entryOf(api), { type: 'streamable-http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } });
    assert.deepEqual(api.variables, ['API_TOKEN']);
    const fs = importText(text, 'fs');
    assert.deepEqual(entryOf(fs), { type: 'stdio', command: 'npx', args: ['-y', 'fs-mcp@1.0.0'], env: { ROOT: '${HOME:-/tmp}' } });
    assert.ok(fs.warnings.some((warning) => warning.includes('"cwd"')));
  });

  it('Cursor: a literal token becomes ${NAME} and ${env:X} becomes ${X}', () => {
    const text = JSON.stringify({
      mcpServers: {
        github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: TOKEN, LOG: '${env:LOG_LEVEL}' } },
      },
    });
    const result = importText(text);
    const entry = entryOf(result);
    assert.deepEqual(entry.env, { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PERSONAL_ACCESS_TOKEN}', LOG: '${LOG_LEVEL}' });
    assert.ok(!result.text.includes(TOKEN));
    assert.ok(!result.warnings.join(' ').includes(TOKEN));
    assert.deepEqual(result.secrets, ['GITHUB_PERSONAL_ACCESS_TOKEN']);
    assert.deepEqual(result.variables, ['GITHUB_PERSONAL_ACCESS_TOKEN', 'LOG_LEVEL']);
  });

  it('Cursor: a literal bearer token in a header gets a name from the server', () => {
    const result = importText(
      JSON.stringify({ mcpServers: { 'linear app': { url: 'https://mcp.linear.app/mcp', headers: { Authorization: `Bearer ${TOKEN}` } } } }),
    );
    assert.equal(result.name, 'linear-app');
    const headers = entryOf(result).headers as Record<string, string>;
    assert.match(headers.Authorization, /^Bearer \$\{[A-Z][A-Z0-9_]*\}$/);
    assert.deepEqual(result.secrets, [headers.Authorization.slice(9, -1)]);
  });

  it('VS Code .vscode/mcp.json: servers, ${input:id} and ${env:X}, type http', () => {
    const text = JSON.stringify({
      inputs: [{ type: 'promptString', id: 'perplexity-key', description: 'Key', password: true }],
      servers: {
        perplexity: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', 'server-perplexity-ask'],
          env: { PERPLEXITY_API_KEY: '${input:perplexity-key}', HOME_DIR: '${env:HOME}' },
          envFile: '${workspaceFolder}/.env',
        },
        remote: { type: 'http', url: 'https://example.com/mcp' },
      },
    });
    const result = importText(text, 'perplexity');
    assert.deepEqual(entryOf(result).env, { PERPLEXITY_API_KEY: '${PERPLEXITY_KEY}', HOME_DIR: '${HOME}' });
    assert.ok(result.warnings.some((warning) => warning.includes('"envFile"')));
    const folder = importText(JSON.stringify({ servers: { local: { command: 'node', args: ['${workspaceFolder}/server.js'] } } }));
    assert.ok(
      folder.warnings.some((warning) => warning.includes("${workspaceFolder} is the editor's own variable")),
      folder.warnings.join(' '),
    );
    assert.equal(entryOf(importText(text, 'remote')).type, 'streamable-http');
  });

  it('Claude Desktop config and a pasted entry', () => {
    const desktop = JSON.stringify({
      mcpServers: { filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'] } },
      globalShortcut: 'Ctrl+Space',
    });
    assert.equal(entryOf(importText(desktop)).command, 'npx');
    const pasted = importText(JSON.stringify({ command: 'uvx', args: ['mcp-server-time'] }));
    assert.equal(pasted.name, 'server');
    assert.deepEqual(entryOf(pasted), { type: 'stdio', command: 'uvx', args: ['mcp-server-time'] });
  });

  it('Windsurf mcp_config.json: serverUrl becomes url', () => {
    const result = importText(
      JSON.stringify({ mcpServers: { figma: { serverUrl: 'https://figma.example.com/sse', headers: { 'X-Api-Key': '${env:FIGMA_KEY}' } } } }),
    );
    assert.deepEqual(entryOf(result), { type: 'sse', url: 'https://figma.example.com/sse', headers: { 'X-Api-Key': '${FIGMA_KEY}' } });
  });

  it("VS Code's .vscode/mcp.json as VS Code writes it: comments and trailing commas (JSONC)", () => {
    const text = [
      '{',
      '  // Inputs are prompted on first server start, then stored securely by VS Code.',
      '  "inputs": [{ "type": "promptString", "id": "api-key", "password": true },],',
      '  /* servers */ "servers": {',
      '    "fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"], "env": { "KEY": "${input:api-key}" }, },',
      '  },',
      '}',
    ].join('\n');
    assert.deepEqual(entryOf(importText(text)), { type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'], env: { KEY: '${API_KEY}' } });
    refused(addServer(EXISTING, { kind: 'import', text: '{ // a comment\n "mcpServers": { "a": { "command": "x" } }' }, 'end'), /not JSON/);
  });

  it('a literal credential under a credential-like name becomes ${NAME}, whatever its shape; other values stay', () => {
    const pasted = JSON.stringify({
      mcpServers: {
        'brave-search': {
          command: 'docker',
          args: [
            'run',
            '-e',
            'GITHUB_TOKEN=Zq9x81LmPv02rTy7KwEe',
            '--api-key',
            'a1b2c3d4e5f6a7b8c9d0',
            '--password=s3cretPassw0rd',
            'postgres://admin:hunter2@db.example.com:5432/prod',
            '--log-level',
            'debug1',
            '/home/me/keys/key1.pem',
          ],
          env: {
            BRAVE_API_KEY: 'BSAm3xYz81kQp0vLr7TnW2cJd',
            AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
            AUTH_MODE: 'oauth',
            KEY_FILE: '/home/me/keys/key1.pem',
            LOG_LEVEL: 'debug',
          },
        },
        remote: {
          url: 'https://api.example.com/mcp?api_key=Q7w8E9r0T1y2U3i4O5p6&region=eu1',
          headers: { 'X-API-Key': 'abcd1234efgh5678ijkl9012', Authorization: 'Basic dXNlcjpwYXNzd29yZDEyMw==', 'X-Region': 'eu-west-1' },
        },
      },
    });
    const local = importText(pasted, 'brave-search');
    const entry = entryOf(local) as { args: string[]; env: Record<string, string> };
    for (const secret of ['Zq9x81LmPv02rTy7KwEe', 'a1b2c3d4e5f6a7b8c9d0', 's3cretPassw0rd', 'hunter2', 'BSAm3xYz81kQp0vLr7TnW2cJd', 'wJalrXUtnFEMI'])
      assert.ok(!local.text.includes(secret) && !local.warnings.join(' ').includes(secret), `${secret} is not copied`);
    assert.equal(entry.args[2], 'GITHUB_TOKEN=${BRAVE_SEARCH_GITHUB_TOKEN}', 'the server says whose token it is');
    assert.equal(entry.env.BRAVE_API_KEY, '${BRAVE_API_KEY}');
    assert.equal(entry.env.AWS_SECRET_ACCESS_KEY, '${BRAVE_SEARCH_AWS_SECRET_ACCESS_KEY}');
    assert.match(entry.args[6], /^postgres:\/\/admin:\$\{[A-Z0-9_]+\}@db\.example\.com:5432\/prod$/);
    assert.deepEqual([entry.args[8], entry.args[9]], ['debug1', '/home/me/keys/key1.pem'], 'a value after a flag that names no credential stays');
    assert.deepEqual([entry.env.AUTH_MODE, entry.env.KEY_FILE, entry.env.LOG_LEVEL], ['oauth', '/home/me/keys/key1.pem', 'debug']);
    assert.ok(local.secrets.includes('BRAVE_SEARCH_GITHUB_TOKEN') && local.secrets.includes('BRAVE_API_KEY'), local.secrets.join(' '));

    const docker = importText(
      JSON.stringify({ mcpServers: { gh: { command: 'docker', args: ['run', '-e', `GITHUB_TOKEN=${TOKEN}`, 'ghcr.io/github/github-mcp-server'] } } }),
    );
    assert.equal((entryOf(docker).args as string[])[2], 'GITHUB_TOKEN=${GH_GITHUB_TOKEN}', 'named after the server and the variable it sets');

    const remote = importText(pasted, 'remote');
    const { url, headers } = entryOf(remote) as { url: string; headers: Record<string, string> };
    assert.match(url, /^https:\/\/api\.example\.com\/mcp\?api_key=\$\{[A-Z0-9_]+\}&region=eu1$/);
    assert.match(headers['X-API-Key'], /^\$\{[A-Z0-9_]+\}$/);
    assert.match(headers.Authorization, /^Basic \$\{[A-Z0-9_]+\}$/);
    assert.equal(headers['X-Region'], 'eu-west-1');
    assert.ok(!remote.text.includes('Q7w8E9r0T1y2U3i4O5p6') && !remote.text.includes('abcd1234efgh') && !remote.text.includes('dXNlcjpw'));
    assert.equal(new Set(remote.secrets).size, 3, `three secrets, three names: ${remote.secrets.join(' ')}`);
    const mixed = importText(
      JSON.stringify({ mcpServers: { w: { serverUrl: `https://w.example.com/mcp?api_key=${TOKEN}`, headers: { 'X-API-Key': 'abcd1234efgh5678ijkl9012' } } } }),
    );
    assert.equal(new Set(mixed.secrets).size, 2, `a pattern's secret and a named one never share a name: ${mixed.secrets.join(' ')}`);
  });

  it('keeps no part of a named credential: a URL password holding "@", an Authorization value with a space after it', () => {
    const result = importText(JSON.stringify({ mcpServers: { db: { command: 'psql-mcp', args: ['postgres://admin:pa55@w0rdTail9@db.example.com/prod'] } } }));
    const api = importText(JSON.stringify({ mcpServers: { api: { url: 'https://user:s3cr@tT4il@api.example.com/mcp' } } }));
    const bearer = importText(
      JSON.stringify({ mcpServers: { b: { url: 'https://b.example.com/mcp', headers: { Authorization: 'Bearer abc123def456ghi ' } } } }),
    );
    for (const [one, secret] of [
      [result, 'w0rdTail9'],
      [result, 'pa55'],
      [api, 'tT4il'],
      [bearer, 'abc123def456ghi'],
    ] as const)
      assert.ok(!one.text.includes(secret) && !one.warnings.join(' ').includes(secret), `${secret} is not copied:\n${one.text}`);
    assert.match((entryOf(result).args as string[])[0], /^postgres:\/\/admin:\$\{[A-Z0-9_]+\}@db\.example\.com\/prod$/);
    assert.match(entryOf(api).url as string, /^https:\/\/user:\$\{[A-Z0-9_]+\}@api\.example\.com\/mcp$/);
  });

  it('a URL ending in /sse without a type is an sse server (Cursor, Windsurf and Claude Desktop leave the type out)', () => {
    const result = importText(JSON.stringify({ mcpServers: { linear: { url: 'https://mcp.linear.app/sse' } } }));
    assert.deepEqual(entryOf(result), { type: 'sse', url: 'https://mcp.linear.app/sse' });
    assert.equal(entryOf(importText(JSON.stringify({ mcpServers: { a: { serverUrl: 'https://a.example.com/mcp' } } }))).type, 'streamable-http');
  });

  it('refuses a server it cannot translate, with a reason', () => {
    refused(addServer(EXISTING, { kind: 'import', text: '{"mcpServers": {"x": {"type": "websocket", "url": "ws://x"}}}' }, 'end'), /no counterpart/);
    refused(addServer(EXISTING, { kind: 'import', text: '{"mcpServers": {"x": {"args": []}}}' }, 'end'), /neither a `command` nor a `url`/);
    refused(addServer(EXISTING, { kind: 'import', text: '{"mcpServers": {"x": 3}}' }, 'end'), /not an object/);
    refused(addServer(EXISTING, { kind: 'import', text: '{"mcpServers": {}}' }, 'end'), /no server/);
  });
});

describe('Add Server: MCP registry server.json', () => {
  const SERVER_JSON = {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
    name: 'io.github.example/weather',
    description: 'Weather forecasts.',
    version: '1.2.0',
    packages: [
      {
        registryType: 'npm',
        identifier: '@example/weather-mcp',
        version: '1.2.0',
        transport: { type: 'stdio' },
        packageArguments: [{ type: 'named', name: '--units', default: 'metric' }],
        environmentVariables: [
          { name: 'WEATHER_API_KEY', isRequired: true, isSecret: true },
          { name: 'LOG_LEVEL', default: 'info' },
        ],
      },
      { registryType: 'pypi', identifier: 'weather-mcp', version: '1.2.0' },
      { registryType: 'oci', identifier: 'docker.io/example/weather:1.2.0' },
    ],
    remotes: [
      {
        type: 'streamable-http',
        url: 'https://weather.example.com/mcp',
        headers: [{ name: 'Authorization', value: 'Bearer {api_key}', isSecret: true, variables: { api_key: {} } }],
      },
    ],
  };
  const text = JSON.stringify(SERVER_JSON);

  it('offers each package and remote', () => {
    const result = addServer(EXISTING, { kind: 'import', text }, 'end');
    assert.deepEqual((result as { choices: string[] }).choices, [
      'npm @example/weather-mcp@1.2.0',
      'pypi weather-mcp@1.2.0',
      'oci docker.io/example/weather:1.2.0@undefined'.replace('@undefined', ''),
      'streamable-http https://weather.example.com/mcp',
    ]);
  });

  it('an npm package runs with npx -y identifier@version and its variables as env placeholders', () => {
    const result = importText(text, 'npm @example/weather-mcp@1.2.0');
    assert.equal(result.name, 'weather');
    assert.deepEqual(entryOf(result), {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@example/weather-mcp@1.2.0', '--units', '${WEATHER_UNITS:-metric}'],
      env: { WEATHER_API_KEY: '${WEATHER_API_KEY}', LOG_LEVEL: '${WEATHER_LOG_LEVEL:-info}' },
      description: 'Weather forecasts.',
    });
    assert.deepEqual(result.variables, ['WEATHER_API_KEY']);
  });

  it('a PyPI package runs with uvx; an oci image with docker run, its variables passed in with -e', () => {
    assert.deepEqual(entryOf(importText(text, 'pypi weather-mcp@1.2.0')).args, ['weather-mcp==1.2.0']);
    const image = JSON.stringify({
      name: 'io.github.example/database-manager',
      packages: [
        {
          registryType: 'oci',
          identifier: 'docker.io/example/database-manager-mcp:3.1.0',
          transport: { type: 'stdio' },
          runtimeArguments: [
            { type: 'named', name: '--network', value: 'host' },
            { type: 'named', name: '--mount', value: 'type=bind,src={source_path},dst=/project', variables: { source_path: { isRequired: true } } },
          ],
          packageArguments: [{ type: 'positional', value: '/project' }],
          environmentVariables: [
            { name: 'DB_PASSWORD', isRequired: true, isSecret: true },
            { name: 'SSL_MODE', default: 'prefer' },
          ],
        },
        { registryType: 'nuget', identifier: 'Example.Server', version: '1.0.0' },
      ],
    });
    assert.deepEqual(entryOf(importText(image, 'oci docker.io/example/database-manager-mcp:3.1.0')), {
      type: 'stdio',
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '--network',
        'host',
        '--mount',
        'type=bind,src=${DATABASE_MANAGER_SOURCE_PATH},dst=/project',
        '-e',
        'DB_PASSWORD',
        '-e',
        'SSL_MODE',
        'docker.io/example/database-manager-mcp:3.1.0',
        '/project',
      ],
      env: { DB_PASSWORD: '${DATABASE_MANAGER_DB_PASSWORD}', SSL_MODE: '${DATABASE_MANAGER_SSL_MODE:-prefer}' },
    });
    refused(
      addServer(EXISTING, { kind: 'import', text: image, server: 'nuget Example.Server@1.0.0' }, 'end'),
      /^A nuget package cannot be run.*npm \(npx\), PyPI \(uvx\) and OCI \(docker\)/,
    );
  });

  it("a package's runtimeArguments go to its runner, before the package", () => {
    const npm = JSON.stringify({
      name: 'io.github.example/big',
      packages: [
        {
          registryType: 'npm',
          identifier: 'big-mcp',
          version: '2.0.0',
          runtimeArguments: [{ type: 'named', name: '--node-options', value: '--max-old-space-size=4096' }],
          packageArguments: [{ type: 'positional', value: 'serve' }],
        },
      ],
    });
    const result = importText(npm);
    assert.deepEqual(entryOf(result).args, ['-y', '--node-options', '--max-old-space-size=4096', 'big-mcp@2.0.0', 'serve']);
    // They decide what the runner's process may do (a container's --privileged, a volume of /), so the user is told to read them.
    assert.deepEqual(result.warnings, [
      'The registry file\'s runtimeArguments are kept as written ("--node-options --max-old-space-\u2026"): read what they let npx do before you commit the entry.',
    ]);
  });

  it('a remote becomes a streamable-http entry with headers, {templates} as ${NAMES}', () => {
    const result = importText(text, 'streamable-http https://weather.example.com/mcp');
    assert.deepEqual(entryOf(result), {
      type: 'streamable-http',
      url: 'https://weather.example.com/mcp',
      headers: { Authorization: 'Bearer ${WEATHER_API_KEY}' },
      description: 'Weather forecasts.',
    });
  });

  it("the registry's own remote example: a URL variable with a default is written out (AIR refuses a placeholder in a URL), one without stays ${NAME}", () => {
    // modelcontextprotocol/registry docs/reference/server-json/examples/valid/with-remote.json (schema 2025-12-11)
    const remote = (variables: Record<string, unknown>): string =>
      JSON.stringify({
        $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
        name: 'io.github.user/remote-weather',
        version: '2.1.0',
        title: 'Remote Weather',
        remotes: [{ type: 'streamable-http', url: 'https://{host}/mcp', headers: [{ name: 'Authorization', isSecret: true, isRequired: true }], variables }],
      });
    const result = importText(remote({ host: { description: 'API host', default: 'api.example.com' } }));
    assert.equal(entryOf(result).url, 'https://api.example.com/mcp');
    const findings = check(result.text, 'catalog', facts({ known: result.variables }));
    assert.deepEqual(
      findings.map((finding) => finding.code),
      [],
    );
    assert.equal(entryOf(importText(remote({ host: { description: 'API host', isRequired: true } }))).url, 'https://${REMOTE_WEATHER_HOST}/mcp');
  });

  it('reads the registry API answer ({"server": …}) and an sse remote', () => {
    const answer = JSON.stringify({ server: { name: 'com.stripe/mcp', remotes: [{ type: 'sse', url: 'https://mcp.stripe.com/sse' }] }, _meta: {} });
    const result = importText(answer);
    assert.equal(result.name, 'stripe-mcp');
    assert.equal(entryOf(result).type, 'sse');
  });

  it('turns reverse-DNS and hostile names into valid catalog names', () => {
    assert.equal(registryCatalogName('io.github.owner/server-name'), 'server-name');
    assert.equal(registryCatalogName('io.github.modelcontextprotocol/server'), 'modelcontextprotocol-server');
    assert.equal(registryCatalogName('no-slash'), 'no-slash');
    assert.equal(catalogName('@scope/my server.v2'), 'scope-my-server-v2');
    assert.equal(catalogName('caf\u00e9\u0000\u001b[31m'), 'caf-[31m');
    assert.equal(catalogName('\u0000\u0001'), 'server');
    assert.equal(catalogName('x'.repeat(500)).length, 64);
  });
});

describe('Add Server: hostile input', () => {
  const cases: [string, string, RegExp][] = [
    ['huge', ' '.repeat(MAX_IMPORT_LENGTH + 1), /characters long/],
    ['empty', '  ', /empty/],
    ['not JSON', '{"mcpServers": {', /not JSON/],
    ['an array', '[{"command": "x"}]', /an array, not a JSON object/],
    ['a string', '"hello"', /a string, not a JSON object/],
    ['null', 'null', /a null, not a JSON object/],
    ['deeply nested', `{"mcpServers": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`, /nests more than/],
    ['unrelated JSON', '{"name": "x", "version": "1"}', /neither another tool's/],
  ];
  for (const [label, text, message] of cases) {
    it(`gives a clear error for ${label}`, () => refused(addServer(EXISTING, { kind: 'import', text }, 'end'), message));
  }

  it('keeps control characters and __proto__ as data, never as code or a broken name', () => {
    const text = '{"mcpServers": {"__proto__": {"command": "x\\u0000y", "env": {"__proto__": "v", "A\\u001b": "1"}}}}';
    const result = importText(text);
    assert.equal(result.name, '__proto__');
    const entry = JSON.parse(result.text).__proto__ as Record<string, unknown>;
    assert.equal(entry.command, 'x\u0000y');
    assert.equal(Object.keys(entry.env as object).length, 2);
  });

  it('quotes a hostile name in a message escaped and short', () => {
    const result = addServer(EXISTING, { kind: 'import', text: JSON.stringify({ mcpServers: { [`\u001b[2J${'x'.repeat(1000)}`]: 3 } }) }, 'end');
    refused(result, /^"\\u001b\[2Jx+\u2026" is not an object\.$/);
    assert.ok((result as { message: string }).message.length < 100);
  });

  it('never puts a literal credential in an error or a choice', () => {
    const result = addServer(
      EXISTING,
      { kind: 'import', text: JSON.stringify({ mcpServers: { [TOKEN]: { command: 'x' }, b: { command: 'y' } } }), server: TOKEN.slice(0, -1) },
      'end',
    );
    assert.equal(result.ok, false);
    assert.ok(!(result as { message: string }).message.includes(TOKEN.slice(0, -1)));
  });
});

describe('Add Server: env file lines', () => {
  it('adds NAME= for names the env file does not assign, as the file writes line ends', () => {
    assert.deepEqual(envFileLines('A=1\r\nB=', ['A', 'B', 'C']), { edit: { start: 7, end: 7, newText: '\r\nC=\r\n' }, warnings: [], moved: [] });
    assert.deepEqual(envFileLines('A=1\n', ['A']), { warnings: [], moved: [] });
    assert.deepEqual(envFileLines('', ['X', 'not a name']), { edit: { start: 0, end: 0, newText: 'X=\n' }, warnings: [], moved: [] });
  });

  /** The env file after the import's lines, read back as the dotenv library reads it. */
  const readBack = (result: Extract<AddServerResult, { ok: true }>, before = 'OTHER=1\n') => {
    const lines = envFileLines(before, result.secrets, result.secretValues);
    return { parsed: dotenv.parse(before + (lines.edit?.newText ?? '')), lines };
  };

  it('writes the literal the import replaced as NAME=<value>, which dotenv reads back exactly', () => {
    const values = [TOKEN, 'BSA-key_with.chars/and+more=', "it's-a-key-4u2", 'k3y"q$HOME`cmd`\\x9'];
    for (const value of values) {
      const result = importText(
        JSON.stringify({ mcpServers: { brave: { command: 'npx', args: ['-y', 'brave-search'], env: { BRAVE_API_KEY: value, GITHUB_TOKEN: TOKEN } } } }),
      );
      const { parsed, lines } = readBack(result);
      assert.deepEqual(result.secrets, ['BRAVE_API_KEY', 'BRAVE_GITHUB_TOKEN']);
      for (const name of result.secrets) assert.equal(parsed[name], name === 'BRAVE_GITHUB_TOKEN' ? TOKEN : value, `${name} reads back`);
      assert.deepEqual(lines.warnings, []);
      assert.deepEqual(lines.moved, ['BRAVE_API_KEY', 'BRAVE_GITHUB_TOKEN'], 'the client is told which lines carry a value');
      // The value goes into the env file's edit and nowhere else.
      for (const text of [result.text, ...result.warnings, JSON.stringify(result)]) assert.ok(!text.includes(TOKEN) && !text.includes(value));
    }
  });

  it('a URL password, a query key and a flag value are written as they stood in the imported text', () => {
    const result = importText(
      JSON.stringify({
        mcpServers: {
          db: { command: 'db-mcp', args: ['--api-key', 'k1y2z3w4v5', 'postgres://me:pa55word@db.example.com/app?api_key=q9r8s7t6u5'] },
        },
      }),
    );
    const { parsed } = readBack(result);
    assert.deepEqual(result.secrets.map((name) => parsed[name]).sort(), ['k1y2z3w4v5', 'pa55word', 'q9r8s7t6u5']);
  });

  it('a value no dotenv line carries safely gets an empty line and a warning that does not show it', () => {
    const hostile = `ab'12"cd$(id)\`pwned\``;
    const result = importText(JSON.stringify({ mcpServers: { x: { command: 'x', env: { X_API_KEY: hostile } } } }));
    assert.deepEqual(result.secrets, ['X_API_KEY']);
    const { parsed, lines } = readBack(result);
    assert.equal(parsed.X_API_KEY, '');
    assert.equal(lines.edit?.newText, 'X_API_KEY=\n');
    assert.equal(lines.warnings.length, 1);
    assert.deepEqual(lines.moved, []);
    assert.match(lines.warnings[0], /^X_API_KEY gets an empty line in the env file, not the value the import replaced: it holds a single quote/);
    assert.ok(!lines.warnings[0].includes(hostile) && !lines.warnings[0].includes('pwned'));
  });

  it('a name the import did not take a value for keeps its empty line', () => {
    const result = importText(JSON.stringify({ mcpServers: { x: { command: 'x', env: { LOG: '${env:LOG_LEVEL}', GITHUB_TOKEN: TOKEN } } } }));
    const lines = envFileLines('', result.variables, result.secretValues);
    assert.equal(lines.edit?.newText, `LOG_LEVEL=\nX_GITHUB_TOKEN=${TOKEN}\n`);
    assert.deepEqual(lines.moved, ['X_GITHUB_TOKEN']);
  });
});

describe("Add Server: no secret is copied, no variable is another server's (SPEC §13, §4.3)", () => {
  const VARIABLE = /^[A-Z_][A-Z0-9_]*$/;
  const one = (server: Record<string, unknown>, name = 'svc', into = EXISTING) =>
    importText(JSON.stringify({ mcpServers: { [name]: server } }), undefined, into);
  /** The literal is in neither the catalog, a warning nor the answer, and the env file line carries it back. */
  const moved = (result: Extract<AddServerResult, { ok: true }>, literal: string): void => {
    for (const text of [result.text, ...result.warnings, JSON.stringify(result)]) assert.ok(!text.includes(literal), `${literal} is not copied:\n${text}`);
    const lines = envFileLines('', result.secrets, result.secretValues);
    assert.ok(Object.values(dotenv.parse(lines.edit?.newText ?? '')).includes(literal), `${literal} goes to the env file`);
  };

  it('a credential as a URL user name becomes ${NAME}; a user name that is a login stays', () => {
    for (const url of [
      'https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@api.example.com/mcp',
      'https://sk-live-0123456789abcdef@host.example.com/mcp',
      'https://a1b2c3d4e5f6a7b8c9d0@api.example.com/mcp',
    ]) {
      const result = one({ url });
      const literal = url.slice(8, url.indexOf('@'));
      assert.match(entryOf(result).url as string, /^https:\/\/\$\{SVC_[A-Z0-9_]+\}@[a-z.]+\/mcp$/, url);
      moved(result, literal);
    }
    for (const url of [
      'https://git@git.example.com/mcp',
      'https://user@api.example.com/mcp',
      'https://oauth2@gitlab.example.com/mcp',
      'https://first.last@host.example.com/mcp',
      'https://x-access-token@github.example.com/mcp',
    ])
      assert.equal(entryOf(one({ url })).url, url);
  });

  it('a credential in a URL fragment becomes ${NAME}, as one in the query does', () => {
    for (const [url, literal, expected] of [
      ['https://host.example.com/mcp#access_token=abc123def456', 'abc123def456', 'https://host.example.com/mcp#access_token=${SVC_ACCESS_TOKEN}'],
      ['https://host.example.com/mcp#token=xyz', 'xyz', 'https://host.example.com/mcp#token=${SVC_TOKEN}'],
      ['https://host.example.com/mcp?region=eu#api_key=k9&view=list', 'k9', 'https://host.example.com/mcp?region=eu#api_key=${SVC_API_KEY}&view=list'],
    ]) {
      const result = one({ url });
      assert.equal(entryOf(result).url, expected);
      moved(result, literal);
    }
    for (const url of ['https://host.example.com/mcp#section-2', 'https://host.example.com/mcp#view=list', 'https://host.example.com/mcp#token=${MY_TOKEN}'])
      assert.equal(entryOf(one({ url })).url, url);
  });

  it('a short value under a name that says it is a secret becomes ${NAME}; a setting about a credential stays', () => {
    /** No secret: nothing, a placeholder, a file's path, and settings about a credential. */
    const kept = {
      EMPTY_TOKEN: '',
      PLACED_TOKEN: '${MY_TOKEN}',
      AUTH_MODE: 'oauth',
      TOKEN_URL: 'https://auth.example.com/token',
      KEY_FILE: '/home/me/keys/key1.pem',
      GOOGLE_APPLICATION_CREDENTIALS: '/home/me/creds.json',
      SESSION_TIMEOUT: '3600',
      LOG_LEVEL: 'debug',
    };
    const local = one({
      command: 'svc-mcp',
      args: ['--api-key=abc', '--token', 'xyz', 'PASSWORD=pw', '--verbose', '--auth-mode', 'oauth'],
      env: {
        API_KEY: 'abc12',
        DB_PASSWORD: 'hunter',
        PRIVATE_KEY: '-----BEGIN KEY-----\nMIIB\n-----END KEY-----',
        ...kept,
      },
    });
    const entry = entryOf(local) as { args: string[]; env: Record<string, string> };
    assert.deepEqual(entry.args, ['--api-key=${SVC_API_KEY_2}', '--token', '${SVC_TOKEN}', 'PASSWORD=${SVC_PASSWORD}', '--verbose', '--auth-mode', 'oauth']);
    assert.deepEqual(entry.env, {
      API_KEY: '${SVC_API_KEY}',
      DB_PASSWORD: '${SVC_DB_PASSWORD}',
      PRIVATE_KEY: '${SVC_PRIVATE_KEY}',
      ...kept,
    });
    for (const literal of ['abc12', 'hunter', 'xyz']) moved(local, literal);
    assert.ok(!local.text.includes('MIIB'));
    const remote = one({ url: 'https://svc.example.com/mcp', headers: { Authorization: 'Bearer xyz', 'X-Api-Key': 'k1', 'X-Auth-Scheme': 'bearer' } });
    assert.deepEqual(entryOf(remote).headers, { Authorization: 'Bearer ${SVC_TOKEN}', 'X-Api-Key': '${SVC_API_KEY}', 'X-Auth-Scheme': 'bearer' });
    moved(remote, 'k1');
    const proxy = one({
      command: 'npx',
      args: ['mcp-remote', 'https://svc.example.com/mcp', '--header', 'Authorization: Bearer xyz', '--header', 'X-Region: eu'],
    });
    assert.deepEqual(entryOf(proxy).args, [
      'mcp-remote',
      'https://svc.example.com/mcp',
      '--header',
      'Authorization: Bearer ${SVC_TOKEN}',
      '--header',
      'X-Region: eu',
    ]);
    moved(proxy, 'xyz');
  });

  it("two registry servers' generic header and environment names are each server's own", () => {
    const registry = (name: string) =>
      JSON.stringify({
        name,
        packages: [{ registryType: 'npm', identifier: `${name.split('/')[1]}-mcp`, environmentVariables: [{ name: 'API_KEY', isSecret: true }] }],
        remotes: [{ type: 'streamable-http', url: 'https://x.example.com/mcp', headers: [{ name: 'Authorization', value: 'Bearer {token}', isSecret: true }] }],
      });
    const first = importText(registry('io.github.acme/weather'), 'npm weather-mcp');
    assert.deepEqual(entryOf(first).env, { API_KEY: '${WEATHER_API_KEY}' });
    const second = importText(registry('io.github.acme/stocks'), 'npm stocks-mcp', first.text);
    assert.deepEqual(entryOf(second).env, { API_KEY: '${STOCKS_API_KEY}' });
    assert.deepEqual(entryOf(importText(registry('io.github.acme/stocks'), 'streamable-http https://x.example.com/mcp')).headers, {
      Authorization: 'Bearer ${STOCKS_TOKEN}',
    });
    // The same server's remote, added beside its package, reads the same variable: one secret, one line.
    const remote = importText(registry('io.github.acme/weather'), 'streamable-http https://x.example.com/mcp', first.text);
    assert.equal(remote.name, 'weather-2');
    const again = importText(registry('io.github.acme/weather'), 'npm weather-mcp', first.text);
    assert.deepEqual(entryOf(again).env, { API_KEY: '${WEATHER_API_KEY}' });
    // Another entry already reads the name: the new one gets its own, and the env file offer names it.
    const taken = catalog({ other: { type: 'stdio', command: 'o', env: { K: '${WEATHER_API_KEY}' } } });
    const own = importText(registry('io.github.acme/weather'), 'npm weather-mcp', taken);
    assert.deepEqual(entryOf(own).env, { API_KEY: '${WEATHER_API_KEY_2}' });
    assert.deepEqual(own.variables, ['WEATHER_API_KEY_2']);
    assert.equal(envFileLines('WEATHER_API_KEY=other\n', own.variables).edit?.newText, 'WEATHER_API_KEY_2=\n');
  });

  it("two other tools' servers with the same variable name get one each; a name already carrying the server's stays", () => {
    const text = JSON.stringify({
      mcpServers: {
        brave: { command: 'b', env: { API_KEY: 'k1b2c3d4e5', BRAVE_API_KEY: 'BSAm3xYz81kQp0vL' } },
        exa: { command: 'e', env: { API_KEY: 'e1f2g3h4i5' }, args: ['-e', `GITHUB_TOKEN=${TOKEN}`] },
      },
    });
    const brave = importText(text, 'brave');
    // Two literals, two names, whichever comes first.
    assert.deepEqual(entryOf(brave).env, { API_KEY: '${BRAVE_API_KEY}', BRAVE_API_KEY: '${BRAVE_API_KEY_2}' });
    const exa = importText(text, 'exa', brave.text);
    assert.deepEqual(entryOf(exa).env, { API_KEY: '${EXA_API_KEY}' });
    assert.deepEqual(entryOf(exa).args, ['-e', 'GITHUB_TOKEN=${EXA_GITHUB_TOKEN}']);
    const clash = importText(text, 'exa', catalog({ zulu: { type: 'stdio', command: 'z', env: { A: '${EXA_API_KEY}' } } }));
    assert.deepEqual(entryOf(clash).env, { API_KEY: '${EXA_API_KEY_2}' });
    assert.deepEqual(clash.secrets, ['EXA_API_KEY_2', 'EXA_GITHUB_TOKEN']);
    // A pasted entry has no name of its own ("server"): a second one is another server.
    const pasted = importText(JSON.stringify({ command: 'p', env: { API_KEY: 'p1' } }));
    assert.deepEqual(entryOf(pasted).env, { API_KEY: '${SERVER_API_KEY}' });
    const again = importText(JSON.stringify({ command: 'q', env: { API_KEY: 'q1' } }), undefined, pasted.text);
    assert.deepEqual([again.name, (entryOf(again).env as Record<string, string>).API_KEY], ['server-2', '${SERVER_API_KEY_2}']);
  });

  it('hostile names and values: line breaks, "=", quotes, Unicode, very long', () => {
    const long = 'k'.repeat(50_000);
    const result = one(
      {
        command: 'x',
        env: { 'X="y"\nAPI\nKEY': 'v=1\n"q"', 'caf\u00e9_token': '\u00e9t\u00e9\u{1F511}', [`${long}_TOKEN`]: long, 'X=Y_SECRET': "a'b" },
        args: ['--api-key', 'line\nbreak'],
      },
      'caf\u00e9 \u{1F511}\nserver="x"',
    );
    const entry = entryOf(result) as { env: Record<string, string>; args: string[] };
    for (const value of [...Object.values(entry.env), ...entry.args]) assert.ok(!/[\n"'\u00e9]|k{100}/u.test(value) || value === '--api-key', value);
    for (const name of result.variables) assert.match(name, VARIABLE);
    assert.equal(result.variables.length, 5);
    assert.ok(
      result.variables.every((name) => name.startsWith('CAF_')),
      "each is the server's own",
    );
  });

  it('a setting whose name only mentions a credential, a switch, a login and a docker image stay as written', () => {
    const settings = {
      TOKEN_LIMIT: '4096',
      COOKIE_SECURE: 'true',
      AUTH_SERVER: 'auth.internal.example',
      AUTH_ISSUER: 'https://accounts.example.com',
      KEY_VAULT: 'team-vault',
      GITHUB_TOKEN_SCOPES: 'repo,read:org',
      TMUX_SESSION: 'main',
      SKIP_AUTH: 'true',
      USE_API_KEY: 'false',
    };
    assert.deepEqual(entryOf(one({ command: 'x', env: settings })).env, settings);
    for (const url of [
      'postgres://dbuser01@db.example.com/app',
      'postgresql://app_user1@localhost:5432/db',
      'https://john.doe1987%40example.com@host.example.com/x',
    ])
      assert.equal(entryOf(one({ url })).url, url);
    const args = ['run', '-i', 'auth-proxy:latest', '--scope', 'token:read', 'postgresql://app_user1@localhost/db'];
    assert.deepEqual(entryOf(one({ command: 'docker', args })).args, args, 'a header line is read only after --header');
  });

  it("a registry remote's picker label shows no user name, password, query or fragment", () => {
    const text = JSON.stringify({
      name: 'io.github.acme/weather',
      remotes: [
        { type: 'streamable-http', url: 'https://weather.example.com/mcp?api_key=Zq9x81LmPv02rTy7KwEe' },
        { type: 'sse', url: 'https://admin:hunter2pw@weather.example.com/sse#token=abc123' },
      ],
    });
    const picked = addServer(EXISTING, { kind: 'import', text }, 'end');
    assert.ok(!picked.ok);
    assert.deepEqual(picked.choices, ['streamable-http https://weather.example.com/mcp?\u2026', 'sse https://\u2026@weather.example.com/sse#\u2026']);
    const result = importText(text, 'sse https://\u2026@weather.example.com/sse#\u2026');
    assert.match(entryOf(result).url as string, /^https:\/\/admin:\$\{WEATHER_[A-Z_]+\}@weather\.example\.com\/sse#token=\$\{WEATHER_[A-Z0-9_]+\}$/);
  });

  it('a credential in an inline --header=, a -H header and a camelCase parameter becomes ${NAME}', () => {
    const proxy = one({
      command: 'npx',
      args: ['mcp-remote', 'https://svc.example.com/mcp', '--header=X-API-Key: abc123secret', '-H', 'Authorization: Bearer xyz'],
    });
    assert.deepEqual((entryOf(proxy).args as string[]).slice(2), ['--header=X-API-Key: ${SVC_API_KEY}', '-H', 'Authorization: Bearer ${SVC_TOKEN}']);
    for (const literal of ['abc123secret', 'xyz']) moved(proxy, literal);
    const query = one({ url: 'https://svc.example.com/mcp?accessToken=abc123xyz&view=list&clientSecret=zz9' });
    assert.match(entryOf(query).url as string, /^https:\/\/svc\.example\.com\/mcp\?accessToken=\$\{SVC_[A-Z_]+\}&view=list&clientSecret=\$\{SVC_[A-Z_]+\}$/);
    for (const literal of ['abc123xyz', 'zz9']) moved(query, literal);
  });
});

describe('Add Server: two different literals never share one ${NAME} (SPEC §13)', () => {
  const OTHER = TOKEN.replace('FAKE', 'EKAF');
  /** Each `${NAME}` of `values`, read back from the env file lines the import offers. */
  const readBack = (result: Extract<AddServerResult, { ok: true }>, values: string[]) => {
    const env = dotenv.parse(envFileLines('', result.secrets, result.secretValues).edit?.newText ?? '');
    return values.map((value) => {
      const name = /^(?:Bearer )?\$\{([A-Z0-9_]+)\}$/.exec(value)?.[1];
      return name === undefined ? value : env[name];
    });
  };

  it('one flag twice, by pattern and by name: a name and an env line each; the same literal twice shares one', () => {
    const result = importText(JSON.stringify({ mcpServers: { svc: { command: 'svc', args: ['--token', TOKEN, '--token', OTHER, '--token', TOKEN] } } }));
    const args = entryOf(result).args as string[];
    assert.deepEqual(args, ['--token', '${SVC_TOKEN}', '--token', '${SVC_TOKEN_2}', '--token', '${SVC_TOKEN}']);
    assert.deepEqual(readBack(result, args), ['--token', TOKEN, '--token', OTHER, '--token', TOKEN]);
    // Short values only their flag's name recognises (namedSecrets.ts), after a pattern's token.
    const short = importText(
      JSON.stringify({ mcpServers: { svc: { command: 'svc', args: ['--api-key', 'k1', '--api-key', 'k2', '--token', TOKEN, '--token', 'abc'] } } }),
    );
    const shortArgs = entryOf(short).args as string[];
    assert.deepEqual(shortArgs, ['--api-key', '${SVC_API_KEY}', '--api-key', '${SVC_API_KEY_2}', '--token', '${SVC_TOKEN}', '--token', '${SVC_TOKEN_2}']);
    assert.deepEqual(readBack(short, shortArgs), ['--api-key', 'k1', '--api-key', 'k2', '--token', TOKEN, '--token', 'abc']);
  });

  it("mcp-proxy's header as two arguments (`--headers Authorization 'Bearer …'`) is moved, however short the token", () => {
    const result = importText(
      JSON.stringify({
        mcpServers: {
          svc: { command: 'uvx', args: ['mcp-proxy', '--headers', 'Authorization', 'Bearer abc123', '-H', 'X-Api-Key', 'k9', 'https://svc.example.com/sse'] },
        },
      }),
    );
    const args = entryOf(result).args as string[];
    assert.deepEqual(args, [
      'mcp-proxy',
      '--headers',
      'Authorization',
      'Bearer ${SVC_TOKEN}',
      '-H',
      'X-Api-Key',
      '${SVC_API_KEY}',
      'https://svc.example.com/sse',
    ]);
    assert.deepEqual(readBack(result, args).slice(3, 7), ['abc123', '-H', 'X-Api-Key', 'k9']);
    for (const text of [result.text, ...result.warnings]) assert.ok(!text.includes('abc123') && !text.includes('k9'), text);
    // A header that is no credential stays.
    const region = importText(JSON.stringify({ mcpServers: { svc: { command: 'uvx', args: ['mcp-proxy', '--headers', 'X-Region', 'eu-west-1'] } } }));
    assert.deepEqual(entryOf(region).args, ['mcp-proxy', '--headers', 'X-Region', 'eu-west-1']);
  });

  it('a name the env file or another source already sets to something else is passed over; one holding this very literal is reused', () => {
    const text = JSON.stringify({ mcpServers: { svc: { command: 'svc', env: { SVC_TOKEN: TOKEN } } } });
    const envFile = '/repo/.env';
    const into = (env: string, processNames: string[] = []) => {
      const assigned = Object.keys(dotenv.parse(env));
      const variables = new VariableIndex([
        { kind: 'dotenv', label: '.env', path: envFile, exists: true, names: new Set(assigned.filter((name) => dotenv.parse(env)[name] !== '')) },
        { kind: 'process', label: 'the environment', exists: true, names: new Set(processNames) },
      ]);
      const result = added(addServer(EXISTING, { kind: 'import', text }, 'end', setElsewhere(variables, env)));
      return (entryOf(result).env as Record<string, string>).SVC_TOKEN;
    };
    assert.equal(into(''), '${SVC_TOKEN}');
    assert.equal(into('SVC_TOKEN=old\n'), '${SVC_TOKEN_2}');
    assert.equal(into('SVC_TOKEN=\n'), '${SVC_TOKEN_2}', 'a blank line is no place for it either: no second line is offered');
    assert.equal(into('', ['SVC_TOKEN']), '${SVC_TOKEN_2}');
    assert.equal(into(`SVC_TOKEN=${TOKEN}\n`), '${SVC_TOKEN}');
    assert.equal(into(`export SVC_TOKEN=${TOKEN}\nSVC_TOKEN_2=x\n`), '${SVC_TOKEN}');
  });

  it('thousands of different literals under one flag are named in linear time', async () => {
    const args = (n: number) => Array.from({ length: n }, (_, i) => ['--token', `ghp_FAKE${String(i).padStart(32, '0')}`, '--api-key', `k${i}`]).flat();
    await assertScalesLinearly('distinct literals under one name', 2_000, (n) => {
      const text = JSON.stringify({ mcpServers: { svc: { command: 'svc', args: args(n) } } });
      return ownCpuMsOf(() => {
        const result = importText(text);
        assert.equal(result.secrets.length, 2 * n);
      });
    });
  });
});
