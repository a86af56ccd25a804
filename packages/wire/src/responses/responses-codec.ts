/** The Responses API through the chat-shaped pipeline: every guard, cache and meter works on it unchanged. */
import type { EndpointCodec } from '../endpoint-codec.js';
import { clientResponsesBody } from './client-response.js';
import { responsesEvents, responsesEventText } from './replay-events.js';
import { parseResponsesRequest } from './responses-request.js';
import { responsesCompletionView } from './response-view.js';
import { responsesView, upstreamResponsesBody } from './request-view.js';

/**
 * `POST /v1/responses`. A request that continues a stored response (`previous_response_id`) depends on
 * the provider's state, not on its body alone, so it is never answered from or stored in a cache.
 * @example
 * const view = responsesCodec.parse({ model: 'gpt-4o-mini', input: 'Hi', instructions: 'Be brief.' });
 * // view.messages: a system message and a user message
 */
export const responsesCodec: EndpointCodec = Object.freeze<EndpointCodec>({
  endpoint: 'responses',
  path: '/v1/responses',
  upstreamPath: '/responses',
  requestName: 'responses request',
  textAnswer: true,
  parse: (body) => responsesView(parseResponsesRequest(body)),
  upstreamBody: upstreamResponsesBody,
  responseView: responsesCompletionView,
  clientBody: (response) => clientResponsesBody(response),
  admit(exchange) {
    const previous = exchange.request.previous_response_id;
    if (previous !== undefined && previous !== null) exchange.bypassCache = true;
  },
  replay: (response) => responsesEventText(responsesEvents(clientResponsesBody(response))),
});
