/**
 * Before any load, each gateway's answers are checked: the completion the fake upstream sent, streamed as
 * its 16 events when asked, every pass-through counted by the upstream once and every hit not at all.
 */
import { upstreamCalls } from '../semantic/gateway-metrics.js';
import { CANNED_CONTENT, CANNED_EVENTS } from '../streaming/canned-events.js';
import { checkStreamSample } from '../streaming/check-stream.js';

/** Streamed answers checked per gateway. */
const STREAM_SAMPLE = 5;

export interface CheckedGateway {
  readonly name: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  /** Reply headers every pass-through answer must carry (no cache, no retry). */
  readonly expectHeaders: Record<string, string>;
}

/** One plain and a few streamed pass-through requests; throws on the first answer that is not the canned one. */
export async function checkPassThrough(
  gateway: CheckedGateway,
  upstreamUrl: string,
  body: string,
  streamBody: string,
): Promise<void> {
  const before = await upstreamCalls(upstreamUrl);
  const response = await post(gateway.url, body, gateway.headers);
  await expectCompletion(gateway.name, response, gateway.expectHeaders);
  await checkStreamSample(
    gateway.url,
    streamBody,
    gateway.headers,
    { content: CANNED_CONTENT, events: CANNED_EVENTS.length },
    STREAM_SAMPLE,
  );
  const calls = (await upstreamCalls(upstreamUrl)) - before;
  if (calls !== 1 + STREAM_SAMPLE)
    throw new Error(`${gateway.name}: the upstream served ${calls} of ${1 + STREAM_SAMPLE} requests`);
}

/** Fills the exact cache with one request, then checks that hits carry the canned answer and never reach the upstream. */
export async function checkExactHits(
  name: string,
  url: string,
  headers: Record<string, string>,
  upstreamUrl: string,
  body: string,
): Promise<void> {
  await post(url, body, headers).then((r) => r.arrayBuffer());
  const before = await upstreamCalls(upstreamUrl);
  for (let i = 0; i < 3; i += 1) await expectCompletion(name, await post(url, body, headers), { 'x-sluice-cache': 'hit-exact' });
  const calls = (await upstreamCalls(upstreamUrl)) - before;
  if (calls !== 0) throw new Error(`${name}: ${calls} exact hits reached the upstream`);
}

function post(url: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
}

async function expectCompletion(name: string, response: Response, expectHeaders: Record<string, string>): Promise<void> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${name}: status ${response.status}: ${text.slice(0, 400)}`);
  for (const [header, value] of Object.entries(expectHeaders)) {
    if (response.headers.get(header) !== value)
      throw new Error(`${name}: ${header} ${response.headers.get(header)} (expected ${value})`);
  }
  const completion = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
  const content = completion.choices?.[0]?.message?.content;
  if (content !== CANNED_CONTENT) throw new Error(`${name}: answered "${String(content)}" (expected the canned completion)`);
}
