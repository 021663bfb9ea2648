import type { JsonNode } from './parse';

/**
 * Reading the strict parser's tree (parse.ts): properties as JSON.parse resolves duplicates,
 * decoded values, paths.
 */

/** The first property with `key` in an object node (for duplicate-key related information). */
export function firstOccurrence(objectNode: JsonNode, key: string): JsonNode | undefined {
  for (const child of objectNode.children ?? []) {
    if (child.type === 'property' && child.children?.[0]?.value === key) return child;
  }
  return undefined;
}

/** The last (effective) property node for `key`, as JSON.parse resolves duplicates. */
export function getProperty(objectNode: JsonNode | undefined, key: string): JsonNode | undefined {
  if (!objectNode || objectNode.type !== 'object' || !objectNode.children) return undefined;
  for (let i = objectNode.children.length - 1; i >= 0; i--) {
    const child = objectNode.children[i];
    if (child.children?.[0]?.value === key) return child;
  }
  return undefined;
}

/** The value node of a property, if it has one. */
export function propertyValue(property: JsonNode | undefined): JsonNode | undefined {
  return property?.children?.[1];
}

/** Effective (non-shadowed) properties of an object node, in document order. */
export function effectiveProperties(objectNode: JsonNode | undefined): JsonNode[] {
  if (!objectNode || objectNode.type !== 'object' || !objectNode.children) return [];
  return objectNode.children.filter((p) => !p.shadowed && p.children && p.children.length > 0);
}

/** Property key string of a property node. */
export function propertyKey(property: JsonNode): string {
  return property.children![0].value as string;
}

/**
 * The plain JavaScript value of a node, as JSON.parse would produce it (last duplicate wins).
 * Iterative, so deep nesting cannot overflow the stack. Missing values become undefined.
 */
export function nodeValue(node: JsonNode | undefined): unknown {
  if (!node) return undefined;
  if (node.type !== 'object' && node.type !== 'array') return node.value;
  const top = emptyContainer(node);
  // Containers still to fill, each with the value made for it (placed before it was pushed). No
  // closure per container: a catalog's entries are read this way on every check.
  const work: { node: JsonNode; value: Record<string, unknown> | unknown[] }[] = [{ node, value: top }];
  while (work.length) {
    const { node: current, value } = work.pop()!;
    if (current.type === 'object') {
      const obj = value as Record<string, unknown>;
      for (const property of current.children ?? []) {
        const key = property.children?.[0]?.value as string;
        const valueNode = property.children?.[1];
        if (key === undefined || !valueNode) continue;
        if (property.shadowed) {
          // A later duplicate wins; only reserve the key's place (JSON.parse keeps the first
          // position). Filling it in here would let this earlier container, built after the
          // later one (the work list is LIFO), overwrite the winner.
          if (!Object.prototype.hasOwnProperty.call(obj, key)) defineValue(obj, key, undefined);
          continue;
        }
        if (valueNode.type === 'object' || valueNode.type === 'array') {
          // Placed now, so key order matches JSON.parse; filled in later.
          const child = emptyContainer(valueNode);
          defineValue(obj, key, child);
          work.push({ node: valueNode, value: child });
        } else {
          defineValue(obj, key, valueNode.value);
        }
      }
    } else {
      const arr = value as unknown[];
      for (const child of current.children ?? []) {
        if (child.type === 'object' || child.type === 'array') {
          const item = emptyContainer(child);
          arr.push(item);
          work.push({ node: child, value: item });
        } else {
          arr.push(child.value);
        }
      }
    }
  }
  return top;
}

function emptyContainer(node: JsonNode): Record<string, unknown> | unknown[] {
  return node.type === 'object' ? {} : [];
}

/** `obj[key] = v` that also works for the key `__proto__`, as JSON.parse does. */
function defineValue(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/** The node at a JSON path (last duplicate wins), or undefined. */
export function findNodeAtPath(root: JsonNode | undefined, path: readonly (string | number)[]): JsonNode | undefined {
  let node = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'string') {
      node = propertyValue(getProperty(node, segment));
    } else {
      if (node.type !== 'array') return undefined;
      node = node.children?.[segment];
    }
  }
  return node;
}

/**
 * The JSON path of a node. Built leaf first and reversed once: `unshift` at every level made a
 * cursor 100,000 arrays deep cost seconds (SPEC §8).
 */
export function pathOfNode(node: JsonNode): (string | number)[] {
  const path: (string | number)[] = [];
  let current: JsonNode | undefined = node;
  while (current?.parent) {
    const parent: JsonNode = current.parent;
    if (parent.type === 'property') {
      path.push(parent.children![0].value as string);
      current = parent.parent;
    } else if (parent.type === 'array') {
      path.push(parent.children!.indexOf(current));
      current = parent;
    } else {
      current = parent;
    }
  }
  return path.reverse();
}

/** True when a number literal is written with a fraction or exponent (`20.0`, `2e1`). */
export function isNonIntegerLiteral(text: string, node: JsonNode): boolean {
  for (let i = node.offset; i < node.offset + node.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x2e /* . */ || ch === 0x65 /* e */ || ch === 0x45 /* E */) return true;
  }
  return false;
}
