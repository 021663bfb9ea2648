/**
 * When the readiness view asks the server again (client/src/pauseRefresh.ts): after each new
 * version of a small catalog at once, of a big one once typing pauses for as long as its last answer
 * took (at most a second), and never twice at a time. Driven by a fake clock: what is asserted is
 * how many requests go out, and when.
 */
import { strict as assert } from 'node:assert';
import { PauseRefresh, type Clock } from '../../client/src/pauseRefresh';

class FakeClock implements Clock {
  private time = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = ++this.nextId;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time on by `ms`, running every timer due on the way (and the promise callbacks each one starts). */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      await flush();
      let next: [number, { at: number; run: () => void }] | undefined;
      for (const timer of this.timers) if (timer[1].at <= until && (!next || timer[1].at < next[1].at)) next = timer;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].run();
    }
    this.time = until;
    await flush();
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A server whose readiness answer takes `answerMs`; records when each request went out. */
function server(clock: FakeClock, answerMs: number): { load: () => Promise<void>; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    load: () => {
      asked.push(clock.now());
      return new Promise((resolve) => clock.setTimeout(resolve, answerMs));
    },
  };
}

/** Keystrokes every `everyMs`, `count` of them, each a new version. */
async function type(clock: FakeClock, refresher: PauseRefresh, count: number, everyMs: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    refresher.afterEdit();
    await clock.advance(everyMs);
  }
}

describe('the readiness view asks again once typing pauses', () => {
  it('a quick answer follows every keystroke', async () => {
    const clock = new FakeClock();
    const { load, asked } = server(clock, 2);
    const refresher = new PauseRefresh(load, 1000, clock);
    void refresher.now();
    await clock.advance(10);
    await type(clock, refresher, 10, 100);
    assert.equal(asked.length, 11, `asked at ${asked.join(', ')}`);
  });

  it('a slow answer is asked for once per pause, as long after the last keystroke as it took', async () => {
    const clock = new FakeClock();
    const { load, asked } = server(clock, 300);
    const refresher = new PauseRefresh(load, 1000, clock);
    void refresher.now();
    await clock.advance(400);
    assert.deepEqual(asked, [0]);
    // Twenty keystrokes 100 ms apart: none is followed by a request while typing goes on.
    await type(clock, refresher, 20, 100);
    assert.deepEqual(asked, [0], 'no request while typing');
    const lastKeystroke = clock.now() - 100;
    await clock.advance(300);
    assert.deepEqual(asked, [0, lastKeystroke + 300], 'one request, 300 ms after the last keystroke');
  });

  it('waits at most a second, however long the last answer took', async () => {
    const clock = new FakeClock();
    const { load, asked } = server(clock, 5000);
    const refresher = new PauseRefresh(load, 1000, clock);
    void refresher.now();
    await clock.advance(5000);
    refresher.afterEdit();
    const edited = clock.now();
    await clock.advance(999);
    assert.equal(asked.length, 1);
    await clock.advance(1);
    assert.deepEqual(asked, [0, edited + 1000]);
  });

  it('refreshes asked for while one runs become one more run, not one each', async () => {
    const clock = new FakeClock();
    const { load, asked } = server(clock, 200);
    const refresher = new PauseRefresh(load, 1000, clock);
    const first = refresher.now();
    await clock.advance(50);
    assert.equal(refresher.now(), first, 'a refresh during a run waits for that run');
    void refresher.now();
    void refresher.now();
    await clock.advance(1000);
    assert.deepEqual(asked, [0, 200], 'one more run, right after the first');
  });

  it('after dispose, a pending refresh never goes out', async () => {
    const clock = new FakeClock();
    const { load, asked } = server(clock, 300);
    const refresher = new PauseRefresh(load, 1000, clock);
    void refresher.now();
    await clock.advance(300);
    refresher.afterEdit();
    refresher.dispose();
    await clock.advance(2000);
    assert.deepEqual(asked, [0]);
  });
});
