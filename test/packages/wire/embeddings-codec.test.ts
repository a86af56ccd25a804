import assert from 'node:assert/strict';
import { GatewayError } from '@sluice/core';
// The codes the codec answers with are registered by the packages that serve it: the host and the upstream.
import '@sluice/host';
import '@sluice/plugin-openai-upstream';
import { codecOf, embeddingsCodec, ENDPOINT_CODECS, MAX_EMBEDDING_INPUTS } from '@sluice/wire';

const MODEL = 'text-embedding-3-small';

function refusal(body: unknown): GatewayError {
  try {
    embeddingsCodec.parse(body);
  } catch (error) {
    assert.ok(error instanceof GatewayError, String(error));
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(body).slice(0, 80)}`);
}

describe('wire: the embeddings codec', () => {
  it('is served at POST /v1/embeddings and forwarded to the upstream /embeddings', () => {
    assert.ok(ENDPOINT_CODECS.includes(embeddingsCodec));
    assert.equal(codecOf('embeddings'), embeddingsCodec);
    assert.equal(embeddingsCodec.path, '/v1/embeddings');
    assert.equal(embeddingsCodec.upstreamPath, '/embeddings');
  });

  it('sees each input as one user message and keeps the other fields', () => {
    const view = embeddingsCodec.parse({
      model: MODEL,
      input: ['a cat', 'a dog'],
      dimensions: 256,
      user: 'u1',
      encoding_format: 'base64',
    });
    assert.deepEqual(view, {
      model: MODEL,
      dimensions: 256,
      user: 'u1',
      encoding_format: 'base64',
      messages: [
        { role: 'user', content: 'a cat' },
        { role: 'user', content: 'a dog' },
      ],
    });
    assert.equal('input' in view, false, 'the texts live in the messages only, where guards mask them');
  });

  it('takes one text, token ids and arrays of token ids as inputs', () => {
    assert.deepEqual(embeddingsCodec.parse({ model: MODEL, input: 'one' }).messages, [{ role: 'user', content: 'one' }]);
    assert.deepEqual(embeddingsCodec.parse({ model: MODEL, input: [1, 2, 3] }).messages, [{ role: 'user', content: [1, 2, 3] }]);
    assert.deepEqual(embeddingsCodec.parse({ model: MODEL, input: [[1, 2], [3]] }).messages, [
      { role: 'user', content: [1, 2] },
      { role: 'user', content: [3] },
    ]);
  });

  it('writes the view back as the upstream body: masked texts go out masked, one input as itself', () => {
    const view = embeddingsCodec.parse({ model: MODEL, input: ['mail alice@example.com', 'hello'], dimensions: 64 });
    const masked = { ...view, messages: [{ role: 'user', content: 'mail [EMAIL_1]' }, view.messages[1]!] };
    assert.deepEqual(embeddingsCodec.upstreamBody(masked), { model: MODEL, dimensions: 64, input: ['mail [EMAIL_1]', 'hello'] });
    assert.deepEqual(embeddingsCodec.upstreamBody(embeddingsCodec.parse({ model: MODEL, input: 'one' })), {
      model: MODEL,
      input: 'one',
    });
    assert.deepEqual(embeddingsCodec.upstreamBody(embeddingsCodec.parse({ model: MODEL, input: [7, 8] })), {
      model: MODEL,
      input: [7, 8],
    });
  });

  it('refuses a bad body with 400 invalid_request naming the problem', () => {
    const cases: [unknown, RegExp][] = [
      [{ input: 'x' }, /model/],
      [{ model: MODEL }, /input/],
      [{ model: MODEL, input: [] }, /input/],
      [{ model: MODEL, input: '' }, /input/],
      [{ model: MODEL, input: [1, 'a'] }, /input/],
      [{ model: MODEL, input: [-1] }, /input/],
      [{ model: MODEL, input: 'x', encoding_format: 'int8' }, /encoding_format/],
      [{ model: MODEL, input: 'x', dimensions: 0 }, /dimensions/],
      [{ model: MODEL, input: 'x', dimensions: 1_000_000_000 }, /dimensions/],
      [{ model: MODEL, input: Array.from({ length: MAX_EMBEDDING_INPUTS + 1 }, () => 'x') }, /input/],
    ];
    for (const [body, message] of cases) {
      const error = refusal(body);
      assert.equal(error.code, 'invalid_request');
      assert.equal(error.status, 400);
      assert.match(error.message, /^Invalid embeddings request: /);
      assert.match(error.message, message, error.message);
    }
  });

  it('refuses streaming with a clear message', () => {
    const error = refusal({ model: MODEL, input: 'x', stream: true });
    assert.equal(error.status, 400);
    assert.match(error.message, /stream is not supported/);
    assert.equal(embeddingsCodec.parse({ model: MODEL, input: 'x', stream: false }).stream, undefined);
  });

  it('reads the reply as a list in input order with no choices, and gives the client the list', () => {
    const reply = {
      object: 'list',
      model: MODEL,
      data: [
        { object: 'embedding', index: 1, embedding: [0, 1] },
        { object: 'embedding', index: 0, embedding: 'AACAPw==' },
      ],
      usage: { prompt_tokens: 5, total_tokens: 5 },
    };
    const view = embeddingsCodec.responseView(reply);
    assert.deepEqual(view.choices, []);
    assert.deepEqual(
      (view.data as { index: number }[]).map((item) => item.index),
      [0, 1],
    );
    assert.deepEqual(view.usage, { prompt_tokens: 5, completion_tokens: 0, total_tokens: 5 });
    const exchangeless = undefined as never;
    assert.deepEqual(embeddingsCodec.clientBody({ status: 200, body: view }, exchangeless), {
      object: 'list',
      model: MODEL,
      data: [reply.data[1], reply.data[0]],
      usage: { prompt_tokens: 5, total_tokens: 5 },
    });
  });

  it('calls a reply that is not an embeddings list the upstream’s fault', () => {
    for (const body of [
      {},
      { data: 'x' },
      { data: [{ index: 0 }] },
      { data: [{ index: 1, embedding: [1] }] },
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [2] },
        ],
      },
      { data: [{ index: 0, embedding: ['a'] }] },
    ]) {
      assert.throws(
        () => embeddingsCodec.responseView(body),
        (error: GatewayError) => error.code === 'upstream_invalid_response',
      );
    }
  });
});
