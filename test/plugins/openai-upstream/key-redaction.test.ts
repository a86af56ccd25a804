import assert from 'node:assert/strict';
import { KeyRedaction, REDACTED_KEY } from '@sluice/util';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';

describe('KeyRedaction: the configured key out of provider text', () => {
  const redaction = new KeyRedaction([KEY, 'dummy', undefined]);
  const cases: readonly [string, string, string][] = [
    ['the key whole', `Incorrect API key provided: ${KEY}.`, `Incorrect API key provided: ${REDACTED_KEY}.`],
    ['a piece of 8 characters', 'seen ghijklmn here', `seen ${REDACTED_KEY} here`],
    ['an OpenAI masked quote', `key: sk-proj-abc${'*'.repeat(20)}0123.`, `key: ${REDACTED_KEY}.`],
    ['a quote with an ellipsis', 'key sk-...0123 is wrong', `key ${REDACTED_KEY} is wrong`],
    ['a quote with the start hidden', 'key ****yz0123', `key ${REDACTED_KEY}`],
    ['a quote glued to a word', 'providedsk-proj-***0123', `provided${REDACTED_KEY}`],
    ['two quotes glued together', 'sk-p***0123sk-pr***z0123', `${REDACTED_KEY}${REDACTED_KEY}`],
    ['prose with an ellipsis', 'Please try again... later', 'Please try again... later'],
    ['seven characters of it', 'abcdefg', 'abcdefg'],
  ];
  for (const [name, text, redacted] of cases) it(name, () => assert.equal(redaction.text(text), redacted));

  it('redacts every string of a JSON body, names included, leaving the value given as it was', () => {
    const body = { error: { message: `bad ${KEY}`, [KEY]: [1, `x ${KEY.slice(4, 20)}`] } };
    const copy = structuredClone(body);
    assert.deepEqual(redaction.json(body), {
      error: { message: `bad ${REDACTED_KEY}`, [REDACTED_KEY]: [1, `x ${REDACTED_KEY}`] },
    });
    assert.deepEqual(body, copy);
  });

  it('leaves out what is nested too deep to search, rather than pass it on', () => {
    let deep: unknown = KEY;
    for (let i = 0; i < 100; i += 1) deep = [deep];
    assert.ok(!JSON.stringify(redaction.json({ error: deep })).includes(KEY.slice(8, 16)));
  });

  it('redacts a key shorter than a piece when it appears whole', () => {
    assert.equal(new KeyRedaction(['k-42x']).text('key k-42x is wrong'), `key ${REDACTED_KEY} is wrong`);
  });

  it('does nothing without a real key', () => {
    const none = new KeyRedaction(['dummy', 'none', '', undefined]);
    assert.equal(none.active, false);
    assert.equal(none.text('dummy none ********'), 'dummy none ********');
  });
});
