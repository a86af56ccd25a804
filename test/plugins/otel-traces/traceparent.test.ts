import assert from 'node:assert/strict';
import { parentFromHeaders, traceparentOf } from '@sluice/plugin-otel-traces';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('otel-traces: reading and writing W3C traceparent', () => {
  it('reads a version 00 traceparent as a remote parent, with its sampled flag and tracestate', () => {
    const parent = parentFromHeaders({ traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: 'acme=1,other=x' });
    assert.deepEqual(
      { traceId: parent?.traceId, spanId: parent?.spanId, flags: parent?.traceFlags, remote: parent?.isRemote },
      { traceId: TRACE, spanId: SPAN, flags: 1, remote: true },
    );
    assert.equal(parent?.traceState?.get('acme'), '1');
    assert.equal(parentFromHeaders({ traceparent: `00-${TRACE}-${SPAN}-00` })?.traceFlags, 0);
  });

  it('reads a later version by its first four fields, as the specification asks', () => {
    assert.equal(parentFromHeaders({ traceparent: `01-${TRACE}-${SPAN}-01-what-comes-next` })?.traceId, TRACE);
  });

  const invalid: Record<string, string> = {
    'upper-case hex': `00-${TRACE.toUpperCase()}-${SPAN}-01`,
    'an all-zero trace id': `00-${'0'.repeat(32)}-${SPAN}-01`,
    'an all-zero span id': `00-${TRACE}-${'0'.repeat(16)}-01`,
    'version ff': `ff-${TRACE}-${SPAN}-01`,
    'version 00 with more fields': `00-${TRACE}-${SPAN}-01-extra`,
    'a short trace id': `00-${TRACE.slice(1)}-${SPAN}-01`,
    'a missing dash': `00-${TRACE}${SPAN}-01-`,
    'non-hex characters': `00-${TRACE.slice(0, 31)}g-${SPAN}-01`,
    'a later version glued to more text': `01-${TRACE}-${SPAN}-01x`,
    'an empty value': '',
    'a huge value': `00-${TRACE}-${SPAN}-01`.padEnd(100_000, '-'),
  };
  for (const [what, traceparent] of Object.entries(invalid)) {
    it(`ignores ${what}`, () => assert.equal(parentFromHeaders({ traceparent }), undefined));
  }

  it('drops a tracestate longer than the specification allows but keeps the parent', () => {
    const parent = parentFromHeaders({ traceparent: `00-${TRACE}-${SPAN}-01`, tracestate: `a=${'x'.repeat(600)}` });
    assert.equal(parent?.traceId, TRACE);
    assert.equal(parent?.traceState, undefined);
  });

  it('writes the traceparent of a span, sampled or not', () => {
    assert.equal(traceparentOf({ traceId: TRACE, spanId: SPAN, traceFlags: 1 }), `00-${TRACE}-${SPAN}-01`);
    assert.equal(traceparentOf({ traceId: TRACE, spanId: SPAN, traceFlags: 0 }), `00-${TRACE}-${SPAN}-00`);
  });
});
