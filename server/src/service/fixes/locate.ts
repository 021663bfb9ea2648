import type { Finding, JsonPath } from '../findings';
import { findNodeAtPath, getProperty, type JsonNode } from '../parse';
import { nodeEnd } from './jsonEdits';

/**
 * Re-locating a finding in the current tree. A fix is computed only when the node its data names
 * still sits exactly where the finding says; anything else means the document moved on (stale)
 * and no fix is offered.
 */

export function pathOf(finding: Finding): JsonPath | undefined {
  const path = finding.data?.path;
  return Array.isArray(path) ? path : undefined;
}

export const hasSpan = (node: JsonNode | undefined, finding: Finding): node is JsonNode =>
  node !== undefined && node.offset === finding.start && nodeEnd(node) === finding.end;

/** The value node at the finding's path, when the finding covers exactly that value. */
export function valueAt(root: JsonNode | undefined, finding: Finding): JsonNode | undefined {
  const path = pathOf(finding);
  if (!path) return undefined;
  const node = findNodeAtPath(root, path);
  return hasSpan(node, finding) ? node : undefined;
}

/** The (effective) property at the finding's path, when the finding covers exactly its key. */
export function propertyAtKey(root: JsonNode | undefined, finding: Finding): JsonNode | undefined {
  const path = pathOf(finding);
  if (!path || path.length === 0) return undefined;
  const last = path[path.length - 1];
  if (typeof last !== 'string') return undefined;
  const parent = path.length > 1 ? findNodeAtPath(root, path.slice(0, -1)) : root;
  const property = getProperty(parent, last);
  return hasSpan(property?.children?.[0], finding) ? property : undefined;
}

/** The string node at the finding's path that contains the finding (a placeholder inside a value). */
export function stringContaining(root: JsonNode | undefined, finding: Finding): JsonNode | undefined {
  const path = pathOf(finding);
  if (!path) return undefined;
  const node = findNodeAtPath(root, path);
  if (!node || node.type !== 'string') return undefined;
  return node.offset < finding.start && finding.end <= nodeEnd(node) ? node : undefined;
}

/** The deepest node of the given type whose span is exactly [start, end). Iterative. */
export function nodeBySpan(root: JsonNode | undefined, start: number, end: number, type: JsonNode['type']): JsonNode | undefined {
  let node = root;
  let found: JsonNode | undefined;
  while (node) {
    if (node.offset === start && nodeEnd(node) === end && node.type === type) found = node;
    const children: JsonNode[] = node.children ?? [];
    let next: JsonNode | undefined;
    // Children are in document order: binary search for the one containing [start, end).
    let low = 0;
    let high = children.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const child = children[mid];
      if (nodeEnd(child) < end) low = mid + 1;
      else if (child.offset > start) high = mid - 1;
      else {
        next = child;
        break;
      }
    }
    node = next;
  }
  return found;
}
