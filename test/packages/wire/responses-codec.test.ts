import assert from 'node:assert/strict';
import { Exchange, GatewayError, type ChatRequest, type ModelResponse } from '@sluice/core';
// The codes the codec answers with are registered by the packages that serve it: the host and the upstream.
import '@sluice/host';
import '@sluice/plugin-openai-upstream';
import { codecOf, ENDPOINT_CODECS, INPUT_ORIGIN, RESPONSES_BODY, responsesCodec, responsesEvents } from '@sluice/wire';

const roundTrip = (body: Record<string, unknown>) => responsesCodec.upstreamBody(responsesCodec.parse(body));

function refusal(body: unknown): GatewayError {
  try {
    responsesCodec.parse(body);
  } catch (error) {
    assert.ok(error instanceof GatewayError, String(error));
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(body).slice(0, 80)}`);
}

/** The view with each text replaced, as a guard that masks returns it. */
function masked(view: ChatRequest, mask: (text: string) => string): ChatRequest {
  const messages = view.messages.map((m) => (typeof m.content === 'string' ? { ...m, content: mask(m.content) } : m));
  return { ...view, messages };
}

const UPSTREAM = {
  id: 'resp_1',
  object: 'response',
  created_at: 1_700_000_000,
  status: 'completed',
  model: 'gpt-4o-mini-2024-07-18',
  output: [
    { type: 'reasoning', id: 'rs_1', summary: [] },
    {
      type: 'message',
      id: 'msg_1',
      status: 'completed',
      role: 'assistant',
      content: [
        { type: 'output_text', text: 'Hello [EMAIL_1], ', annotations: [] },
        { type: 'output_text', text: 'bye.', annotations: [] },
      ],
    },
    { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'send', arguments: '{"to":"[EMAIL_1]"}', status: 'completed' },
  ],
  usage: { input_tokens: 11, output_tokens: 7, total_tokens: 18 },
};

describe('wire: the responses codec', () => {
  it('is served at POST /v1/responses and forwarded to the upstream /responses', () => {
    assert.ok(ENDPOINT_CODECS.includes(responsesCodec));
    assert.equal(codecOf('responses'), responsesCodec);
    assert.equal(responsesCodec.upstreamPath, '/responses');
  });

  it('sees instructions and a string input as a system and a user message, and rebuilds them', () => {
    const body = { model: 'm', instructions: 'Be brief.', input: 'Hi', temperature: 0, store: false };
    const view = responsesCodec.parse(body);
    assert.deepEqual(
      view.messages.map((m) => [m.role, m.content]),
      [
        ['system', 'Be brief.'],
        ['user', 'Hi'],
      ],
    );
    assert.equal(view.input, undefined);
    assert.equal(view.temperature, 0);
    assert.deepEqual(roundTrip(body), body);
  });

  it('sees each text part, tool output and tool call as a message, anything else as non-string content', () => {
    const body = {
      model: 'm',
      input: [
        { role: 'developer', content: 'Answer in French.' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'What is in' },
            { type: 'input_image', image_url: 'https://example.org/a.png', detail: 'auto' },
            { type: 'input_text', text: 'this picture?' },
          ],
        },
        { type: 'function_call', call_id: 'call_1', name: 'look', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'a cat' },
        { type: 'item_reference', id: 'msg_0' },
      ],
    };
    const view = responsesCodec.parse(body);
    assert.deepEqual(
      view.messages.map((m) => [m.role, typeof m.content === 'string' ? m.content : m.content === null ? null : 'object']),
      [
        ['developer', 'Answer in French.'],
        ['user', 'What is in'],
        ['user', 'object'],
        ['user', 'this picture?'],
        ['assistant', null],
        ['tool', 'a cat'],
        ['assistant', 'object'],
      ],
    );
    assert.deepEqual(view.messages[4]?.tool_calls, [
      { id: 'call_1', type: 'function', function: { name: 'look', arguments: '{}' } },
    ]);
    assert.equal(view.messages[5]?.tool_call_id, 'call_1');
    assert.ok(!JSON.stringify(view.messages[1]?.[INPUT_ORIGIN]).includes('What is in'), 'the origin holds no text');
    assert.deepEqual(roundTrip(body), body, 'lossless');
  });

  it('sends the texts as the guards left them, each in its place', () => {
    const body = {
      model: 'm',
      instructions: 'Sign as ana@x.org.',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Mail ana@x.org' },
            { type: 'input_text', text: 'and bob@y.net' },
          ],
        },
        { type: 'function_call_output', call_id: 'c', output: 'sent to ana@x.org' },
      ],
    };
    const view = masked(responsesCodec.parse(body), (text) => text.replaceAll(/\S+@\S+\.(org|net)/g, '[EMAIL]'));
    assert.deepEqual(responsesCodec.upstreamBody(view), {
      model: 'm',
      instructions: 'Sign as [EMAIL].',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Mail [EMAIL]' },
            { type: 'input_text', text: 'and [EMAIL]' },
          ],
        },
        { type: 'function_call_output', call_id: 'c', output: 'sent to [EMAIL]' },
      ],
    });
  });

  it('sends a message a plugin added as an input message of its own', () => {
    const view = responsesCodec.parse({ model: 'm', input: 'Hi' });
    const added = { ...view, messages: [{ role: 'system', content: 'Policy v2.' }, ...view.messages] };
    assert.deepEqual(responsesCodec.upstreamBody(added), {
      model: 'm',
      input: [
        { role: 'system', content: 'Policy v2.' },
        { role: 'user', content: 'Hi' },
      ],
    });
  });

  it('refuses a body that is not a Responses request, naming the problem', () => {
    assert.match(refusal({ model: 'm' }).message, /^Invalid responses request: /);
    assert.match(refusal({ model: 'm', input: [] }).message, /input/);
    assert.match(refusal({ model: 'm', input: 'x', instructions: 3 }).message, /instructions/);
    assert.match(refusal({ model: 'm', input: 'x', stream: 'yes' }).message, /stream/);
    assert.match(refusal({ model: '', input: 'x' }).message, /model/);
  });

  it('sees the answer as a chat completion: joined text, tool calls, finish reason and usage', () => {
    const view = responsesCodec.responseView(UPSTREAM);
    assert.deepEqual(view.choices, [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'Hello [EMAIL_1], bye.',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'send', arguments: '{"to":"[EMAIL_1]"}' } }],
        },
        finish_reason: 'tool_calls',
      },
    ]);
    assert.deepEqual(view.usage, { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    assert.equal(view.id, 'resp_1');
    assert.equal(view[RESPONSES_BODY], UPSTREAM);
    const incomplete = { ...UPSTREAM, status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
    assert.equal((responsesCodec.responseView(incomplete).choices?.[0] as { finish_reason: string }).finish_reason, 'length');
    assert.throws(() => responsesCodec.responseView({ choices: [] }), /not a Responses object/);
  });

  it('hands the client the upstream body, unchanged or with the rewritten texts written in', () => {
    const exchange = new Exchange({ request: { model: 'm', messages: [] }, endpoint: 'responses' });
    const view = responsesCodec.responseView(UPSTREAM);
    assert.equal(responsesCodec.clientBody({ status: 200, body: view }, exchange), UPSTREAM);

    const message = (view.choices?.[0] as { message: Record<string, unknown> }).message;
    const restored = {
      ...message,
      content: 'Hello ana@x.org, bye.',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'send', arguments: '{"to":"ana@x.org"}' } }],
    };
    const response: ModelResponse = { status: 200, body: { ...view, choices: [{ index: 0, message: restored }] } };
    const body = responsesCodec.clientBody(response, exchange) as typeof UPSTREAM;
    assert.deepEqual(body.output[1], {
      ...UPSTREAM.output[1],
      content: [{ type: 'output_text', text: 'Hello ana@x.org, bye.', annotations: [] }],
    });
    assert.equal((body.output[2] as { arguments: string }).arguments, '{"to":"ana@x.org"}');
    assert.deepEqual(body.output[0], UPSTREAM.output[0]);
    assert.equal(body.id, 'resp_1');
  });

  it('makes a refusal completion into a well-formed Responses object', () => {
    const exchange = new Exchange({ request: { model: 'm', messages: [] }, endpoint: 'responses' });
    const refusalBody = {
      id: 'chatcmpl-sluice-blocked-1',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'No.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    };
    const body = responsesCodec.clientBody({ status: 200, body: refusalBody }, exchange) as Record<string, unknown>;
    assert.equal(body.id, 'resp-sluice-blocked-1');
    assert.equal(body.object, 'response');
    assert.equal(body.status, 'completed');
    assert.deepEqual((body.output as { content: unknown }[])[0]?.content, [
      { type: 'output_text', text: 'No.', annotations: [] },
    ]);
  });

  it('replays a body as typed events in order, ending with response.completed and the whole body', () => {
    const events = responsesEvents(UPSTREAM);
    assert.deepEqual(
      events.map((e) => e.type),
      [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.output_item.done',
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.output_item.added',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.done',
        'response.output_item.done',
        'response.completed',
      ],
    );
    assert.deepEqual(
      events.map((e) => e.sequence_number),
      events.map((_e, i) => i),
    );
    assert.equal(events.at(-1)?.response, UPSTREAM);
    const text = responsesCodec.replay!(
      { status: 200, body: responsesCodec.responseView(UPSTREAM) },
      new Exchange({ request: { model: 'm', messages: [] } }),
    );
    assert.match(text, /^event: response\.created\ndata: \{/);
  });

  it('keeps a request that continues a stored response out of the caches', () => {
    const continued = new Exchange({
      request: responsesCodec.parse({ model: 'm', input: 'And?', previous_response_id: 'resp_1' }),
      endpoint: 'responses',
    });
    responsesCodec.admit!(continued);
    assert.equal(continued.bypassCache, true);
    const fresh = new Exchange({ request: responsesCodec.parse({ model: 'm', input: 'Hi' }), endpoint: 'responses' });
    responsesCodec.admit!(fresh);
    assert.equal(fresh.bypassCache, false);
  });
});
