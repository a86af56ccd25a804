import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { startFakeUpstream, type Behaviour, type FakeUpstream } from '../fixtures/fake-upstream.js';
import { fuzzBudget } from './fuzz-budget.js';
import { loggerInto } from '../fixtures/log-lines.js';

const KEY = 'sk-live-9fQ2mZ7rT4xV8bN1kD6hW3pL5sY0cJ';

/** The ways a provider quotes a key back: whole, a piece of it, or masked in the middle. */
const quotedKey = fc.oneof(
  fc.constant(KEY),
  fc
    .integer({ min: 0, max: KEY.length - 8 })
    .chain((start) => fc.integer({ min: start + 8, max: KEY.length }).map((end) => KEY.slice(start, end))),
  fc
    .tuple(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 3, max: 30 }), fc.integer({ min: 2, max: 6 }))
    .map(([head, stars, tail]) => `${KEY.slice(0, head)}${'*'.repeat(stars)}${KEY.slice(-tail)}`),
  fc.integer({ min: 2, max: 6 }).map((tail) => `sk-...${KEY.slice(-tail)}`),
);

/** Text around a quote: words, punctuation, another language, a URL. */
const prose = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('Incorrect API key provided: ', '. You can find your API key at https://platform.example.', ' ', '"', '\n'),
);

/** A string of the provider's reply with quotes of the key inside it, and the quotes it holds. */
const textWithQuotes = fc.array(fc.tuple(prose, quotedKey), { minLength: 1, maxLength: 3 }).chain((parts) =>
  prose.map((end) => ({
    text: parts.map(([before, quote]) => before + quote).join('') + end,
    quotes: parts.map(([, quote]) => quote),
  })),
);

/** A provider error body: the OpenAI shape or any JSON, with the key quoted in values and names. */
const errorBody = fc
  .tuple(textWithQuotes, textWithQuotes, fc.jsonValue({ maxDepth: 3 }), fc.boolean())
  .map(([message, other, extra, openAiShape]) => ({
    body: openAiShape
      ? {
          error: {
            message: message.text,
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
            [other.text]: extra,
          },
        }
      : { detail: [message.text, { [other.text]: extra }] },
    quotes: [...message.quotes, ...other.quotes],
  }));

const failure = fc.record({
  status: fc.constantFrom(400, 401, 403, 404, 409, 422, 429, 500, 503),
  body: errorBody,
  stream: fc.boolean(),
  retryAfter: fc.oneof(fc.constant(undefined), fc.constant('5'), quotedKey),
});

/** Every piece of 8 characters of the key, and each quote the reply held. */
function leaks(text: string, quotes: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= KEY.length; i += 1) if (text.includes(KEY.slice(i, i + 8))) found.push(KEY.slice(i, i + 8));
  for (const quote of quotes) if (text.includes(quote)) found.push(quote);
  return found;
}

describe('fuzz: the upstream key never reaches a client or a log, whatever the provider answers', function () {
  const budget = fuzzBudget();
  this.timeout(budget.seconds * 1000 + 30_000);
  let upstream: FakeUpstream;
  let gateway: Gateway;
  let url: string;
  const logs: string[] = [];
  before(async () => {
    upstream = await startFakeUpstream();
    const logger = loggerInto(logs);
    const config = await parseGatewayConfig(
      `upstream_base_url ${upstream.baseUrl};
upstream_api_key ${KEY};
upstream_timeout_seconds 2;
model_price test-model 1.0 2.0;
streaming_enabled on;
`,
      'fuzz.conf',
      { env: {} },
    );
    gateway = await Gateway.create(gatewayOptionsFromConfig(config), { logger });
    ({ url } = await gateway.listen('127.0.0.1:0'));
  });
  after(async () => {
    await gateway?.shutdown();
    await upstream?.close();
  });

  it('redacts the key, its pieces and its masked quotes from bodies, headers, logs and evidence', async () => {
    await fc.assert(
      fc.asyncProperty(failure, async ({ status, body, stream, retryAfter }) => {
        logs.length = 0;
        const behaviour: Behaviour = {
          kind: 'status',
          status,
          body: body.body,
          headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter, 'x-ratelimit-remaining-requests': retryAfter },
        };
        upstream.behave(behaviour);
        const reply = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'test-model', stream, messages: [{ role: 'user', content: 'hi' }] }),
        });
        const text = await reply.text();
        const quotes = retryAfter === undefined || retryAfter === '5' ? body.quotes : [...body.quotes, retryAfter];
        const shown = [text, ...[...reply.headers].map(([name, value]) => `${name}: ${value}`), ...logs].join('\n');
        assert.deepEqual(leaks(shown, quotes), [], `status ${status}:\n${shown}`);
        assert.ok(reply.status >= 400, `status ${reply.status}`);
      }),
      {
        seed: budget.seed,
        numRuns: 150 * budget.scale,
        interruptAfterTimeLimit: budget.seconds * 1000,
        markInterruptAsFailure: false,
      },
    );
  });
});
