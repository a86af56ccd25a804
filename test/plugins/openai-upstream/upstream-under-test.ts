/** A kernel with only the openai-upstream plugin, pointed at a fake provider. */
import { Exchange, Kernel, type ChatRequest } from '@sluice/core';
import { OpenAIUpstreamPlugin, type OpenAIUpstreamOptionsInput } from '@sluice/plugin-openai-upstream';
import { pino } from 'pino';

export async function upstreamKernel(options: OpenAIUpstreamOptionsInput): Promise<Kernel> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  kernel.use(new OpenAIUpstreamPlugin(options));
  await kernel.start();
  return kernel;
}

export async function send(kernel: Kernel, request: ChatRequest, signal?: AbortSignal): Promise<Exchange> {
  const exchange = new Exchange({ request, ...(signal ? { signal } : {}) });
  await kernel.run(exchange);
  return exchange;
}

export const ask = (content = 'hi'): ChatRequest => ({ model: 'test-model', messages: [{ role: 'user', content }] });
