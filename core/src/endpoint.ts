/**
 * Which model API a request came in on, as the host names it. Every endpoint runs the same hooks on the
 * same chat-shaped view of its request (`exchange.request.messages`: the texts a guard scans), so a
 * plugin written for chat completions serves the others too; one that must tell them apart reads
 * `exchange.endpoint`. The kernel gives the name no meaning: the gateway's endpoints and their wire
 * formats are `@sluice/wire`'s.
 * @example
 * const chatLike = exchange.endpoint === CHAT_COMPLETIONS || exchange.endpoint === 'responses';
 */
export type Endpoint = string;

/**
 * The endpoint of an exchange whose host names none: `POST /v1/chat/completions`.
 * @example
 * if (exchange.endpoint !== CHAT_COMPLETIONS) return; // this tap only reads chat completions
 */
export const CHAT_COMPLETIONS: Endpoint = 'chat.completions';
