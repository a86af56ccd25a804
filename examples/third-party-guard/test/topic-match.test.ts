import assert from 'node:assert/strict';
import { stem, TopicMatcher, userTexts, words } from '../src/topic-match.js';

describe('topic guard: matching user messages against the allowed topics', () => {
  it('splits text into lower-case words in any script', () => {
    assert.deepEqual(words('Where is my MARCH invoice? (№ 42, Größe)'), ['where', 'is', 'my', 'march', 'invoice', '42', 'größe']);
    assert.deepEqual(words(' … '), []);
  });

  it('sends the plural, -ing and -ed forms of a word to one stem', () => {
    const same = (forms: string[]) => assert.equal(new Set(forms.map(stem)).size, 1, forms.join(', '));
    same(['invoice', 'invoices']);
    same(['bill', 'bills', 'billing', 'billed']);
    same(['refund', 'refunds', 'refunded', 'refunding']);
    same(['ship', 'shipping', 'shipped']);
    same(['policy', 'policies']);
    same(['price', 'prices', 'pricing']);
    same(['tax', 'taxes']);
    same(['address', 'addresses']);
  });

  it('keeps short words and -ss, -us, -is endings whole', () => {
    for (const word of ['is', 'has', 'gas', 'bus']) assert.equal(stem(word), word);
    assert.equal(stem('business'), 'business');
    assert.equal(stem('status'), 'status');
    assert.equal(stem('analysis'), 'analysis');
  });

  it('reads every user message, string contents and text parts, and nothing else', () => {
    const texts = userTexts({
      model: 'm',
      messages: [
        { role: 'system', content: 'You answer billing questions.' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'an answer about billing' },
        { role: 'user', content: [{ type: 'text', text: 'second' }, { type: 'image_url', image_url: { url: 'x' } }, null] },
        { role: 'tool', content: 'billing' },
      ],
    });
    assert.deepEqual(texts, ['first', 'second']);
  });

  it('matches a topic by stem, or by the exact word in word mode', () => {
    const stems = new TopicMatcher(['invoice', 'support'], 'stem');
    const exact = new TopicMatcher(['invoice', 'support'], 'word');
    assert.deepEqual(stems.matches(['Two INVOICES are missing']), ['invoice']);
    assert.deepEqual(exact.matches(['Two INVOICES are missing']), []);
    assert.deepEqual(exact.matches(['One invoice is missing']), ['invoice']);
    assert.deepEqual(stems.matches(['What is the weather in Lisbon?']), []);
  });

  it('matches a phrase only when its words come together and in order', () => {
    const matcher = new TopicMatcher(['payment method', 'billing'], 'stem');
    assert.deepEqual(matcher.matches(['How do I change my Payment Methods?']), ['payment method']);
    assert.deepEqual(matcher.matches(['Which method of payment is fastest?']), []);
    assert.deepEqual(matcher.matches(['payment', 'method']), [], 'two messages are not one phrase');
  });

  it('lists each topic once, in the configured order, across messages', () => {
    const matcher = new TopicMatcher(['refund', 'billing', 'support'], 'stem');
    assert.deepEqual(matcher.matches(['billing and support', 'more billing', 'refunds?']), ['refund', 'billing', 'support']);
  });

  it('refuses a topic without letters or digits', () => {
    assert.throws(() => new TopicMatcher(['billing', '--'], 'stem'), /topic "--" has no letters or digits to match/);
  });
});
