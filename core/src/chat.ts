/** The OpenAI-compatible chat shapes the kernel passes between hooks. */

/** One message as a client sent it; unknown fields are kept and forwarded. */
export interface ChatMessage {
  role: string;
  /** A string, or a structured value such as an array of content parts (forwarded untouched). */
  content?: unknown;
  [field: string]: unknown;
}

/** A chat-completion request body; unknown top-level fields are kept and forwarded. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  [field: string]: unknown;
}

/** Token usage as the provider reports it. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
}

/** A complete chat-completion body (a stream is assembled into one before hooks see it). */
export interface ChatCompletion {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  choices?: unknown[];
  usage?: Usage;
  [field: string]: unknown;
}

/** One `chat.completion.chunk` of a server-sent event stream. */
export interface ChatCompletionChunk {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  choices?: unknown[];
  usage?: Usage | null;
  [field: string]: unknown;
}

/** A complete response from the model provider or a cache. */
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

/** A response found in a cache layer. */
export interface CachedResponse extends ModelResponse {
  /** Which layer answered, e.g. `exact` or `semantic`. */
  readonly layer: string;
  /** Similarity of a near match, when the layer measures one. */
  readonly similarity?: number;
}
