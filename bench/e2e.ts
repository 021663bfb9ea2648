/**
 * End to end, as a user feels it (bench/NOTES.md): both language servers driven over stdio by the
 * same VS Code-like client (lsp.ts, servers.ts), one fresh process per round, ours and the peer
 * alternating round by round so load on the shared machine falls on both alike. Per round:
 *
 * - cold: spawn → initialize → configuration → didOpen → the first diagnostics;
 * - open: the document closed and opened afresh in the warm server → its diagnostics;
 * - edit: one-character edits in the middle entry's description, each → its diagnostics;
 * - rss: the server's peak resident memory (VmHWM) over the whole session.
 *
 * Medians over the rounds (edits: over every edit of every round). After each pair, the protocol
 * floor (floorServer.ts) is driven the same way when the run has it.
 */

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GeneratedCatalog, writeFixture } from './generate';
import { LspSession, positionOf, type ServerSpec } from './lsp';
import { mb, median, now } from './util';

export type Side = 'ours' | 'peer';
/** The two compared, and the protocol floor (floorServer.ts), driven the same way. */
export type Driven = Side | 'floor';

export interface SideFigures {
  coldMs: number;
  openMs: number;
  editMs: number;
  /**
   * A one-character edit → every answer VS Code asks for after a typing pause: diagnostics,
   * outline, folding, colours where offered, and the server's own client's requests (ours: readiness).
   */
  pauseMs: number;
  rssMb: number;
  /** Peak RSS once the typing pauses (outline, folding, readiness) ran too. */
  pauseRssMb: number;
  /** Diagnostics on open (the peer knows only AIR's schema, so it finds fewer). */
  diagnostics: number;
  /** Whether the server offered pull diagnostics (VS Code then pulls after every open and change). */
  pulled: boolean;
  rounds: number;
  edits: number;
  samples: { cold: number[]; open: number[]; edit: number[]; pause: number[]; rss: number[]; pauseRss: number[] };
}

export interface EndToEnd {
  ours: SideFigures;
  peer: SideFigures;
  /** A server that checks nothing (floorServer.ts): what the transport alone costs. */
  floor?: SideFigures;
}

/** Where the edit goes: the second character of the middle entry's description. */
export function editSpot(generated: GeneratedCatalog): { offset: number; original: string } {
  const key = generated.text.indexOf(`${JSON.stringify(generated.middleName)}: {`);
  const description = generated.text.indexOf('"description": "', key);
  if (key < 0 || description < 0) throw new Error('edit spot not found');
  const offset = description + '"description": "'.length + 1;
  return { offset, original: generated.text[offset] };
}

/** Rounds and edits per round by size, unless `--rounds` says otherwise. */
export function endToEndPlan(size: number, rounds?: number): { rounds: number; edits: number } {
  if (size <= 2000) return { rounds: rounds ?? 7, edits: 15 };
  if (size <= 20000) return { rounds: rounds ?? 5, edits: 10 };
  return { rounds: rounds ?? 2, edits: 5 };
}

/** Typing pauses per round, after the edits. */
const PAUSES = 3;

interface Round {
  cold: number;
  open: number;
  edits: number[];
  pauses: number[];
  rss: number;
  /** The peak once the typing pauses ran too. */
  pauseRss: number;
  diagnostics: number;
  pulled: boolean;
}

async function oneRound(spec: ServerSpec, generated: GeneratedCatalog, files: ReturnType<typeof writeFixture>, edits: number): Promise<Round> {
  const folder = path.dirname(files.catalogPath);
  const uri = pathToFileURL(files.catalogPath).toString();
  const { session } = await LspSession.launch(spec, folder);
  try {
    const first = await session.open(uri, generated.text);
    const cold = now() - session.spawnedAt;
    await session.close(uri);
    const reopened = await session.open(uri, generated.text);
    const { offset, original } = editSpot(generated);
    const { line, character } = positionOf(generated.text, offset);
    const times: number[] = [];
    for (let version = 2; version < 2 + edits; version++) {
      // Type a character, then put the original back: every edit is one character.
      const replacement = version % 2 === 0 ? (original === 'X' ? 'Y' : 'X') : original;
      times.push((await session.replaceCharacter(uri, version, line, character, replacement)).ms);
    }
    // The session's peak as the goal defines it: open and edits, pulled as VS Code pulls.
    const rss = session.peakRss() ?? NaN;
    // Then typing pauses: the same edits, and all that VS Code asks for after each (bench/NOTES.md "Readiness").
    const pauses: number[] = [];
    for (let version = 2 + edits; version < 2 + edits + PAUSES; version++) {
      const replacement = version % 2 === 0 ? (original === 'X' ? 'Y' : 'X') : original;
      pauses.push(await session.typingPause(uri, version, line, character, replacement, spec.versionRequests?.(uri) ?? []));
    }
    const pauseRss = session.peakRss() ?? NaN;
    return { cold, open: reopened.ms, edits: times, pauses, rss, pauseRss, diagnostics: first.diagnostics ?? 0, pulled: session.pulls };
  } finally {
    await session.stop();
  }
}

export async function measureEndToEnd(
  specs: Record<Side, ServerSpec> & { floor?: ServerSpec },
  generated: GeneratedCatalog,
  files: ReturnType<typeof writeFixture>,
  plan: { rounds: number; edits: number },
  say: (line: string) => void,
): Promise<EndToEnd> {
  const rounds: Record<Driven, Round[]> = { ours: [], peer: [], floor: [] };
  for (let r = 0; r < plan.rounds; r++) {
    const order: Driven[] = r % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
    if (specs.floor) order.push('floor');
    for (const side of order) rounds[side].push(await oneRound(specs[side]!, generated, files, plan.edits));
  }
  const figures = (side: Driven): SideFigures => {
    const all = rounds[side];
    const samples = {
      cold: all.map((r) => r.cold),
      open: all.map((r) => r.open),
      edit: all.flatMap((r) => r.edits),
      pause: all.flatMap((r) => r.pauses),
      rss: all.map((r) => mb(r.rss)),
      pauseRss: all.map((r) => mb(r.pauseRss)),
    };
    return {
      coldMs: median(samples.cold),
      openMs: median(samples.open),
      editMs: median(samples.edit),
      pauseMs: median(samples.pause),
      rssMb: median(samples.rss),
      pauseRssMb: median(samples.pauseRss),
      diagnostics: all[0]?.diagnostics ?? 0,
      pulled: all.every((r) => r.pulled),
      rounds: all.length,
      edits: samples.edit.length,
      samples,
    };
  };
  const result: EndToEnd = { ours: figures('ours'), peer: figures('peer'), floor: specs.floor ? figures('floor') : undefined };
  for (const side of ['ours', 'peer', 'floor'] as Driven[]) {
    const f = result[side];
    if (!f) continue;
    say(
      `  ${side}: cold ${f.coldMs.toFixed(0)} ms, open ${f.openMs.toFixed(0)} ms, edit ${f.editMs.toFixed(1)} ms, typing pause ${f.pauseMs.toFixed(0)} ms, peak RSS ${f.rssMb.toFixed(0)} MB (${f.pauseRssMb.toFixed(0)} MB with the pauses), ${f.diagnostics} diagnostics (${f.pulled ? 'pulled' : 'pushed'}; ${f.rounds} rounds, ${f.edits} edits)`,
    );
  }
  return result;
}
