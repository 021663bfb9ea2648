// AssemblyScript: sets of names (the known variables, the env keys Zimmer overwrites) and the
// table of every entry's key bytes (entryScan.ts).

import { hashBytes } from './bytes';

// ---- sets of names: the known variables (set 0), the env keys Zimmer overwrites (set 1), root names (set 2) ----

let setTable0: i32 = 0;
let setMask0: i32 = 0;
let setTable1: i32 = 0;
let setMask1: i32 = 0;
let setTable2: i32 = 0;
let setMask2: i32 = 0;

/**
 * Builds set `id` from the names in [blob, blob + length), each followed by a newline, into a table
 * of `slots` (a power of two, at least twice the names) pairs of int32 at `table`.
 */
export function buildSet(id: i32, blob: i32, length: i32, table: i32, slots: i32): void {
  memory.fill(table, 0, slots * 8);
  const mask = slots - 1;
  let start = blob;
  for (let i = blob; i < blob + length; i++) {
    if (load<u8>(i) != 0x0a) continue;
    let slot = <i32>(hashBytes(start, i) & (<u32>mask));
    while (load<i32>(table + slot * 8) != 0) slot = (slot + 1) & mask;
    store<i32>(table + slot * 8, start + 1); // +1: zero marks an empty slot
    store<i32>(table + slot * 8 + 4, i - start);
    start = i + 1;
  }
  if (id == 0) {
    setTable0 = table;
    setMask0 = mask;
  } else if (id == 1) {
    setTable1 = table;
    setMask1 = mask;
  } else {
    setTable2 = table;
    setMask2 = mask;
  }
}

export function setHas(id: i32, start: i32, end: i32): bool {
  const table = id == 0 ? setTable0 : id == 1 ? setTable1 : setTable2;
  const mask = id == 0 ? setMask0 : id == 1 ? setMask1 : setMask2;
  if (table == 0) return false;
  const length = end - start;
  let slot = <i32>(hashBytes(start, end) & (<u32>mask));
  while (true) {
    const at = load<i32>(table + slot * 8);
    if (at == 0) return false;
    if (load<i32>(table + slot * 8 + 4) == length && memory.compare(at - 1, start, length) == 0) return true;
    slot = (slot + 1) & mask;
  }
}

// ---- the keys: every entry's key bytes, by hash, to find a duplicate name and an entry by name ----

let keyTable: i32 = 0;
let keyMask: i32 = 0;

/** Adds the key bytes [start, end) of entry `index`; false when a key with the same bytes is there. */
export function addKey(start: i32, end: i32, index: i32): bool {
  const length = end - start;
  let slot = <i32>(hashBytes(start, end) & (<u32>keyMask));
  while (true) {
    const at = keyTable + slot * 12;
    const other = load<i32>(at);
    if (other == 0) {
      store<i32>(at, start + 1); // +1: zero marks an empty slot
      store<i32>(at + 4, length);
      store<i32>(at + 8, index);
      return true;
    }
    if (load<i32>(at + 4) == length && memory.compare(other - 1, start, length) == 0) return false;
    slot = (slot + 1) & keyMask;
  }
}

/** The index of the entry of the last scan whose key bytes are [start, start + length), or -1. */
export function findKey(start: i32, length: i32): i32 {
  let slot = <i32>(hashBytes(start, start + length) & (<u32>keyMask));
  while (true) {
    const at = keyTable + slot * 12;
    const other = load<i32>(at);
    if (other == 0) return -1;
    if (load<i32>(at + 4) == length && memory.compare(other - 1, start, length) == 0) return load<i32>(at + 8);
    slot = (slot + 1) & keyMask;
  }
}

/** An empty table of `slots` keys (a power of two, at least twice the entries) at `keys`. */
export function resetKeys(keys: i32, slots: i32): void {
  keyTable = keys;
  keyMask = slots - 1;
  memory.fill(keys, 0, slots * 12);
}
