import assert from 'node:assert/strict';
import { ChunkAssembler } from '@sluice/plugin-openai-upstream';

const head = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm' };
const chunk = (delta: object, finish: string | null = null, index = 0, extra: object = {}) => ({
  ...head,
  choices: [{ index, delta, logprobs: null, finish_reason: finish, ...extra }],
});

describe('openai-upstream: chunk assembly', () => {
  it('concatenates content and reasoning, merges tool calls by index, keeps the finish reason', () => {
    const assembler = new ChunkAssembler();
    for (const c of [
      chunk({ role: 'assistant', content: '', reasoning_content: 'Think' }),
      chunk({ reasoning_content: 'ing.' }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'second', arguments: '{"b"' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'first', arguments: '{"a":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'first', arguments: '1}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ':2}' } }] }),
      chunk({}, 'tool_calls'),
    ])
      assembler.add(c);
    assert.equal(assembler.complete, true);
    const message = (assembler.completion().choices?.[0] as { message: Record<string, unknown> }).message;
    assert.equal(message.reasoning_content, 'Thinking.');
    assert.deepEqual(message.tool_calls, [
      { id: 'call_a', type: 'function', function: { name: 'first', arguments: '{"a":1}' } },
      { id: 'call_b', type: 'function', function: { name: 'second', arguments: '{"b":2}' } },
    ]);
    assert.equal((assembler.completion().choices?.[0] as { finish_reason: string }).finish_reason, 'tool_calls');
  });

  it('appends logprobs and takes usage from the usage chunk', () => {
    const assembler = new ChunkAssembler();
    assembler.add(chunk({ content: 'a' }, null, 0, { logprobs: { content: [{ token: 'a', logprob: -0.1 }] } }));
    assembler.add(chunk({ content: 'b' }, 'stop', 0, { logprobs: { content: [{ token: 'b', logprob: -0.2 }] } }));
    assembler.add({ ...head, choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } });
    const completion = assembler.completion();
    const choice = completion.choices?.[0] as { message: { content: string }; logprobs: { content: unknown[] } };
    assert.equal(choice.message.content, 'ab');
    assert.equal(choice.logprobs.content.length, 2);
    assert.deepEqual(completion.usage, { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
    assert.equal(completion.object, 'chat.completion');
  });

  it('is not complete while a choice has no finish reason', () => {
    const assembler = new ChunkAssembler();
    assembler.add(chunk({ content: 'x' }, 'stop', 0));
    assembler.add(chunk({ content: 'y' }, null, 1));
    assert.equal(assembler.complete, false);
    assert.equal(new ChunkAssembler().complete, false);
  });
});
