import assert from 'node:assert/strict';
import { calibrationCandidate } from '../../../plugins/semantic-cache/src/calibration-candidate.js';
import { DEFAULT_RULES } from '../../../plugins/semantic-cache/src/verification/verify-pair.js';

const RULES = { threshold: 0.92, verify: true, verifyRules: [...DEFAULT_RULES] };
const hit = (similarity: number, question: string) => ({
  id: 1,
  similarity,
  distance: 1 - similarity,
  payload: { scope: 's', question, answer: '{"choices":[]}', model: 'm', created_at: 0, expires_at: 1 },
});
const key = (question: string) => ({ question, scope: 's' });

describe('semantic cache: the candidate observe mode calibrates lower thresholds with', () => {
  const cached = 'How do I bake sourdough bread at home?';

  it('is the nearest candidate from the floor up to the threshold, when it passes the verification', () => {
    assert.deepEqual(calibrationCandidate(hit(0.85, cached), key('How do I bake sourdough bread?'), RULES), {
      similarity: 0.85,
      answer: '{"choices":[]}',
    });
    assert.equal(calibrationCandidate(hit(0.8, cached), key('How do I bake sourdough bread?'), RULES)?.similarity, 0.8);
  });

  it('is none below the floor, at or above the threshold (the verification refused it), or with no candidate', () => {
    assert.equal(calibrationCandidate(hit(0.79, cached), key('How do I bake sourdough bread?'), RULES), undefined);
    assert.equal(calibrationCandidate(hit(0.92, cached), key('How do I bake sourdough bread?'), RULES), undefined);
    assert.equal(calibrationCandidate(undefined, key('How do I bake sourdough bread?'), RULES), undefined);
  });

  it('is none when the verification in force refuses it, since no threshold would serve it', () => {
    const nearMiss = key('How do I bake sourdough bread at home in 2 hours?');
    const withHours = hit(0.86, 'How do I bake sourdough bread at home in 3 hours?');
    assert.equal(calibrationCandidate(withHours, nearMiss, RULES), undefined, 'numbers differ');
    assert.equal(calibrationCandidate(withHours, nearMiss, { ...RULES, verify: false })?.similarity, 0.86);
  });
});
