/** @sluice/host: serves a kernel over HTTP: the chat-completions handler, body reading and HTTP hygiene, the one request handler, and its Koa adapter. */
export { createGatewayRouter, gatewayMiddleware } from './router.js';
export {
  RequestHandler,
  type HostRoute,
  type RequestHandlerOptions,
  type RequestMatch,
  type RouteTarget,
} from './request-handler.js';
export { CHAT_COMPLETIONS_PATH, WRONG_METHOD } from './route-table.js';
export { InFlight } from './in-flight.js';
export { replyGatewayError, replyJsonBody, replyText } from './host-reply.js';
export { DEFAULT_MAX_BODY_BYTES, type HostOptions } from './host-options.js';
export { writeError } from './write-error.js';
export { serveChatCompletion, type ChatHandlerOptions } from './chat-handler.js';
export { completionChunks, replayChunks, sseText } from './stream-replay.js';
export { LiveReply, type StreamingMode } from './live-reply.js';
export { readLimitedText, type BodyReadErrors } from './read-limited.js';
export {
  applyServerTimeouts,
  describeContentType,
  isJsonContentType,
  notJsonMessage,
  DEFAULT_SERVER_TIMEOUTS,
  type ConnectionTimeoutPhase,
  type ServerTimeouts,
} from './http-hygiene.js';
export { httpHygieneMetrics, replyMetrics, type HttpHygieneMetrics } from './http-hygiene-metrics.js';
export { HOST_ERRORS } from './errors.js';
