import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: dates', () => {
  const differ: [string, string][] = [
    ['What holidays are in December?', 'What holidays are in November?'],
    ['Is the bank open on Sunday?', 'Is the bank open on Saturday?'],
    ['What is the weather forecast for tomorrow?', 'What is the weather forecast for today?'],
    ['Why was I charged twice this month?', 'Why was I charged twice last month?'],
    ['Are you open this weekend?', 'Are you open next weekend?'],
    // One leading to the other: the order counts.
    ['How cold is Oslo from January to March?', 'How cold is Oslo from March to January?'],
  ];
  for (const [a, b] of differ) {
    it(`refuses "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'dates' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'dates' });
    });
  }

  const agree: [string, string][] = [
    ['What holidays are in September?', 'Which holidays are in Sept?'],
    ['Was I charged last month?', 'Was I charged the previous month?'],
    ['May I pay in March?', 'Can I pay in March?'],
    // A choice of dates reads either way round.
    ['Is Rome hotter in July or August?', 'Is Rome hotter in August or July?'],
    // A weekday in the plural is the weekday.
    ['Can shops open after 4pm on a Sunday?', 'Can shops open after 16:00 on Sundays?'],
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }
});
