import type { Rule } from '../rule';
import { duplicateServerRule } from './duplicateServer';
import { hardcodedSecretRule } from './hardcodedSecret';
import { insecureTransportRule } from './insecureTransport';
import { npxCacheIsolatedRule, unpinnedPackageRule } from './npxPackages';
import { toolNameCollisionRule } from './toolNameCollision';

/** Secret, transport and naming hygiene: rules beyond the schema, all on catalogs. */
export const HYGIENE_RULES: readonly Rule[] = [
  hardcodedSecretRule,
  insecureTransportRule,
  toolNameCollisionRule,
  duplicateServerRule,
  npxCacheIsolatedRule,
  unpinnedPackageRule,
];

export { findSecrets, secretVariableName, envName, type SecretMatch, type SecretLocation } from './secrets';
