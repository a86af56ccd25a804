import assert from 'node:assert/strict';
import { verifyPair } from '@sluice/plugin-semantic-cache';

describe('semantic-cache verification: question word', () => {
  const differ: [string, string][] = [
    ['When does the Louvre open?', 'Where does the Louvre open?'],
    ['Why is the sky blue?', 'When is the sky blue?'],
    ['Who invented the telephone?', 'When was the telephone invented?'],
    ['How do I ship a parcel?', 'Why do I ship a parcel?'],
    ['How do I renew my passport?', 'How long do I renew my passport?'],
    // "Where" a thing is bought is a place, not a way.
    ['Where can I buy a cheap sofa?', 'How do I buy a cheap sofa?'],
  ];
  for (const [a, b] of differ) {
    it(`refuses "${a}" for "${b}"`, () => {
      assert.deepEqual(verifyPair(a, b), { ok: false, reason: 'question' });
      assert.deepEqual(verifyPair(b, a), { ok: false, reason: 'question' });
    });
  }

  const agree: [string, string][] = [
    ['What is the best time to visit Paris?', 'When is the best time to visit Paris?'],
    // Where a setting is changed is how it is changed.
    ['Where can I change my Spotify password?', 'How do I change my Spotify password?'],
    ['Where do I turn off autoplay on YouTube?', 'How do I turn off autoplay on YouTube?'],
    ['Where do I go to enable dark mode in my Outlook account?', 'where can i enable dark mode in my outlook account'],
    ['Which vaccines do I need for Thailand?', 'What vaccines do I need for Thailand?'],
    ['How much does express shipping cost?', 'How many dollars does express shipping cost?'],
    ['Square root of 144?', 'What is the square root of 144?'],
    ['The screen flickers, what should I do?', 'What should I do when the screen flickers?'],
    // The thing counted spelled the British or the American way.
    ['How many colours are in a rainbow?', 'How many colors are in a rainbow?'],
    // "Is there a way to" asks how; the question word after it belongs to what is found out.
    ['Is there a way to find out how old my house is?', 'How can I find out the age of my house?'],
  ];
  for (const [a, b] of agree) {
    it(`accepts "${a}" for "${b}"`, () => assert.deepEqual(verifyPair(a, b), { ok: true }));
  }
});
