/**
 * Checks a sample of streamed answers before a streamed row's load, so the row measures well-formed
 * streams of the right kind and not errors or JSON: status, headers, every event a chunk, `data: [DONE]`
 * last, the assembled text, and the number of events (the provider's own chunks or a replay).
 */

export interface StreamExpectation {
  /** `x-sluice-cache` of every answer: `bypass` or `hit-exact`; not checked when absent (another gateway). */
  readonly cache?: string;
  /** The text the chunks' content deltas assemble into. */
  readonly content: string;
  /** Events in the stream, `data: [DONE]` included. */
  readonly events: number;
}

export async function checkStreamSample(
  url: string,
  body: string,
  headers: Record<string, string>,
  expect: StreamExpectation,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
    const text = await response.text();
    const problem = streamProblem(response, text, expect);
    if (problem !== undefined) throw new Error(`${url} sample ${i}: ${problem}\n${text.slice(0, 400)}`);
  }
}

function streamProblem(response: Response, text: string, expect: StreamExpectation): string | undefined {
  if (response.status !== 200) return `status ${response.status}`;
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) return `content-type ${type}`;
  const cache = response.headers.get('x-sluice-cache');
  if (expect.cache !== undefined && cache !== expect.cache) return `x-sluice-cache ${cache} (expected ${expect.cache})`;
  if (!text.endsWith('data: [DONE]\n\n')) return 'the stream does not end with data: [DONE]';
  const events = text.slice(0, -2).split('\n\n');
  if (events.length !== expect.events) return `${events.length} events (expected ${expect.events})`;
  let content = '';
  let finishReason: unknown;
  for (const event of events.slice(0, -1)) {
    if (!event.startsWith('data: ')) return `an event that is not a data line: ${event}`;
    const chunk = JSON.parse(event.slice('data: '.length)) as Record<string, unknown>;
    if (chunk.object !== 'chat.completion.chunk' || !Array.isArray(chunk.choices)) return `not a chunk: ${event}`;
    // The client did not ask for usage: the usage the gateway asked for on its behalf must not reach it.
    if ('usage' in chunk) return `usage in a stream that did not ask for it: ${event}`;
    for (const choice of chunk.choices as { delta?: { content?: unknown }; finish_reason?: unknown }[]) {
      if (typeof choice.delta?.content === 'string') content += choice.delta.content;
      finishReason ??= choice.finish_reason;
    }
  }
  if (content !== expect.content) return `assembled content "${content}" (expected "${expect.content}")`;
  if (finishReason !== 'stop') return `finish reason ${String(finishReason)}`;
  return undefined;
}
