/** Embeddings: each input a `user` message of the view, the list of vectors a response without choices. */
import type { ChatRequest } from '@sluice/core';
import type { EndpointCodec } from '../endpoint-codec.js';
import { embeddingsInput, parseEmbeddingsRequest } from './embeddings-request.js';
import { embeddingsClientBody, embeddingsResponseView } from './embeddings-response.js';

/**
 * `POST /v1/embeddings`.
 * @example
 * const view = embeddingsCodec.parse({ model: 'text-embedding-3-small', input: 'a cat' });
 * embeddingsCodec.upstreamBody(view); // { model: 'text-embedding-3-small', input: 'a cat' }
 */
export const embeddingsCodec: EndpointCodec = Object.freeze<EndpointCodec>({
  endpoint: 'embeddings',
  path: '/v1/embeddings',
  upstreamPath: '/embeddings',
  requestName: 'embeddings request',
  textAnswer: false,
  parse: parseEmbeddingsRequest,
  upstreamBody(request: ChatRequest): unknown {
    const { messages: _messages, ...fields } = request;
    return { ...fields, input: embeddingsInput(request) };
  },
  responseView: embeddingsResponseView,
  clientBody: embeddingsClientBody,
});
