/**
 * Fuzzing the gateway over HTTP: adversarial chat bodies, near-valid bodies it must refuse, odd calls to
 * every endpoint and malformed HTTP on raw sockets, against a gateway in its own process in front of a
 * fake provider. Properties: answers within the error contract, refused bodies reach neither the provider
 * nor the exact cache, the process stays up, and its heap returns near its baseline.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keyHash } from '@sluice/caller';
import fc from 'fast-check';
import { startFakeUpstream, type FakeUpstream } from '../fixtures/fake-upstream.js';
import { answerProblems, errorCode } from './answer-checks.js';
import { anyChatInput, chatVariant, NONCE, rejectedChat, type ChatInput } from './arbitraries/chat-bodies.js';
import { endpointCalls } from './arbitraries/endpoint-calls.js';
import { anyEmbeddingsInput, anyResponsesInput } from './arbitraries/model-api-bodies.js';
import { keyAndControlHeaders } from './arbitraries/key-and-control-headers.js';
import { rawRequests } from './arbitraries/raw-requests.js';
import { fuzzBudget } from './fuzz-budget.js';
import { FuzzTally } from './fuzz-tally.js';
import { gatewayContract } from './gateway-contract.js';
import { startHost, type HostedService } from './hosted-service.js';
import type { MemoryReading } from './hosts/host-ipc.js';
import type { Call } from './http-call.js';
import { rawProblems } from './raw-checks.js';
import { exchangeRaw } from './raw-exchange.js';
import { assertMemoryNearBaseline, assertServing, callHosted } from './service-health.js';

const ENDPOINTS = [
  '/v1/chat/completions',
  '/v1/responses',
  '/v1/embeddings',
  '/v1/models',
  '/healthz',
  '/startupz',
  '/readyz',
  '/metrics',
  '/version',
];
/** A client key the fuzzer may present; client_auth optional, so a request without one goes through too. */
const FUZZ_KEY = 'sk-sluice-fuzz-0000000000000000000000000000';
/**
 * Small caches, so that the heap bound measures leaks rather than caches filling up. The semantic cache is
 * on, so every chat body the fuzzer makes is also embedded, searched and verified against stored questions.
 */
const config = (semanticDir: string) =>
  [
    'streaming_enabled on; exact_cache_max_entries 1000; exact_cache_max_bytes 4194304;',
    `semantic_cache_enabled on; semantic_cache_data_dir ${semanticDir}; semantic_cache_max_entries 1000;`,
    `client_auth optional; client_key fuzz ${keyHash(FUZZ_KEY)} { tenant fuzz; requests_per_minute 1000000; }`,
  ].join('\n');
/** What a chat request with any key and cache-control headers may answer: served, refused controls or a refused key. */
const KEY_AND_CONTROL_ANSWERS = new Map([
  [200, undefined],
  [400, 'invalid_cache_control'],
  [401, 'invalid_api_key'],
]);

