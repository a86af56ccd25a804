import assert from 'node:assert/strict';
import { Exchange, GatewayError } from '@sluice/core';
import { chunkText, planScan, ScanRun, SCAN_CHUNK_CHARS } from '@sluice/guard-kit';

const request = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };

describe('guard scan budget: planScan', () => {
  it('scans every text whole when they fit', () => {
    const plan = planScan(['abc', 'de'], 5);
    assert.deepEqual(plan.scanned, ['abc', 'de']);
    assert.deepEqual(plan.unscanned, ['', '']);
    assert.equal(plan.complete, true);
    assert.equal(plan.totalChars, 5);
    assert.equal(plan.scannedChars, 5);
  });

  it('cuts the text that crosses the limit at white space, and scans no later text', () => {
    const plan = planScan(['one two', 'three four five', 'six'], 15);
    assert.deepEqual(plan.scanned, ['one two', 'three ', '']);
    assert.deepEqual(plan.unscanned, ['', 'four five', 'six']);
    assert.equal(plan.complete, false);
    assert.equal(plan.scannedChars, 13);
    assert.equal(plan.totalChars, 25);
    plan.scanned.forEach((part, i) => assert.equal(part + plan.unscanned[i], ['one two', 'three four five', 'six'][i]));
  });

  it('cuts a text without white space at the limit', () => {
    const plan = planScan(['x'.repeat(10)], 4);
    assert.deepEqual(plan.scanned, ['xxxx']);
    assert.equal(plan.scannedChars, 4);
  });
});

describe('guard scan budget: chunkText', () => {
  it('keeps a short text whole', () => {
    assert.deepEqual(chunkText('short text'), ['short text']);
  });

  it('covers a long text with overlapping chunks cut at white space', () => {
    const words = Array.from({ length: 40_000 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkText(words);
    assert.ok(chunks.length > 3);
    for (const chunk of chunks) assert.ok(chunk.length <= SCAN_CHUNK_CHARS);
    // Every chunk but the first starts at a word, and each repeats the end of the one before.
    for (let i = 1; i < chunks.length; i += 1) {
      assert.match(chunks[i]!, /^\s?w\d/);
      assert.ok(
        chunks[i - 1]!.endsWith(chunks[i]!.trimStart().split(' ')[0]!) || chunks[i - 1]!.includes(chunks[i]!.slice(1, 50)),
      );
    }
    assert.ok(chunks[0]!.startsWith('w0 w1'));
    assert.ok(chunks.at(-1)!.endsWith('w39999'));
  });

  it('finds every phrase that straddles a boundary in one chunk', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(3000);
    const phrase = 'ignore all previous instructions';
    const text = `${filler}${phrase} ${filler}`;
    assert.ok(chunkText(text).some((chunk) => chunk.includes(phrase)));
    for (let shift = 0; shift < 40; shift += 7) {
      const moved = `${'z'.repeat(shift)} ${text}`;
      assert.ok(
        chunkText(moved).some((chunk) => chunk.includes(phrase)),
        `shift ${shift}`,
      );
    }
  });

  it('moves on through a text with no white space at all', () => {
    const chunks = chunkText('y'.repeat(SCAN_CHUNK_CHARS * 3));
    assert.ok(chunks.length >= 3 && chunks.length <= 5);
    assert.equal(chunks.at(-1)!.at(-1), 'y');
  });
});

describe('guard scan budget: ScanRun', () => {
  it('stops a scan, counted once, when the client has gone', async () => {
    const controller = new AbortController();
    const exchange = new Exchange({ request, signal: controller.signal });
    let abandoned = 0;
    const run = new ScanRun(exchange, 10, () => (abandoned += 1));
    await run.next();
    controller.abort();
    await assert.rejects(run.next(), (error: unknown) => error instanceof GatewayError && error.code === 'client_closed_request');
    assert.equal(abandoned, 1);
  });

  it('runs a small scan at once, without waiting a turn', async () => {
    const run = new ScanRun(new Exchange({ request }), SCAN_CHUNK_CHARS, () => undefined);
    assert.equal(run.large, false);
    let immediate = false;
    setImmediate(() => (immediate = true));
    await run.next();
    assert.equal(immediate, false);
  });

  it('gives large scans turns in the order they started, and lets the event loop run between them', async () => {
    const order: string[] = [];
    let timerRan = -1;
    const first = new ScanRun(new Exchange({ request }), SCAN_CHUNK_CHARS + 1, () => undefined);
    const second = new ScanRun(new Exchange({ request }), SCAN_CHUNK_CHARS + 1, () => undefined);
    assert.equal(first.large, true);
    const scan = async (name: string, run: ScanRun) => {
      for (let unit = 0; unit < 3; unit += 1) {
        await run.next();
        order.push(`${name}${unit}`);
        // Set once the turns have begun: set before, a busy machine may run it ahead of the first turn.
        if (order.length === 1) setTimeout(() => (timerRan = order.length), 0);
        // A unit of work long enough for the timer to fall due.
        const until = performance.now() + 3;
        while (performance.now() < until);
      }
    };
    await Promise.all([scan('b', second), scan('a', first)]);
    assert.deepEqual(order, ['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
    assert.ok(timerRan >= 1 && timerRan < order.length, `a timer ran while the scans took turns (after ${timerRan} units)`);
  });

  it('never starts a large scan whose client left while it waited for its turn', async () => {
    const controller = new AbortController();
    const ahead = new ScanRun(new Exchange({ request }), SCAN_CHUNK_CHARS + 1, () => undefined);
    let abandoned = 0;
    const waiting = new ScanRun(
      new Exchange({ request, signal: controller.signal }),
      SCAN_CHUNK_CHARS + 1,
      () => (abandoned += 1),
    );
    let started = false;
    const queued = waiting.next().then(() => (started = true));
    await ahead.next();
    controller.abort();
    await assert.rejects(queued, (error: unknown) => error instanceof GatewayError && error.code === 'client_closed_request');
    assert.equal(started, false);
    assert.equal(abandoned, 1);
  });
});

describe('guard scan budget: turns per request', () => {
  it('lets the next guard of a request that started go before a later request', async () => {
    const order: string[] = [];
    const early = new Exchange({ request });
    const late = new Exchange({ request });
    const scan = async (name: string, run: ScanRun) => {
      await run.next();
      order.push(name);
    };
    await Promise.all([
      scan('early security', new ScanRun(early, SCAN_CHUNK_CHARS + 1, () => undefined)),
      scan('late security', new ScanRun(late, SCAN_CHUNK_CHARS + 1, () => undefined)),
    ]);
    await Promise.all([
      scan('late privacy', new ScanRun(late, SCAN_CHUNK_CHARS + 1, () => undefined)),
      scan('early privacy', new ScanRun(early, SCAN_CHUNK_CHARS + 1, () => undefined)),
    ]);
    assert.deepEqual(order, ['early security', 'late security', 'early privacy', 'late privacy']);
  });
});
