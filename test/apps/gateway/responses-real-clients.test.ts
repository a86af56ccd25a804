/**
 * The Responses API through the gateway as each client's users call it: the Vercel AI SDK's default model
 * (`openai('…')` calls /v1/responses) with generateText and streamText, LangChain's ChatOpenAI with
 * `useResponsesApi` and a tool bound, and the Python openai client, each against its own gateway.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createOpenAI } from '@ai-sdk/openai';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { RESPONSES_TOOL_ARGUMENTS } from '../../fixtures/fake-responses.js';
import type { FakeUpstream } from '../../fixtures/fake-upstream.js';
import { gatewayForSuite } from './gateway-under-test.js';

const responseCalls = (upstream: FakeUpstream) => upstream.calls.filter((call) => call.path === '/v1/responses');

describe('gateway: the Vercel AI SDK default model (Responses API)', () => {
  const suite = gatewayForSuite('streaming_enabled on;\n');

  it('generateText, then the same call answered from the exact cache', async () => {
    const openai = createOpenAI({ baseURL: `${suite.gw.url}/v1`, apiKey: 'client-key' });
    const ask = () => generateText({ model: openai('test-model'), prompt: 'What is a sluice?', maxRetries: 0 });
    const first = await ask();
    assert.equal(first.text, 'echo: What is a sluice?');
    assert.ok((first.usage.inputTokens ?? 0) > 0);
    const second = await ask();
    assert.equal(second.text, first.text);
    assert.equal(responseCalls(suite.upstream).length, 1, 'the repeat was a cache hit');
  });

  it('streamText assembles the replayed events', async () => {
    const openai = createOpenAI({ baseURL: `${suite.gw.url}/v1`, apiKey: 'client-key' });
    const result = streamText({ model: openai('test-model'), prompt: 'Stream me a sluice', maxRetries: 0 });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    assert.equal(text, 'echo: Stream me a sluice');
    assert.equal(await result.finishReason, 'stop');
    assert.equal((responseCalls(suite.upstream).at(-1)?.body as { stream?: unknown }).stream, true);
  });

  it('streamText with a tool: the replayed function call reaches the tool, its output the model', async () => {
    const openai = createOpenAI({ baseURL: `${suite.gw.url}/v1`, apiKey: 'client-key' });
    const called: unknown[] = [];
    const getWeather = tool({
      description: 'Weather by city',
      inputSchema: jsonSchema<{ city?: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
      execute: async (input) => {
        called.push(input);
        return 'sunny';
      },
    });
    const result = streamText({
      model: openai('test-model'),
      prompt: 'Weather in Paris?',
      tools: { get_weather: getWeather },
      stopWhen: stepCountIs(2),
      maxRetries: 0,
    });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    assert.deepEqual(called, [JSON.parse(RESPONSES_TOOL_ARGUMENTS)]);
    assert.equal(text, 'tool said: sunny');
  });
});

describe('gateway: LangChain ChatOpenAI with useResponsesApi and a bound tool', () => {
  const suite = gatewayForSuite('streaming_enabled on;\n');

  it('gets the tool call, then the answer to the tool output', async () => {
    const model = new ChatOpenAI({
      model: 'test-model',
      apiKey: 'client-key',
      maxRetries: 0,
      useResponsesApi: true,
      configuration: { baseURL: `${suite.gw.url}/v1` },
    });
    const tool = {
      type: 'function' as const,
      function: { name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: {} } },
    };
    const bound = model.bindTools([tool]);
    const first = await bound.invoke('Weather in Paris?');
    assert.equal(first.tool_calls?.[0]?.name, 'get_weather');
    assert.deepEqual(first.tool_calls?.[0]?.args, JSON.parse(RESPONSES_TOOL_ARGUMENTS));
    const { ToolMessage, HumanMessage } = await import('@langchain/core/messages');
    const second = await bound.invoke([
      new HumanMessage('Weather in Paris?'),
      first,
      new ToolMessage({ content: 'sunny', tool_call_id: first.tool_calls![0]!.id! }),
    ]);
    assert.equal(second.text, 'tool said: sunny');
    assert.equal(responseCalls(suite.upstream).length, 2);
  });

  it('streams an answer with .stream()', async () => {
    const model = new ChatOpenAI({
      model: 'test-model',
      apiKey: 'client-key',
      maxRetries: 0,
      useResponsesApi: true,
      streaming: true,
      configuration: { baseURL: `${suite.gw.url}/v1` },
    });
    let text = '';
    for await (const chunk of await model.stream('Stream a weir')) text += chunk.text;
    assert.equal(text, 'echo: Stream a weir');
  });
});

describe('gateway: the Python openai client on the Responses API', () => {
  const suite = gatewayForSuite('streaming_enabled on;\n');
  before(function () {
    const probe = spawnSync('python3', ['-c', 'import openai'], { stdio: 'ignore' });
    if (probe.status === 0) return;
    const message = 'SKIPPED: responses with the Python openai client — python3 or its openai package is missing';
    if (process.env.CI === 'true') throw new Error(`${message}; CI requires it`);
    console.error(`\n  ${message}\n`);
    this.skip();
  });

  it('responses.create whole and streamed, and responses.retrieve', async () => {
    const script = [
      'import json, sys, openai',
      'client = openai.OpenAI(base_url=sys.argv[1], api_key="client-key", max_retries=0, timeout=10)',
      'whole = client.responses.create(model="test-model", input=sys.argv[2], instructions="Be brief.")',
      'text = ""',
      'for event in client.responses.create(model="test-model", input=sys.argv[2] + "!", stream=True):',
      '    if event.type == "response.output_text.delta": text += event.delta',
      'stored = client.responses.retrieve(whole.id)',
      'print(json.dumps({"whole": whole.output_text, "streamed": text, "stored": stored.id == whole.id,',
      '  "tokens": whole.usage.input_tokens + whole.usage.output_tokens}))',
    ].join('\n');
    const { stdout } = await promisify(execFile)('python3', ['-c', script, `${suite.gw.url}/v1`, 'What is a weir?'], {
      timeout: 10_000,
    });
    const result = JSON.parse(stdout) as { whole: string; streamed: string; stored: boolean; tokens: number };
    assert.equal(result.whole, 'echo: What is a weir?');
    assert.equal(result.streamed, 'echo: What is a weir?!');
    assert.equal(result.stored, true);
    assert.ok(result.tokens > 0);
  });
});
