/**
 * The answers of a Zimmer instance's REST API (SPEC §11), parsed strictly: anything that is not
 * the documented shape is a problem with a precise path, never an exception. The newer ("seed")
 * fields — `unavailable`, `unavailable_reason`, `startup_timeout_sec` — are detected per server
 * object and never required; unknown keys are ignored.
 */

export interface LiveServer {
  name: string;
  /** The instance's title: the entry's title, or its name. */
  title: string;
  description: string | null;
  /** *seed*: absent on older instances. */
  unavailable?: boolean;
  /** *seed*: null exactly when the server is startable. */
  unavailableReason?: string | null;
  /** *seed*: null when the instance read no valid value. */
  startupTimeoutSec?: number | null;
}

export interface LiveRoot {
  name: string;
  displayName?: string;
  description?: string;
  /** The root's default servers as the instance resolved them (bare names). */
  defaultServers: string[];
}

export interface InstanceAnswer {
  servers: LiveServer[];
  /** Undefined when only `/api/v1/mcp_servers` could be read (an instance without `/configs`). */
  roots?: LiveRoot[];
}

export type ParsedAnswer = { ok: true; answer: InstanceAnswer } | { ok: false; problem: string };

/** `GET /api/v1/configs` → `{"mcp_servers": [Server], "agent_roots": [Root], …}`. */
export function parseConfigsAnswer(body: string): ParsedAnswer {
  return parseAnswer(body, true);
}

/** `GET /api/v1/mcp_servers` → `{"mcp_servers": [Server]}`. */
export function parseServersAnswer(body: string): ParsedAnswer {
  return parseAnswer(body, false);
}

class ShapeError extends Error {}

function parseAnswer(body: string, withRoots: boolean): ParsedAnswer {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: 'the answer is not JSON' };
  }
  try {
    const top = object(json, 'the answer');
    const servers = array(top.mcp_servers, '`mcp_servers`').map((item, index) => server(item, `\`mcp_servers[${index}]\``));
    unique(
      servers.map((s) => s.name),
      'server',
    );
    if (!withRoots) return { ok: true, answer: { servers } };
    const roots = array(top.agent_roots, '`agent_roots`').map((item, index) => root(item, `\`agent_roots[${index}]\``));
    unique(
      roots.map((r) => r.name),
      'root',
    );
    return { ok: true, answer: { servers, roots } };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, problem: error.message };
    throw error;
  }
}

function server(value: unknown, where: string): LiveServer {
  const item = object(value, where);
  const name = nonEmptyString(item.name, `${where}.name`);
  const title = item.title === undefined || item.title === null ? name : string(item.title, `${where}.title`);
  const description = item.description === undefined || item.description === null ? null : string(item.description, `${where}.description`);
  const parsed: LiveServer = { name, title, description };
  if ('unavailable' in item) {
    if (typeof item.unavailable !== 'boolean') throw new ShapeError(`${where}.unavailable is not true or false`);
    parsed.unavailable = item.unavailable;
  }
  if ('unavailable_reason' in item) {
    if (item.unavailable_reason !== null && typeof item.unavailable_reason !== 'string')
      throw new ShapeError(`${where}.unavailable_reason is not a string or null`);
    parsed.unavailableReason = item.unavailable_reason;
  }
  if (parsed.unavailable === true && 'unavailable_reason' in item && typeof parsed.unavailableReason !== 'string') {
    throw new ShapeError(`${where} is unavailable without an unavailable_reason`);
  }
  if (parsed.unavailable === false && typeof parsed.unavailableReason === 'string') {
    throw new ShapeError(`${where} has an unavailable_reason but is not unavailable`);
  }
  if ('startup_timeout_sec' in item) {
    const timeout = item.startup_timeout_sec;
    if (timeout !== null && !(typeof timeout === 'number' && Number.isInteger(timeout)))
      throw new ShapeError(`${where}.startup_timeout_sec is not an integer or null`);
    parsed.startupTimeoutSec = timeout;
  }
  return parsed;
}

function root(value: unknown, where: string): LiveRoot {
  const item = object(value, where);
  const name = nonEmptyString(item.name, `${where}.name`);
  const defaults =
    item.default_mcp_servers === undefined || item.default_mcp_servers === null ? [] : array(item.default_mcp_servers, `${where}.default_mcp_servers`);
  const parsed: LiveRoot = { name, defaultServers: defaults.map((entry, index) => nonEmptyString(entry, `${where}.default_mcp_servers[${index}]`)) };
  if (typeof item.display_name === 'string') parsed.displayName = item.display_name;
  if (typeof item.description === 'string') parsed.description = item.description;
  return parsed;
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ShapeError(`${where} is not a JSON object`);
  return value as Record<string, unknown>;
}

function array(value: unknown, where: string): unknown[] {
  if (value === undefined) throw new ShapeError(`${where} is missing`);
  if (!Array.isArray(value)) throw new ShapeError(`${where} is not a list`);
  return value;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ShapeError(`${where} is not a string`);
  return value;
}

function nonEmptyString(value: unknown, where: string): string {
  const text = string(value, where);
  if (text === '') throw new ShapeError(`${where} is empty`);
  return text;
}

function unique(names: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new ShapeError(`the ${what} name "${name}" is listed twice`);
    seen.add(name);
  }
}
