import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadPairedSet } from '@sluice/vector-store';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { DIMS, startService } from './service-under-test.js';
import { assertHoldsExactly, entryBody, type ExpectedEntry } from './store-contents.js';

interface Answer {
  status: number;
  text: string;
}

/** A request through `agent`, whose one keep-alive connection then serves the agent's next request; send it with `end()`. */
function send(url: string, agent: Agent, method: string, route: string, headers: Record<string, string> = {}) {
  const req = request(new URL(route, url), { method, agent, headers });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { req, answer };
}

/**
 * A POST the server has taken in (it answered `100 Continue`, so the request is in its hands) whose body is
 * only sent by `finish()`: a request in flight for as long as the test wants.
 */
async function heldRequest(url: string, agent: Agent, route: string, body: unknown): Promise<{ finish(): Promise<Answer> }> {
  const text = JSON.stringify(body);
  const { req, answer } = send(url, agent, 'POST', route, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    expect: '100-continue',
  });
  await new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    req.once('error', reject);
    req.flushHeaders();
  });
  return {
    finish: () => {
      req.end(text);
      return answer;
    },
  };
}

describe('vector-cache: SIGTERM drains, saves and exits 0', function () {
  this.timeout(20_000);
  let dataDir: string;
  let proc: ServiceProcess | undefined;
  const agents: Agent[] = [];
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-shutdown-'));
  });
  afterEach(async () => {
    for (const agent of agents.splice(0)) agent.destroy();
    // Gone before its directory is: a process still draining would write its final set into a new one.
    await proc?.child.kill();
    proc = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, refuses new ones, answers /readyz 503, writes the final set', async () => {
    proc = await startServiceProcess(dataDir, { SVC_DURABILITY: 'wal' });
    const expected = new Map<number, ExpectedEntry>();
    for (let id = 1; id <= 3; id++) {
      expected.set(id, { answer: `answer ${id}`, version: 0 });
      assert.equal((await proc.post('/v1/insert', entryBody(id, expected.get(id)!))).status, 200);
    }
    const [first, second] = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
    agents.push(first!, second!);
    expected.set(10, { answer: 'ten, in flight', version: 0 });
    expected.set(2, { answer: 'two, in flight', version: 1, prompt_tokens: 4, answer_tokens: 5 });
    const insert = await heldRequest(proc.url, first!, '/v1/insert', entryBody(10, expected.get(10)!));
    const upsert = await heldRequest(proc.url, second!, '/v1/upsert', entryBody(2, expected.get(2)!));

    proc.child.signal('SIGTERM');
    // Draining: the listener is closed, so a new connection is refused.
    for (let tries = 0; ; tries++) {
      const refused = await fetch(`${proc.url}/healthz`).then(
        () => false,
        () => true,
      );
      if (refused) break;
      assert.ok(tries < 200, 'new connections were still taken 10 s after SIGTERM');
      await sleep(50);
    }

    assert.deepEqual(await insert.finish(), { status: 200, text: '{"ok":true}' });
    // The first connection is open and idle now; a request on it meets the draining service.
    const readyz = send(proc.url, first!, 'GET', '/readyz');
    readyz.req.end();
    const ready = await readyz.answer;
    assert.equal(ready.status, 503);
    assert.match(ready.text, /"code":"UNAVAILABLE"/);
    assert.deepEqual(await upsert.finish(), { status: 200, text: '{"ok":true}' });

    const exit = await proc.child.exited;
    assert.deepEqual(exit, { code: 0, signal: null });
    const set = await loadPairedSet({ dir: dataDir, dims: DIMS });
    assert.ok(set !== undefined, 'no paired set was written');
    await rm(set.payloadFile);
    assert.deepEqual(
      [...set.answers.keys()].sort((a, b) => a - b),
      [1, 2, 3, 10],
    );
    assert.equal((set.answers.get(2) as { answer: string }).answer, 'two, in flight');

    const restarted = await startService({}, dataDir);
    try {
      await assertHoldsExactly(restarted.service, expected);
    } finally {
      await restarted.service.stop();
    }
  });
});
