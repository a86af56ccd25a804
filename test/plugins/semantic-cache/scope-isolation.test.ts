import assert from 'node:assert/strict';
import { semanticKernel, type SemanticUnderTest } from './semantic-under-test.js';

const QUESTION = 'How do I reset my password?';
const PARAPHRASE = 'how do I reset my password';

describe('semantic-cache: a hit never crosses a scope', () => {
  let sut: SemanticUnderTest;
  beforeEach(async () => {
    sut = await semanticKernel();
    await sut.ask(QUESTION, {
      tenant: 'acme',
      earlier: [{ role: 'system', content: 'You are the Acme helpdesk.' }],
      temperature: 0,
    });
  });
  afterEach(async () => sut.close());

  const same = { tenant: 'acme', earlier: [{ role: 'system', content: 'You are the Acme helpdesk.' }], temperature: 0 };

  it('hits with the same tenant, system prompt, model and parameters', async () => {
    assert.equal((await sut.ask(PARAPHRASE, same)).cache.status, 'hit');
  });

  const changes: [string, Parameters<SemanticUnderTest['ask']>[1]][] = [
    ['another tenant', { tenant: 'globex' }],
    ['another system prompt', { earlier: [{ role: 'system', content: 'You are the Globex helpdesk.' }] }],
    ['another model', { model: 'other-model' }],
    ['another temperature', { temperature: 1 }],
    [
      'an extra earlier turn',
      {
        earlier: [
          { role: 'system', content: 'You are the Acme helpdesk.' },
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
      },
    ],
    ['an extension field', { metadata: { team: 'x' } }],
  ];
  for (const [what, change] of changes) {
    it(`misses with ${what}`, async () => {
      const exchange = await sut.ask(PARAPHRASE, { ...same, ...change });
      assert.equal(exchange.cache.status, 'miss', what);
    });
  }

  it('misses when the placeholder signature differs', async () => {
    await sut.ask('Send the invoice to [EMAIL_1]', same);
    assert.equal((await sut.ask('send the invoice to [EMAIL_1]', same)).cache.status, 'hit');
    assert.equal((await sut.ask('send the invoice to [EMAIL_1] and [EMAIL_2]', same)).cache.status, 'miss');
  });
});
