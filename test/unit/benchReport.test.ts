/**
 * What `npm run bench` writes to bench/RESULTS.md from its figures (bench/report.ts): the
 * end-to-end table with the protocol floor beside ours and the peer, and the goals' verdicts with
 * the issue's bounds (≤ for the 10,000-server goals, strictly below for the 1,000-server ones).
 */
import { strict as assert } from 'node:assert';
import type { EndToEnd, SideFigures } from '../../bench/e2e';
import { endToEndTable, goals } from '../../bench/report';

function side(figures: Partial<SideFigures>): SideFigures {
  const base = { coldMs: 100, openMs: 50, editMs: 2, pauseMs: 80, rssMb: 60, pauseRssMb: 70, diagnostics: 3, pulled: true, rounds: 1, edits: 1 };
  const all = { ...base, ...figures };
  const samples = { cold: [all.coldMs], open: [all.openMs], edit: [all.editMs], pause: [all.pauseMs], rss: [all.rssMb], pauseRss: [all.pauseRssMb] };
  return { ...all, samples };
}

describe('bench report', () => {
  it('puts the protocol floor in its own column when the run measured it, and leaves the column out when not', () => {
    const withFloor = new Map<number, EndToEnd>([[1000, { ours: side({ coldMs: 172 }), peer: side({ coldMs: 298 }), floor: side({ coldMs: 110 }) }]]);
    const table = endToEndTable(withFloor).split('\n');
    assert.equal(table[0], '| servers | | ours | peer | ours/peer | protocol floor |');
    assert.equal(
      table.find((row) => row.includes('spawn → first diagnostics')),
      '| 1,000 | spawn → first diagnostics | 172 ms | 298 ms | 0.58× | 110 ms |',
    );
    const without = endToEndTable(new Map<number, EndToEnd>([[1000, { ours: side({}), peer: side({}) }]])).split('\n');
    assert.equal(without[0], '| servers | | ours | peer | ours/peer |');
    assert.ok(
      without.slice(2).every((row) => row.split('|').length === 7),
      'five cells per row',
    );
  });

  it('judges the 1,000-server goals strictly below 0.6× and the 10,000-server ones at most their bound', () => {
    const e2e = new Map<number, EndToEnd>([
      [1000, { ours: side({ rssMb: 60 }), peer: side({ rssMb: 100, coldMs: 300, openMs: 101, editMs: 40 }) }],
      [10000, { ours: side({ openMs: 35, coldMs: 50 }), peer: side({ openMs: 100, coldMs: 100, editMs: 100, rssMb: 300 }) }],
    ]);
    const lines = goals({ results: [], e2e, cli: new Map() });
    const verdict = (start: string) => lines.find((line) => line.startsWith(`- ${start}`))?.replace(/.*— /, '');
    assert.equal(verdict('1,000 servers (default settings), peak RSS'), '**not met**', 'exactly 0.6× is not below 0.6×');
    assert.equal(verdict('1,000 servers (default settings), open'), '**met**');
    assert.equal(verdict('10,000 servers, open'), '**met**', '0.35× meets ≤ 0.35×');
    assert.equal(verdict('10,000 servers, cold start'), '**met**', '0.5× meets ≤ 0.5×');
  });

  it('gives beside each end-to-end goal what a server that checks nothing reached, and says when the goal is below it', () => {
    const e2e = new Map<number, EndToEnd>([
      [10000, { ours: side({ editMs: 56 }), peer: side({ editMs: 310, openMs: 430 }), floor: side({ editMs: 21.7, openMs: 86 }) }],
    ]);
    const lines = goals({ results: [], e2e, cli: new Map() });
    assert.equal(
      lines.find((line) => line.startsWith('- 10,000 servers, one-character edit')),
      '- 10,000 servers, one-character edit → diagnostics, ours/peer: 0.18× (goal ≤ 0.05×) — **not met** (a server that checks nothing: 0.070×, so below the floor of this transport)',
    );
    assert.ok(lines.find((line) => line.startsWith('- 10,000 servers, open'))?.endsWith('(a server that checks nothing: 0.20×)'));
    const withoutFloor = goals({ results: [], e2e: new Map([[10000, { ours: side({}), peer: side({}) }]]), cli: new Map() });
    assert.ok(withoutFloor.every((line) => !line.includes('checks nothing')));
  });
});
