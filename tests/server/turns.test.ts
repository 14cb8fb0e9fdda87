/**
 * Whose job waits and whose place a newcomer takes (server/workers/turns.ts), played out as the rain
 * reader's pool runs it: one worker, four places waiting, one job a visitor, every job costing 1. Six
 * addresses ask again the moment they are answered or refused; an honest visitor uploads now and then.
 */
import { describe, expect, it } from 'vitest';
import { Turns, type Turn } from '../../server/workers/turns';

const QUEUE = 4;

/** A pool of one worker as WorkerPool.admit and pump use Turns; answers how the honest visitor fared. */
function play(attackers: number, honestEvery: number, jobs: number): { asked: number; refused: number } {
  const turns = new Turns<Turn>();
  let running: Turn | undefined;
  let seq = 0;
  const holding = new Set<string>();
  const submit = (visitor: string): boolean => {
    if (holding.has(visitor)) return false; // its one job in flight (the pool's per-visitor share)
    if (running && turns.waiting >= QUEUE) {
      const displaced = turns.displaceable(visitor, 1);
      if (!displaced) return false;
      turns.remove(displaced);
      holding.delete(displaced.visitor);
    }
    turns.add({ visitor, cost: 1, start: 0, finish: 0, seq: (seq += 1) });
    holding.add(visitor);
    running ??= turns.next();
    return true;
  };
  let state = 42;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const attackerNames = Array.from({ length: attackers }, (_, i) => `127.0.0.${i + 2}`);
  let asked = 0;
  let refused = 0;
  for (let done = 0; done < jobs; done += 1) {
    // every attacker not holding a place asks again (refused ones included)
    for (const a of attackerNames) if (!holding.has(a)) submit(a);
    // the honest visitor comes once the attack runs, then at any moment, about every `honestEvery` jobs
    // (a seeded draw: the same moments at every run)
    if (done > attackers && random() < 1 / honestEvery && !holding.has('honest')) {
      asked += 1;
      if (!submit('honest')) refused += 1;
    }
    // the running job ends: its place is free, the next in turn starts
    if (running) {
      holding.delete(running.visitor);
      turns.release(running.visitor);
    }
    running = turns.next();
  }
  return { asked, refused };
}

describe('the rain reader under six addresses asking again and again', () => {
  // The honest visitor asks at half its fair share (one job in 14, seven visitors), at any moment. Refusing
  // it when it was served more recently than every waiting attacker is the fair queue's rule (it then had
  // its turn of this round), and a random visitor asks that soon about one time in eight; what it must not
  // meet is a refusal on a tie of tags it lost to an attacker served after it: 87 refusals of 262 asks
  // before (attack13: 2-3 of 9 uploads refused 503 under six addresses), 31 of 245 after.
  it("refuses an honest visitor's upload only when it has just had its turn", () => {
    const { asked, refused } = play(6, 14, 4000);
    expect(asked).toBeGreaterThan(200);
    expect(refused / asked).toBeLessThan(0.15);
  });
});
