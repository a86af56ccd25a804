import assert from 'node:assert/strict';
import type { ChatRequest } from '@sluice/core';
import { semanticSkipReason } from '@sluice/plugin-semantic-cache';

const rules = { requireLastUser: true, skipMultipleChoices: true };
const base = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'm',
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'What is a sluice?' },
  ],
  ...extra,
});

describe('semantic-cache: eligibility', () => {
  it('takes a plain conversation that ends with a user turn', () => {
    assert.equal(semanticSkipReason(base(), rules), undefined);
  });

  const cases: [string, ChatRequest, string | undefined][] = [
    ['non-string content', base({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }), 'non_string_content'],
    ['tools', base({ tools: [{ type: 'function', function: { name: 'f' } }] }), 'tools'],
    ['response_format', base({ response_format: { type: 'json_object' } }), 'response_format'],
    [
      'a last turn from the assistant',
      base({
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'b' },
        ],
      }),
      'last_turn_not_user',
    ],
    [
      'a last turn from a tool',
      base({
        messages: [
          { role: 'user', content: 'a' },
          { role: 'tool', content: '{}', tool_call_id: 'x' },
        ],
      }),
      'last_turn_not_user',
    ],
    ['n > 1', base({ n: 3 }), 'multiple_choices'],
    ['n = 1', base({ n: 1 }), undefined],
    ['an empty question', base({ messages: [{ role: 'user', content: '   ' }] }), 'empty_question'],
  ];
  for (const [what, request, reason] of cases) {
    it(`${reason === undefined ? 'takes' : 'skips'} ${what}`, () => {
      assert.equal(semanticSkipReason(request, rules), reason);
    });
  }

  it('lets operators switch the loop and n guards off', () => {
    const off = { requireLastUser: false, skipMultipleChoices: false };
    assert.equal(semanticSkipReason(base({ n: 3 }), off), undefined);
    assert.equal(semanticSkipReason(base({ messages: [{ role: 'assistant', content: 'b' }] }), off), undefined);
  });
});
