/**
 * What the gateway must know of one model API's wire format to serve it through the kernel: the client's
 * body checked and turned into the chat-shaped view the hooks see, and back again on both sides of the
 * upstream call. One codec per {@link Endpoint}; the host and the upstream plugin are the only users.
 */
import type { ChatCompletion, ChatRequest, Endpoint, Exchange, ModelResponse } from '@sluice/core';

/**
 * One endpoint's wire format: see the file's opening. `chatCodec`, `responsesCodec` and `embeddingsCodec` are
 * the gateway's; `codecOf(exchange.endpoint)` finds an exchange's.
 * @example
 * const codec = codecOf(exchange.endpoint);
 * const reply = await fetch(`${baseUrl}${codec.upstreamPath}`, { method: 'POST', body: JSON.stringify(codec.upstreamBody(exchange.request)) });
 * const view = codec.responseView(await reply.json());
 */
export interface EndpointCodec {
  readonly endpoint: Endpoint;
  /** Where the client posts, e.g. `/v1/responses`. */
  readonly path: string;
  /** Where the upstream is called, under its `/v1` base, e.g. `/responses`. */
  readonly upstreamPath: string;
  /** What the client's request is called in an error message, e.g. `chat completion request`. */
  readonly requestName: string;
  /** Whether the endpoint answers with text, so a guard's refusal completion can stand in for an answer. */
  readonly textAnswer: boolean;
  /**
   * The client's parsed JSON, checked (shape, nesting), as the chat-shaped view every hook sees: its
   * `messages` hold the texts guards scan and caches embed. Throws `invalid_request` with the path of the
   * first problem.
   */
  parse(body: unknown): ChatRequest;
  /** The body the upstream receives, from the view as the guards left it (a masked text goes out masked). */
  upstreamBody(request: ChatRequest): unknown;
  /** The upstream's reply body as the chat-shaped view the hooks see; throws `upstream_invalid_response`. */
  responseView(body: unknown): ChatCompletion;
  /**
   * The body the client receives for a response (fresh, cached or a guard's refusal), the view's texts
   * written back into the wire format.
   */
  clientBody(response: ModelResponse, exchange: Exchange): unknown;
  /**
   * Called with each new exchange before the kernel runs it, e.g. to keep a request that depends on the
   * provider's stored state out of the caches (`exchange.bypassCache`). None: nothing to do.
   */
  admit?(exchange: Exchange): void;
  /**
   * The `text/event-stream` body of a streamed answer sent whole, for an endpoint whose events are not
   * chat completion chunks. None: the host replays chat completion chunks.
   */
  replay?(response: ModelResponse, exchange: Exchange): string;
}
