import type { Finding } from '../findings';
import { effectiveProperties, getProperty, propertyKey } from '../parse';
import { codexToolPrefix } from '../codexNames';
import { replaceNode } from './jsonEdits';
import { propertyAtKey } from './locate';
import { proposal } from './proposal';
import type { FixContext, FixProposal } from './types';
import { quoted } from '../text';

/**
 * `tool-name-collision` → rename (SPEC §5): a name whose Codex tool prefix is its own — every
 * character Codex would replace becomes `-`, runs of `_` collapse so no `__` is left, and a
 * numeric suffix keeps it apart from every other server's prefix and key. Not preferred and not
 * in fix-all: a server's name is referenced from roots indexes and sessions.
 */
export function fixToolNameCollision(finding: Finding, { parsed }: FixContext): FixProposal[] {
  const property = propertyAtKey(parsed.root, finding);
  if (!property?.parent) return [];
  const name = propertyKey(property);
  const taken = new Set(
    effectiveProperties(property.parent)
      .filter((other) => other !== property)
      .map((other) => codexToolPrefix(propertyKey(other))),
  );
  const base =
    name
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/_{2,}/g, '_')
      .replace(/^[-_]+|[-_]+$/g, '') || 'server';
  let candidate = base;
  for (let i = 2; (taken.has(codexToolPrefix(candidate)) || getProperty(property.parent, candidate)) && i < 1000; i++) candidate = `${base}-${i}`;
  if (candidate === name) return [];
  return [proposal(`Rename to ${quoted(candidate)}`, [replaceNode(property.children![0], JSON.stringify(candidate))])];
}
