import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';
import { quotedText } from '../../../../plugins/semantic-cache/src/verification/quoted-text.js';

describe('semantic-cache verification: quoted text', () => {
  it('reads quoted spans as tokens, sorted, and leaves apostrophes alone', () => {
    assert.deepEqual(quotedText('In German, when do you use "du" versus "Sie"?'), ['du', 'sie']);
    assert.deepEqual(quotedText('What does \u201cschadenfreude\u201d mean?'), ['schadenfreude']);
    assert.deepEqual(quotedText("Why won't my dog's tail stop wagging?"), []);
    assert.deepEqual(quotedText('He said "hi'), []);
    assert.deepEqual(quotedText('say \'\' or ""'), []);
  });

  it('stays linear on text full of unclosed quotes', () => {
    const text = ' "a'.repeat(100_000);
    const started = performance.now();
    assert.deepEqual(quotedText(text), []);
    // A quadratic scan of 300,000 characters takes minutes; a linear one milliseconds.
    assert.ok(performance.now() - started < 5_000);
  });

  it('refuses different quoted text only when both questions quote something', () => {
    assert.deepEqual(verifyPair('What does "carpe diem" mean?', 'What does "memento mori" mean?'), {
      ok: false,
      reason: 'quoted',
    });
    assert.notEqual(
      (verifyPair('What does carpe diem mean?', 'What does "carpe diem" mean?') as { reason?: string }).reason,
      'quoted',
    );
  });
});
