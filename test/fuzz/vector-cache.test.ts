/**
 * Fuzzing the vector answer cache over HTTP: adversarial bodies on every JSON endpoint, near-valid
 * requests it must refuse, odd calls to every endpoint and malformed HTTP on raw sockets, against the
 * service in its own process (keys required, a temp data directory). Properties: answers within its
 * error contract, refused requests leave the stored entries exactly as they were, accepted writes read
 * back exactly, the process stays up, and its heap returns near its baseline.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { answerProblems } from './answer-checks.js';
import { endpointCalls } from './arbitraries/endpoint-calls.js';
import { rawRequests } from './arbitraries/raw-requests.js';
import {
  anyServiceInput,
  rejectedServiceInput,
  SEEDED_ENTRIES,
  type KeyUse,
  type ServiceInput,
} from './arbitraries/vector-cache-bodies.js';
import { FUZZ_DIMS } from './arbitraries/vector-cache-fields.js';
import { acceptedWrite, readsBack } from './arbitraries/vector-cache-writes.js';
import { fuzzBudget } from './fuzz-budget.js';
import { FuzzTally } from './fuzz-tally.js';
import { startHost, type HostedService } from './hosted-service.js';
import type { MemoryReading } from './hosts/host-ipc.js';
import type { StoreDigest } from './hosts/vector-cache-host.js';
import type { Call } from './http-call.js';
import { rawProblems } from './raw-checks.js';
import { exchangeRaw } from './raw-exchange.js';
import { assertMemoryNearBaseline, assertServing, callHosted } from './service-health.js';
import { vectorCacheContract } from './vector-cache-contract.js';

const ENDPOINTS = [
  '/healthz',
  '/readyz',
  '/v1/insert',
  '/v1/upsert',
  '/v1/delete',
  '/v1/search',
  '/v1/qa',
  '/v1/snapshot/save',
  '/v1/snapshot/load',
  '/v1/answers/save',
  '/v1/answers/load',
  '/v1/license/status',
  '/metrics',
  '/api-docs',
  '/api-docs/openapi.json',
];
const KEYS = { app: 'fuzz-app-key', admin: 'fuzz-admin-key' };
const KEY_HEADERS: Readonly<Record<KeyUse, Readonly<Record<string, string>>>> = {
  admin: { 'x-svc-key': KEYS.admin },
  app: { authorization: `Bearer ${KEYS.app}` },
  none: {},
  wrong: { 'x-svc-key': 'not-a-configured-key' },
};

describe('fuzz: vector cache', function () {
  const budget = fuzzBudget();
  const tally = new FuzzTally('vector cache', budget, ENDPOINTS);
  this.timeout(budget.seconds * 1000 + 60_000);
  let dataDir: string;
  let host: HostedService;
  let baseline: MemoryReading;

  const send = (sent: Call) => callHosted('service', host, tally, sent);
  const post = (input: ServiceInput) =>
    send({
      method: 'POST',
      path: input.endpoint,
      headers: { ...KEY_HEADERS[input.key], ...(input.contentType === undefined ? {} : { 'content-type': input.contentType }) },
      body: input.body,
      chunked: input.chunked,
    });
  const postJson = (endpoint: string, body: unknown) =>
    post({ endpoint, body: JSON.stringify(body), contentType: 'application/json', chunked: false, key: 'admin' });
  const fail = (problems: string[]) => {
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };

  before(async function () {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-fuzz-vc-'));
    host = await startHost('vector-cache-host.ts', {
      SVC_DIMS: String(FUZZ_DIMS),
      SVC_LISTEN_ADDR: '127.0.0.1:0',
      SVC_DATA_DIR: dataDir,
      SVC_AUTOSAVE_SECS: '0',
      SVC_AUTH_REQUIRED: '1',
      SVC_APP_KEYS: KEYS.app,
      SVC_ADMIN_KEYS: KEYS.admin,
      SVC_LOG_LEVEL: 'error',
    });
    for (const entry of SEEDED_ENTRIES) assert.equal((await postJson('/v1/insert', entry)).status, 200);
    // The data directory's own set and an answers export exist, so paths below or onto them mean what the refusals expect.
    assert.equal((await postJson('/v1/snapshot/save', {})).status, 200);
    assert.equal((await postJson('/v1/answers/save', {})).status, 200);
    // Warm-up with refused requests only, so that the baseline is taken with the code paths compiled.
    for (const input of fc.sample(rejectedServiceInput, { seed: 1, numRuns: 40 })) await post(input);
    for (const endpoint of ENDPOINTS) await send({ method: 'GET', path: endpoint, headers: KEY_HEADERS.admin });
    baseline = await host.ask<MemoryReading>('memory');
  });

  afterEach(async () => assertServing(host));

  after(async () => {
    console.log(`      ${tally.summary()}`);
    await host?.stop();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses near-valid requests with their status, leaving the stored entries as they were', async () => {
    await tally.check(
      'refused requests',
      fc.asyncProperty(rejectedServiceInput, async (input) => {
        const before = await host.ask<StoreDigest>('digest');
        const answer = await post(input);
        const problems = answerProblems(answer, vectorCacheContract);
        if (answer.status !== input.status)
          problems.push(`${input.why}: ${answer.status}, expected ${input.status}: ${answer.text.slice(0, 300)}`);
        const after = await host.ask<StoreDigest>('digest');
        if (after.sha256 !== before.sha256)
          problems.push(`${input.why}: the stored entries changed (${before.count} → ${after.count})`);
        fail(problems);
      }),
      { runs: 300, shareOfTime: 0.25 },
    );
  });

  it('answers any body on every JSON endpoint within its error contract', async () => {
    await tally.check(
      'any body',
      fc.asyncProperty(anyServiceInput, async (input) => fail(answerProblems(await post(input), vectorCacheContract))),
      { runs: 400, shareOfTime: 0.25 },
    );
  });

  it('reads accepted writes back exactly', async () => {
    await tally.check(
      'accepted writes',
      fc.asyncProperty(acceptedWrite, async (write) => {
        const written = await postJson('/v1/upsert', write.entry);
        const qa = await postJson('/v1/qa', { query: write.entry.vector, k: 1, sim_threshold: 0.999 });
        fail([...answerProblems(written, vectorCacheContract), ...readsBack(write, written, qa)]);
      }),
      { runs: 100, shareOfTime: 0.1 },
    );
  });

  it('answers odd calls to every endpoint within its error contract', async () => {
    const keys = fc.constantFrom(KEY_HEADERS.admin, KEY_HEADERS.admin, KEY_HEADERS.app, KEY_HEADERS.none, KEY_HEADERS.wrong);
    await tally.check(
      'odd calls',
      fc.asyncProperty(endpointCalls(ENDPOINTS, keys), async (sent) =>
        fail(answerProblems(await send(sent), vectorCacheContract, { head: sent.method === 'HEAD' })),
      ),
      { runs: 300, shareOfTime: 0.15 },
    );
  });

  it('answers or closes on malformed HTTP, within its error contract', async () => {
    const requests = rawRequests({
      paths: ENDPOINTS,
      headers: fc.subarray([
        ['x-svc-key', KEYS.admin],
        ['content-type', 'application/json'],
      ] as const),
      bodies: anyServiceInput.map((input) => input.body).filter((body) => body.length < 100_000),
    });
    await tally.check(
      'malformed HTTP',
      fc.asyncProperty(requests, async (request) => {
        for (const endpoint of ENDPOINTS) if (request.head.includes(` ${endpoint} `)) tally.touch(endpoint);
        fail(rawProblems(request, await exchangeRaw(host.port, request), vectorCacheContract));
        if (host.exited() !== undefined) throw new Error(`the service ended (${host.exited()}):\n${host.output()}`);
      }),
      { runs: 400, shareOfTime: 0.25 },
    );
  });

  it('returns its heap near the baseline after the runs', async () => {
    await assertMemoryNearBaseline('vector cache', host, baseline);
  });
});