describe('fuzz: gateway', function () {
  const budget = fuzzBudget();
  const tally = new FuzzTally('gateway', budget, ENDPOINTS);
  this.timeout(budget.seconds * 1000 + 60_000);
  let upstream: FakeUpstream;
  let host: HostedService;
  let baseline: MemoryReading;
  let semanticDir: string;

  const send = (sent: Call) => callHosted('gateway', host, tally, sent);
  // The fake provider records every call with its body: each run forgets those of the runs before.
  const forgetCalls = () => void (upstream.calls.length = 0);
  const postChat = (input: ChatInput) =>
    send({
      method: 'POST',
      path: '/v1/chat/completions',
      headers: input.contentType === undefined ? {} : { 'content-type': input.contentType },
      body: input.body,
      chunked: input.chunked,
    });
  const fail = (problems: string[]) => {
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };

  before(async function () {
    upstream = await startFakeUpstream();
    semanticDir = await mkdtemp(path.join(tmpdir(), 'sluice-fuzz-semantic-'));
    host = await startHost('gateway-host.ts', {
      FUZZ_UPSTREAM_BASE_URL: upstream.baseUrl,
      FUZZ_GATEWAY_CONFIG: config(semanticDir),
    });
    // Warm-up, so that the baseline is taken with the code paths compiled and lazy state built.
    for (const input of fc.sample(anyChatInput, { seed: 1, numRuns: 40 })) await postChat(input);
    for (const path of ENDPOINTS) await send({ method: 'GET', path });
    baseline = await host.ask<MemoryReading>('memory');
  });

  afterEach(async () => assertServing(host));

  after(async () => {
    console.log(`      ${tally.summary()}`);
    await host?.stop();
    await upstream?.close();
    if (semanticDir !== undefined) await rm(semanticDir, { recursive: true, force: true });
  });

  it('answers any chat body within its error contract', async () => {
    await tally.check(
      'any chat body',
      fc.asyncProperty(anyChatInput, async (input) => {
        forgetCalls();
        fail(answerProblems(await postChat(input), gatewayContract));
      }),
      { runs: 400, shareOfTime: 0.25 },
    );
  });

  for (const [route, inputs] of [
    ['/v1/responses', anyResponsesInput],
    ['/v1/embeddings', anyEmbeddingsInput],
  ] as const) {
    it(`answers any ${route} body within its error contract`, async () => {
      await tally.check(
        `any ${route} body`,
        fc.asyncProperty(inputs, async (input) => {
          forgetCalls();
          const answer = await send({
            method: 'POST',
            path: route,
            headers: input.contentType === undefined ? {} : { 'content-type': input.contentType },
            body: input.body,
            chunked: input.chunked,
          });
          fail(answerProblems(answer, gatewayContract));
        }),
        { runs: 150, shareOfTime: 0.08 },
      );
    });
  }

  it('refuses near-valid chat bodies before the provider and the exact cache', async () => {
    let nonce = 0;
    await tally.check(
      'refused chat bodies',
      fc.asyncProperty(rejectedChat, async (input) => {
        const unique = `n${(nonce += 1)}-${Date.now()}`;
        forgetCalls();
        const answer = await postChat({ ...input, body: input.body.replace(NONCE, unique) });
        const problems = answerProblems(answer, gatewayContract);
        const code = errorCode(answer.text);
        if (answer.status !== input.status || code !== input.code)
          problems.push(`${input.why}: ${answer.status} ${String(code)}, expected ${input.status} ${input.code}`);
        if (upstream.calls.length !== 0) problems.push(`${input.why}: the provider was called`);
        // The valid body it came from was never sent before: a hit would mean the refused one was cached.
        const base = await postChat({ body: input.base.replace(NONCE, unique), contentType: 'application/json', chunked: false });
        if (base.status !== 200 || base.headers['x-sluice-cache'] !== 'miss' || upstream.calls.length !== 1) {
          problems.push(
            `the valid base after it: ${base.status}, x-sluice-cache ${String(base.headers['x-sluice-cache'])}, ${upstream.calls.length} provider calls`,
          );
        }
        fail(problems);
      }),
      { runs: 200, shareOfTime: 0.2 },
    );
  });

  it('never answers a request from the exact-cache entry of a different one', async () => {
    let nonce = 0;
    const asJson = (body: string) => ({ body, contentType: 'application/json', chunked: false });
    await tally.check(
      'distinct requests',
      fc.asyncProperty(chatVariant, async (pair) => {
        const unique = `v${(nonce += 1)}-${Date.now()}`;
        forgetCalls();
        const base = await postChat(asJson(pair.base.replace(NONCE, unique)));
        const variant = await postChat(asJson(pair.variant.replace(NONCE, unique)));
        const problems = [...answerProblems(base, gatewayContract), ...answerProblems(variant, gatewayContract)];
        const cache = variant.headers['x-sluice-cache'];
        if (base.status !== 200 || variant.status !== 200 || cache !== 'miss' || upstream.calls.length !== 2) {
          problems.push(
            `with ${JSON.stringify(pair.field)} added: ${base.status} then ${variant.status} (${String(cache)}), ${upstream.calls.length} provider calls`,
          );
        }
        fail(problems);
      }),
      { runs: 100, shareOfTime: 0.1 },
    );
  });

  it('answers any client key and cache-control headers within its error contract', async () => {
    let nonce = 0;
    await tally.check(
      'keys and cache controls',
      fc.asyncProperty(keyAndControlHeaders(FUZZ_KEY), fc.boolean(), async (headers, repeat) => {
        forgetCalls();
        // A repeat asks an earlier question again, so the controls meet stored entries too.
        const question = repeat ? 'the same question' : `question ${(nonce += 1)}`;
        const answer = await send({
          method: 'POST',
          path: '/v1/chat/completions',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: question }] }),
        });
        const problems = answerProblems(answer, gatewayContract);
        const code = errorCode(answer.text);
        if (!KEY_AND_CONTROL_ANSWERS.has(answer.status) || KEY_AND_CONTROL_ANSWERS.get(answer.status) !== code)
          problems.push(`${JSON.stringify(headers)}: ${answer.status} ${String(code)}`);
        if (answer.status !== 200 && upstream.calls.length !== 0) problems.push(`${answer.status} after a provider call`);
        fail(problems);
      }),
      { runs: 300, shareOfTime: 0.1 },
    );
  });

  it('answers odd calls to every endpoint within its error contract', async () => {
    await tally.check(
      'odd calls',
      fc.asyncProperty(endpointCalls(ENDPOINTS, fc.constant({})), async (sent) => {
        forgetCalls();
        fail(answerProblems(await send(sent), gatewayContract, { head: sent.method === 'HEAD' }));
      }),
      { runs: 300, shareOfTime: 0.15 },
    );
  });

  it('answers or closes on malformed HTTP, within its error contract', async () => {
    const requests = rawRequests({
      paths: ENDPOINTS,
      headers: fc.subarray([
        ['content-type', 'application/json'],
        ['x-sluice-cache-bypass', '1'],
      ] as const),
      bodies: anyChatInput.map((input) => input.body).filter((body) => body.length < 100_000),
    });
    await tally.check(
      'malformed HTTP',
      fc.asyncProperty(requests, async (request) => {
        forgetCalls();
        for (const path of ENDPOINTS) if (request.head.includes(` ${path} `)) tally.touch(path);
        fail(rawProblems(request, await exchangeRaw(host.port, request), gatewayContract));
        if (host.exited() !== undefined) throw new Error(`the gateway ended (${host.exited()}):\n${host.output()}`);
      }),
      { runs: 400, shareOfTime: 0.2 },
    );
  });

  it('returns its heap near the baseline after the runs', async () => {
    await assertMemoryNearBaseline('gateway', host, baseline);
    assert.equal(host.exited(), undefined);
  });
});
