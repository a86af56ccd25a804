/**
 * Tables of question pairs for the verification's tests: each pair is judged both ways round, as a
 * lookup may hold either question.
 */
import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';
import type { VerificationReason } from '../../../../plugins/semantic-cache/src/verification/verify-pair.js';

/** One `it` per pair: refused, both ways, by `reason`. */
export function itRefusesBothWays(pairs: readonly (readonly [VerificationReason, string, string])[], why = ''): void {
  for (const [reason, a, b] of pairs)
    it(`${reason}: refuses ${JSON.stringify(a)} for ${JSON.stringify(b)}${why}, both ways`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason });
    });
}

/** One `it` per pair: accepted by every rule both ways, or, with `rule`, not refused by that rule. */
export function itAcceptsBothWays(pairs: readonly (readonly [string, string])[], rule?: VerificationReason): void {
  for (const [a, b] of pairs)
    it(`accepts ${JSON.stringify(a)} for ${JSON.stringify(b)}${rule === undefined ? '' : ` by ${rule}`}, both ways`, () => {
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const) {
        const verdict = verifyPair(x, y);
        if (rule === undefined) assert.deepEqual(verdict, { ok: true });
        else assert.notEqual(verdict.ok ? undefined : verdict.reason, rule);
      }
    });
}
