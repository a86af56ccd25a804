/**
 * A node:http server answering `POST /v1/responses` with one canned Responses object (as typed events when
 * the body asks for `stream: true`) and every other POST with the canned chat completion (as the gateway
 * benchmark's chunks when streamed), so the chat and Responses rows of the pass-through benchmark move the
 * same sentence through the same kind of upstream.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CANNED_COMPLETION } from '../servers/canned-completion.js';
import { CANNED_EVENTS, CANNED_EVENTS_WITH_USAGE } from '../streaming/canned-events.js';

const TEXT = 'A sluice is a water channel controlled at its head by a gate.';
const RESPONSE = {
  id: 'resp_bench_0001',
  object: 'response',
  created_at: 1_700_000_000,
  status: 'completed',
  error: null,
  incomplete_details: null,
  model: 'bench-model',
  output: [
    {
      type: 'message',
      id: 'msg_bench_0001',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: TEXT, annotations: [] }],
    },
  ],
  usage: { input_tokens: 12, output_tokens: 14, total_tokens: 26 },
};
const RESPONSE_JSON = JSON.stringify(RESPONSE);

/** The events OpenAI sends for the canned response, the text in 8-character deltas. */
function cannedEvents(): Buffer[] {
  const events: Record<string, unknown>[] = [];
  const emit = (type: string, fields: Record<string, unknown>) =>
    events.push({ type, sequence_number: events.length, ...fields });
  const begun = { ...RESPONSE, status: 'in_progress', output: [], usage: null };
  const item = RESPONSE.output[0]!;
  const where = { item_id: item.id, output_index: 0, content_index: 0 };
  emit('response.created', { response: begun });
  emit('response.in_progress', { response: begun });
  emit('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', content: [] } });
  emit('response.content_part.added', { ...where, part: { type: 'output_text', text: '', annotations: [] } });
  for (let at = 0; at < TEXT.length; at += 8) emit('response.output_text.delta', { ...where, delta: TEXT.slice(at, at + 8) });
  emit('response.output_text.done', { ...where, text: TEXT });
  emit('response.content_part.done', { ...where, part: item.content[0] });
  emit('response.output_item.done', { output_index: 0, item });
  emit('response.completed', { response: RESPONSE });
  return events.map((event) => Buffer.from(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`));
}
const EVENTS = cannedEvents();
const STREAM = Buffer.from('"stream":true');
const USAGE = Buffer.from('"include_usage":true');

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (body.includes(STREAM)) {
      // Chat completions stream the same chunks as the gateway benchmark's canned server.
      const chat = body.includes(USAGE) ? CANNED_EVENTS_WITH_USAGE : CANNED_EVENTS;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of req.url === '/v1/responses' ? EVENTS : chat) res.write(event);
      return void res.end();
    }
    const answer = req.url === '/v1/responses' ? RESPONSE_JSON : CANNED_COMPLETION;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});

server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
