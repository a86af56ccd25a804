import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Gateway } from '@sluice/gateway';
import OpenAI from 'openai';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig } from './gateway-under-test.js';

describe('gateway: a configuration reload keeps the in-process semantic cache', () => {
  let upstream: FakeUpstream;
  let dir: string;
  let gateway: Gateway | undefined;
  before(async () => {
    upstream = await startFakeUpstream();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-reload-'));
  });
  after(async () => {
    await gateway?.shutdown();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A gateway on `file`, and a question to it answering the x-sluice-cache header. */
  async function started(file: string): Promise<(content: string) => Promise<string | null>> {
    gateway = await Gateway.fromFile(file, { logger: pino({ level: 'silent' }) });
    const { url } = await gateway.listen('127.0.0.1:0');
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'unused', maxRetries: 0, timeout: 10_000 });
    return async (content) => {
      const { response } = await client.chat.completions
        .create({ model: 'test-model', messages: [{ role: 'user', content }] })
        .withResponse();
      return response.headers.get('x-sluice-cache');
    };
  }

  /** A config file with the semantic cache on over `dataDir` and the exact cache off. */
  async function semanticConfig(name: string, dataDir: string): Promise<{ file: string; semantic: string }> {
    const file = path.join(dir, name);
    const semantic = `semantic_cache_enabled on;\nsemantic_cache_data_dir ${dataDir};\nexact_cache_enabled off;\n`;
    await writeFile(file, baseConfig(upstream.baseUrl, semantic));
    return { file, semantic };
  }

  it('answers a paraphrase of a question asked before the reload from the cache', async () => {
    const { file, semantic } = await semanticConfig('gateway.conf', path.join(dir, 'semantic'));
    const ask = await started(file);

    assert.equal(await ask('How do I reset my password?'), 'miss');
    await writeFile(file, baseConfig(upstream.baseUrl, `${semantic}model_price other-model 1 2;\n`));
    assert.equal(await gateway!.reload(), true);
    assert.equal(await ask('how do I reset my password'), 'hit-semantic');
    assert.equal(upstream.calls.filter((c) => c.path === '/v1/chat/completions').length, 1);
  });

  it('leaves the directory to the reloaded runtime: the retired store saves nothing over its set', async () => {
    await gateway?.shutdown();
    const dataDir = path.join(dir, 'handover');
    const { file } = await semanticConfig('handover.conf', dataDir);
    let ask = await started(file);
    const savedSet = async () =>
      JSON.parse(await readFile(path.join(dataDir, 'live', 'answers.json'), 'utf8')) as { snapshot_id: string; answers: object };

    assert.equal(await ask('Which port does the gateway listen on?'), 'miss');
    assert.equal(await gateway!.reload(), true);
    const handedOver = (await savedSet()).snapshot_id;
    await sleep(300); // the retired runtime has no request in flight: it stops at once
    assert.equal((await savedSet()).snapshot_id, handedOver, 'the retired runtime saved over the set it handed over');

    assert.equal(await ask('How long does an answer stay in the cache?'), 'miss');
    await gateway!.shutdown();
    assert.equal(Object.keys((await savedSet()).answers).length, 2, "the final save is the reloaded runtime's");
    ask = await started(file);
    for (const content of ['which port does the gateway listen on', 'how long does an answer stay in the cache']) {
      assert.equal(await ask(content), 'hit-semantic', content);
    }
  });
});
