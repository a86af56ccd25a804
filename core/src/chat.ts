/** The OpenAI-compatible chat shapes the kernel passes between hooks. */

/**
 * One message as a client sent it; unknown fields are kept and forwarded.
 * @example
 * const userTexts = exchange.request.messages
 *   .filter((message) => message.role === 'user' && typeof message.content === 'string')
 *   .map((message) => message.content as string);
 */
export interface ChatMessage {
  role: string;
  /** A string, or a structured value such as an array of content parts (forwarded untouched). */
  content?: unknown;
  [field: string]: unknown;
}

/**
 * A chat-completion request body; unknown top-level fields are kept and forwarded.
 * @example
 * const request: ChatRequest = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }], temperature: 0 };
 * // A guard that rewrites assigns a new request; `exchange.original` keeps the client's.
 * exchange.request = { ...exchange.request, messages: [{ role: 'system', content: 'Be brief.' }, ...exchange.request.messages] };
 */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  [field: string]: unknown;
}

/**
 * Token usage as the provider reports it.
 * @example
 * const usage: Usage | undefined = exchange.usage ?? response.body.usage;
 * const tokens = usage === undefined ? 0 : usage.prompt_tokens + usage.completion_tokens;
 */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
}

/**
 * A complete chat-completion body (a stream is assembled into one before hooks see it).
 * @example
 * const body: ChatCompletion = {
 *   id: 'chatcmpl-faq-1',
 *   object: 'chat.completion',
 *   created: Math.floor(Date.now() / 1000),
 *   model: exchange.request.model,
 *   choices: [{ index: 0, message: { role: 'assistant', content: 'We open at nine.' }, finish_reason: 'stop' }],
 * };
 */
export interface ChatCompletion {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  choices?: unknown[];
  usage?: Usage;
  [field: string]: unknown;
}

/**
 * One `chat.completion.chunk` of a server-sent event stream.
 * @example
 * type Delta = { delta?: { content?: string } } | undefined;
 * const text = (response.chunks ?? []).map((chunk) => (chunk.choices?.[0] as Delta)?.delta?.content ?? '').join('');
 */
export interface ChatCompletionChunk {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  choices?: unknown[];
  usage?: Usage | null;
  [field: string]: unknown;
}

/**
 * A complete response from the model provider or a cache: what the upstream hook returns and what
 * postScan, cacheStore and restore receive. Treat it as immutable.
 * @example
 * kernel.hooks.restore.tap(PLUGIN_NAME, (response: ModelResponse): ModelResponse => ({
 *   ...response,
 *   headers: { ...response.headers, 'x-acme-policy': 'v2' },
 * }));
 */
export interface ModelResponse {
  /** HTTP status to hand the client; 200 for a completion. */
  readonly status: number;
  readonly body: ChatCompletion;
  /** Extra response headers the client should see (lower-case names). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The provider's own chunks when the answer was streamed, so a stream replays with the provider's
   * boundaries. A plugin that rewrites `body` returns a response without them; the replay is then
   * made from the body.
   */
  readonly chunks?: readonly ChatCompletionChunk[];
}

/**
 * A response found in a cache layer, returned from a cacheLookup tap.
 * @example
 * kernel.hooks.cacheLookup.tapPromise({ name: PLUGIN_NAME, stage: Stage.EXACT + 50 }, async (exchange) => {
 *   const body = answers.get(lastUserText(exchange.request));
 *   return body === undefined ? undefined : ({ status: 200, body, layer: 'faq' } satisfies CachedResponse);
 * });
 */
export interface CachedResponse extends ModelResponse {
  /** Which layer answered, e.g. `exact`: the kernel records it in `exchange.cache.layer`. */
  readonly layer: string;
}
