import assert from 'node:assert/strict';
import { Exchange, type ChatCompletion, type Mode } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from '../../../test/core/kernel-under-test.js';
import { TopicGuardPlugin } from '../src/index.js';
import {
  AnswerArchivePlugin,
  BlockedHeaderPlugin,
  CheckedHeaderPlugin,
  EvidenceCounterPlugin,
  FaqAnswersPlugin,
  InternalMarkerScanPlugin,
  LocalModelPlugin,
} from './example-plugins.js';

const FAQ = {
  'what is a billing cycle?': 'One calendar month.',
  'when does billing v2 ship?': 'INTERNAL ONLY: see the roadmap.',
};

/** The topic guard with a plugin on every other hook, and a provider stand-in named like the preset's. */
async function kernelWithEveryHook(mode: Mode = 'enforce', options: { saveFails?: boolean } = {}) {
  const { kernel, events } = kernelUnderTest({ mode });
  const calls: string[] = [];
  const archived: string[] = [];
  let answer = 'billing answer';
  kernel.hooks.upstream.tapPromise('openai-upstream', async () => {
    calls.push('provider');
    return completion(answer);
  });
  const faq = new FaqAnswersPlugin(async () => FAQ);
  const counter = new EvidenceCounterPlugin();
  kernel
    .use(new TopicGuardPlugin({ allowedTopics: ['billing'] }))
    .use(faq)
    .use(new LocalModelPlugin())
    .use(new InternalMarkerScanPlugin())
    .use(
      new AnswerArchivePlugin(async (key: string, body: ChatCompletion) => {
        if (options.saveFails === true) throw new Error('disk full');
        archived.push(`${key.split(':')[0]} ${String(body.model)}`);
      }),
    )
    .use(new CheckedHeaderPlugin())
    .use(new BlockedHeaderPlugin())
    .use(counter);
  await kernel.start();
  const run = async (content: string, model = 'test-model') => {
    const exchange = new Exchange({ request: { ...chatRequest(content), model }, mode });
    await kernel.run(exchange);
    return exchange;
  };
  return {
    kernel,
    events,
    calls,
    archived,
    faq,
    counter,
    run,
    answerWith: (text: string) => (answer = text),
  };
}

describe('a plugin on every hook, on a bare kernel', () => {
  it('cacheLookup: a hit is served in enforce mode and nothing is stored', async () => {
    const { run, calls, archived } = await kernelWithEveryHook();
    const exchange = await run('What is a billing cycle?');
    assert.deepEqual(exchange.cache, { status: 'hit', layer: 'faq' });
    assert.equal(exchange.response?.body.choices?.length, 1);
    assert.deepEqual(calls, []);
    assert.deepEqual(archived, []);
  });

  it('cacheLookup: in observe mode a hit is only recorded, and the upstream answers', async () => {
    const { run, calls } = await kernelWithEveryHook('observe');
    const exchange = await run('What is a billing cycle?');
    assert.deepEqual(exchange.cache, { status: 'miss', layer: 'faq', wouldHit: true });
    assert.deepEqual(calls, ['provider']);
  });

  it('upstream: the first tap to return a response answers; undefined passes to the next', async () => {
    const { run, calls } = await kernelWithEveryHook();
    const local = await run('a billing question', 'local-echo');
    assert.equal(
      (local.response?.body.choices?.[0] as { message: { content: string } }).message.content,
      'echo: a billing question',
    );
    assert.deepEqual(calls, []);
    await run('another billing question');
    assert.deepEqual(calls, ['provider']);
  });

  it('postScan: a Verdict replaces the response, fresh or cached, and nothing is stored', async () => {
    const { run, archived, answerWith } = await kernelWithEveryHook();
    answerWith('INTERNAL ONLY: the billing roadmap');
    const exchange = await run('billing roadmap?');
    assert.equal(exchange.error?.code, 'plugin_response_blocked');
    assert.equal(exchange.error?.message, 'The answer quoted an internal document.');
    assert.deepEqual(archived, []);
    const cached = await run('When does billing v2 ship?');
    assert.equal(cached.cache.layer, 'faq');
    assert.equal(cached.error?.code, 'plugin_response_blocked', 'a cached answer is scanned too');
  });

  it('cacheStore: sees fresh approved answers; a failing store does not fail the request', async () => {
    const ok = await kernelWithEveryHook();
    await ok.run('a billing question');
    assert.deepEqual(ok.archived, ['default test-model']);
    const failing = await kernelWithEveryHook('enforce', { saveFails: true });
    assert.equal((await failing.run('a billing question')).response?.status, 200);
  });

  it('restore: the last word on what the client sees', async () => {
    const { run } = await kernelWithEveryHook();
    assert.equal((await run('a billing question')).response?.headers?.['x-acme-checked-by'], 'topic-guard');
  });

  it('respond: adds a header to answers and to failures once the outcome is settled', async () => {
    const { run } = await kernelWithEveryHook();
    assert.equal((await run('a billing question')).responseHeaders['x-acme-topic-check'], 'passed');
    const blocked = await run('the weather?');
    assert.equal(blocked.error?.code, 'topic_not_allowed');
    assert.equal(blocked.responseHeaders['x-acme-topic-check'], 'blocked');
  });

  it('evidence: a sink sees every event of every request', async () => {
    const { run, counter } = await kernelWithEveryHook();
    await run('a billing question');
    await run('the weather?');
    assert.equal(counter.counts.get('request.received'), 2);
    assert.equal(counter.counts.get('topic_guard.decision'), 2);
    assert.equal(counter.counts.get('request.completed'), 1);
    assert.equal(counter.counts.get('request.failed'), 1);
  });

  it('start, stop and health: resources open in start, report in health, close in stop', async () => {
    const { kernel, faq } = await kernelWithEveryHook();
    assert.deepEqual(faq.health(), [{ name: 'faq-list', readinessRequired: false, initialised: true, up: true }]);
    await kernel.stop();
    assert.equal(faq.health()[0]?.up, false);
    const { kernel: broken } = kernelUnderTest();
    broken.use(
      new FaqAnswersPlugin(async () => {
        throw new Error('faq.json is not readable');
      }),
    );
    await assert.rejects(broken.start(), /plugin "faq-answers" failed to start: faq.json is not readable/);
  });
});
