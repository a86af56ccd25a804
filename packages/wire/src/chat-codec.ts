/** Chat completions: the wire format is the view, so every step is the identity. */
import type { ChatCompletion } from '@sluice/core';
import { GatewayError } from '@sluice/core';
import { parseChatRequest } from './chat-request.js';
import type { EndpointCodec } from './endpoint-codec.js';

/**
 * `POST /v1/chat/completions`.
 * @example
 * const request = chatCodec.parse({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
 */
export const chatCodec: EndpointCodec = Object.freeze<EndpointCodec>({
  endpoint: 'chat.completions',
  path: '/v1/chat/completions',
  upstreamPath: '/chat/completions',
  requestName: 'chat completion request',
  textAnswer: true,
  parse: parseChatRequest,
  upstreamBody: (request) => request,
  responseView(body: unknown): ChatCompletion {
    if (typeof body !== 'object' || body === null || !Array.isArray((body as ChatCompletion).choices)) {
      throw new GatewayError('upstream_invalid_response');
    }
    return body as ChatCompletion;
  },
  clientBody: (response) => response.body,
});
