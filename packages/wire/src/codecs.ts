/** The endpoints the gateway serves, by name. */
import type { Endpoint } from '@sluice/core';
import { chatCodec } from './chat-codec.js';
import { responsesCodec } from './responses/responses-codec.js';
import { embeddingsCodec } from './embeddings/embeddings-codec.js';
import type { EndpointCodec } from './endpoint-codec.js';

/**
 * Every endpoint's codec, in the order the host adds their routes.
 * @example
 * for (const codec of ENDPOINT_CODECS) console.log(`POST ${codec.path}`);
 */
export const ENDPOINT_CODECS: readonly EndpointCodec[] = Object.freeze([chatCodec, responsesCodec, embeddingsCodec]);

const BY_ENDPOINT = new Map<Endpoint, EndpointCodec>(ENDPOINT_CODECS.map((codec) => [codec.endpoint, codec]));

/**
 * The codec of an exchange's endpoint.
 * @example
 * const body = codecOf(exchange.endpoint).upstreamBody(exchange.request);
 */
export function codecOf(endpoint: Endpoint): EndpointCodec {
  const codec = BY_ENDPOINT.get(endpoint);
  if (codec === undefined) throw new Error(`no codec for the ${endpoint} endpoint`);
  return codec;
}
