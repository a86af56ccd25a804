/**
 * @sluice/wire: the OpenAI wire formats of the endpoints the gateway serves, checked at the door and seen
 * by every hook through one chat-shaped view.
 */
export { type EndpointCodec } from './endpoint-codec.js';
export { ENDPOINT_CODECS, codecOf } from './codecs.js';
export { chatCodec } from './chat-codec.js';
export { parseChatRequest } from './chat-request.js';
export { MAX_REQUEST_DEPTH, requestCheck } from './request-check.js';
export { embeddingsCodec } from './embeddings/embeddings-codec.js';
export { MAX_EMBEDDING_DIMENSIONS, MAX_EMBEDDING_INPUTS, MAX_EMBEDDING_INPUT_TOKENS } from './embeddings/embeddings-request.js';
export { responsesCodec } from './responses/responses-codec.js';
export { parseResponsesRequest, type ResponsesRequest } from './responses/responses-request.js';
export { INPUT_ORIGIN, type InputOrigin } from './responses/request-view.js';
export { RESPONSES_BODY } from './responses/response-view.js';
export { responsesEvents, type ResponsesEvent } from './responses/replay-events.js';
