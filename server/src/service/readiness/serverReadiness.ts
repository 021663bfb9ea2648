import type { CatalogEntry } from '../catalogView';
import { summariseProblems } from '../catalogView';
import { isRemoteType } from '../model';
import { normaliseUnavailableReason } from '../unavailable';
import { unreadWords, type VariableIndex } from '../variables';
import { sendsCredential } from './credentialHeaders';
import { requiredVariables } from './requiredVariables';
import { isStartable, type ReadinessState } from './states';
import { joinNames } from './words';

/**
 * One server's readiness: the offline view of Zimmer's connector probe (SPEC §6.1). Precedence,
 * first match wins: invalid (breaks a structural rule, §10) → declared_unavailable →
 * missing_configuration → needs_authorization → ready → no_credential_required. Only names and
 * source labels ever appear, never a value.
 */

export interface ServerReadiness {
  name: string;
  state: ReadinessState;
  startable: boolean;
  /** Why; always present when the server is not startable. */
  reason?: string;
  /** The required variable names (for missing_configuration: the missing ones). */
  variables?: string[];
}

export interface ReadinessOptions {
  /** How a person declares a name known, ending the missing_configuration reason. */
  declareKnownHint?: string;
}

export const DEFAULT_DECLARE_KNOWN_HINT =
  'declare it known (`mcpCatalog.knownVariables` or `--known`) if the runtime reads it from a store the editor cannot see';

export function serverReadiness(entry: CatalogEntry, variables: VariableIndex, options: ReadinessOptions = {}): ServerReadiness {
  if (entry.problems.length > 0 || !entry.value) {
    return result(entry.name, 'invalid', summariseProblems(entry.problems) || `The server entry "${entry.name}" is not an object.`);
  }
  const value = entry.value;
  const required = requiredVariables(value);
  const listed = required.length > 0 ? required : undefined;

  const declared = normaliseUnavailableReason(value.unavailable);
  if (declared !== undefined) return result(entry.name, 'declared_unavailable', declared, listed);

  const missing = required.filter((name) => !variables.find(name));
  if (missing.length > 0 && variables.restricted) {
    return result(
      entry.name,
      'not_checked',
      `${joinNames(missing)} cannot be looked up: Restricted Mode reads no env file, secrets file or process environment. Trust the folder to check.`,
      missing,
    );
  }
  if (missing.length > 0) {
    const hint = options.declareKnownHint ?? DEFAULT_DECLARE_KNOWN_HINT;
    const one = missing.length === 1;
    return result(
      entry.name,
      'missing_configuration',
      `${joinNames(missing)} ${one ? 'is' : 'are'} set in no source searched (${describeSources(variables)}). Add ${one ? 'it' : 'them'} to an env file, or ${hint}.`,
      missing,
    );
  }

  if (isOAuthCapable(value)) {
    return result(
      entry.name,
      'needs_authorization',
      'OAuth-capable (no credential header): a person must authorize it before sessions can use it (stored credentials cannot be seen offline).',
      listed,
    );
  }

  if (required.length > 0) {
    const found = required.map((name) => `${name} (${variables.find(name)!.label})`);
    return result(entry.name, 'ready', `all required variables are set: ${joinNames(found)}`, listed);
  }
  return result(entry.name, 'no_credential_required');
}

/** A remote server that sends no credential (a credential-like header with a non-blank value) authorizes with OAuth (SPEC §6.1). */
export function isOAuthCapable(value: Record<string, unknown>): boolean {
  if (typeof value.type !== 'string' || !isRemoteType(value.type)) return false;
  const headers = value.headers;
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return true;
  return !Object.entries(headers as Record<string, unknown>).some(([name, text]) => sendsCredential(name, text));
}

/** "names declared in --known; .env (not found); not read: the process environment (switched off)". */
function describeSources(variables: VariableIndex): string {
  const parts = variables.sources.map((source) => (source.exists ? source.label : `${source.label} (${unreadWords(source)})`));
  if (variables.skipped.length > 0) parts.push(`not read: ${variables.skipped.join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : 'no variable source';
}

function result(name: string, state: ReadinessState, reason?: string, variables?: string[]): ServerReadiness {
  const readiness: ServerReadiness = { name, state, startable: isStartable(state) };
  if (reason !== undefined) readiness.reason = reason;
  if (variables !== undefined) readiness.variables = variables;
  return readiness;
}
