/**
 * The readiness states (SPEC §6.1, §10) and what an editor needs to show them: a short badge and
 * a codicon. Plain data, so the tree view, the language status and the CLI agree.
 */

export type ReadinessState =
  'declared_unavailable' | 'missing_configuration' | 'needs_authorization' | 'needs_reauth' | 'ready' | 'no_credential_required' | 'invalid' | 'not_checked';

/** States Zimmer still offers to sessions. */
export function isStartable(state: ReadinessState): boolean {
  return state === 'ready' || state === 'no_credential_required';
}

/**
 * States known to keep a server from sessions: not startable, and looked at — Restricted Mode's
 * `not_checked` is neither, so no count of servers that "cannot start" includes it.
 */
export function cannotStart(state: ReadinessState): boolean {
  return !isStartable(state) && state !== 'not_checked';
}

export interface StateInfo {
  /** A short badge for lists ("needs auth"); both startable states read "ready" (the icon and label tell them apart). */
  badge: string;
  /** What a person calls the state, for tooltips and screen readers ("Needs authorization"). */
  label: string;
  /** A codicon id (DESIGN §10), one per state, so no two states look alike. */
  icon: 'pass-filled' | 'unlock' | 'warning' | 'key' | 'history' | 'circle-slash' | 'error' | 'shield';
  /** A theme colour id for the icon: green can start, yellow/orange needs a person, red is broken. */
  color: string;
}

export const STATE_INFO: Readonly<Record<ReadinessState, StateInfo>> = {
  ready: { badge: 'ready', label: 'Ready', icon: 'pass-filled', color: 'testing.iconPassed' },
  no_credential_required: { badge: 'ready', label: 'Ready, no credential needed', icon: 'unlock', color: 'testing.iconPassed' },
  missing_configuration: { badge: 'missing config', label: 'Missing configuration', icon: 'warning', color: 'problemsWarningIcon.foreground' },
  needs_authorization: { badge: 'needs auth', label: 'Needs authorization', icon: 'key', color: 'charts.orange' },
  needs_reauth: { badge: 'needs reauth', label: 'Needs authorization again', icon: 'history', color: 'charts.orange' },
  declared_unavailable: { badge: 'unavailable', label: 'Declared unavailable', icon: 'circle-slash', color: 'disabledForeground' },
  invalid: { badge: 'invalid', label: 'Invalid entry', icon: 'error', color: 'problemsErrorIcon.foreground' },
  not_checked: {
    badge: 'not checked (Restricted Mode)',
    label: 'Not checked: Restricted Mode reads no variable source',
    icon: 'shield',
    color: 'disabledForeground',
  },
};

/**
 * How much a state costs a session on a root (SPEC §6.2), higher is worse; startable states cost
 * nothing. `invalid` is not in §6.2: an entry that breaks the schema makes AIR reject the whole
 * catalog, which is worse than any single server failing, so it ranks first.
 */
export const STATE_COST: Readonly<Record<ReadinessState, number>> = {
  invalid: 4,
  missing_configuration: 3,
  needs_authorization: 2,
  needs_reauth: 2,
  declared_unavailable: 1,
  ready: 0,
  no_credential_required: 0,
  // Unknown, not failing: a root is not warned about what could not be looked at.
  not_checked: 0,
};
