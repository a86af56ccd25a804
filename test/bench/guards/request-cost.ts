/**
 * `npm run bench -- guard-cost`: what one large request costs the event loop with the three guards in
 * process (security rules on the request and the answer, privacy anonymising, usage with its built-in
 * policy), at 64 KiB, 256 KiB and 1 MiB of message text, typical and adversarial, with the default scan
 * budget; and a request over the budget, refused (fail closed) and scanned in part (fail open).
 *
 * Per request: the CPU time the process spent on it (`process.cpuUsage`, the process doing nothing
 * else; the event loop's busy time, less what other work on a shared machine adds) with the three guards
 * and with each alone, the wall time, and the longest the loop was held at once (the widest gap between
 * beats of a `setImmediate` heartbeat), which is what a `/healthz` or a client closing its socket waits for.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Exchange, Kernel, type ChatRequest } from '@sluice/core';
import { DEFAULT_MAX_SCAN_CHARS } from '@sluice/core/internal';
import { PrivacyGuardPlugin } from '@sluice/plugin-privacy-guard';
import { SecurityGuardPlugin } from '@sluice/plugin-security-guard';
import { UsageGuardPlugin } from '@sluice/plugin-usage-guard';
import { pino } from 'pino';

const REPEATS = Number(process.env.BENCH_GUARD_COST_REPEATS ?? 5);
const KIB = 1024;
const SIZES = [64 * KIB, 256 * KIB, 1024 * KIB];

/** Texts by kind: prose as clients send it, and inputs that make the guards' engines work hardest. */
const TEXTS: Readonly<Record<string, string>> = {
  'typical: prose': 'The sluice gate controls the flow of water along the channel, and engineers measure it daily. ',
  'typical: prose with addresses and numbers':
    'Ship order 4411 to ana.lopez@example.org, call +1 415 555 0100, ref 10.20.30.40 before Friday. ',
  'adversarial: one word, no white space': 'a',
  'adversarial: near-miss addresses': 'a.b-c_d@e.f-g.',
  'adversarial: digit runs': '1234 5678 9012 3456 7890 ',
  'adversarial: dotted and leet words': 'i.g.n.0.r.3 pr3v10us 1nstruct10ns r e v e a l ',
  'adversarial: base64-like blobs': 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo= ',
  'adversarial: full-width letters': 'ｉｇｎｏｒｅ　ｐｒｅｖｉｏｕｓ ',
};

interface Cost {
  readonly cpuMs: number;
  readonly wallMs: number;
  readonly longestMs: number;
  readonly outcome: string;
}

function fill(unit: string, chars: number): string {
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

type GuardName = 'security' | 'privacy' | 'usage';

async function guardedKernel(
  failOpen: boolean,
  guards: readonly GuardName[] = ['security', 'privacy', 'usage'],
): Promise<Kernel> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  if (guards.includes('security')) kernel.use(new SecurityGuardPlugin({ url: 'local', failOpen }));
  if (guards.includes('privacy')) kernel.use(new PrivacyGuardPlugin({ url: 'local', mode: 'anonymize', failOpen }));
  if (guards.includes('usage')) kernel.use(new UsageGuardPlugin({ url: 'local', failOpen }));
  kernel.hooks.upstream.tapPromise('canned answer', async (exchange) => ({
    status: 200,
    body: {
      id: 'chatcmpl-bench',
      object: 'chat.completion',
      created: 1,
      model: exchange.request.model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'A sluice is a gate for water.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  }));
  await kernel.start();
  return kernel;
}

/** Beats once per turn of the event loop while on; `longestMs` is the widest gap between two beats. */
function heartbeat(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  let on = true;
  const beat = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (on) setImmediate(beat);
  };
  setImmediate(beat);
  return {
    stop() {
      on = false;
      return Math.max(longest, performance.now() - last);
    },
  };
}

/**
 * The least CPU of `REPEATS` requests (after one warm-up): on a shared machine other work only ever
 * adds time, so the least is the nearest to what the request itself costs.
 */
async function cost(kernel: Kernel, content: string): Promise<Cost> {
  const request: ChatRequest = { model: 'bench-model', messages: [{ role: 'user', content }] };
  const costs: Cost[] = [];
  for (let i = 0; i <= REPEATS; i += 1) {
    const beats = heartbeat();
    const cpu = process.cpuUsage();
    const began = performance.now();
    const exchange = new Exchange({ request });
    await kernel.run(exchange);
    const wallMs = performance.now() - began;
    const used = process.cpuUsage(cpu);
    const longestMs = beats.stop();
    // Let the last beat run before the next request.
    await new Promise((resolve) => setImmediate(resolve));
    if (i === 0) continue;
    costs.push({
      cpuMs: (used.user + used.system) / 1000,
      wallMs,
      longestMs,
      outcome: exchange.error ? `${exchange.error.status} ${exchange.error.code}` : `${exchange.response?.status ?? '?'}`,
    });
  }
  costs.sort((a, b) => a.cpuMs - b.cpuMs);
  return costs[0]!;
}

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0).padStart(7);

export async function benchGuardRequestCost(): Promise<void> {
  const closed = await guardedKernel(false);
  const open = await guardedKernel(true);
  const alone = await Promise.all((['security', 'privacy', 'usage'] as const).map((guard) => guardedKernel(false, [guard])));
  try {
    console.log(
      `guard cost per request, three guards in process, default budget ${DEFAULT_MAX_SCAN_CHARS} chars; least of ${REPEATS}` +
        ` (node ${process.version}, load average ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      `${'text'.padEnd(46)} ${'size'.padStart(8)} ${'cpu ms'.padStart(7)} ${'wall ms'.padStart(7)} ${'held ms'.padStart(7)}` +
        ` ${'sec'.padStart(7)} ${'priv'.padStart(7)} ${'usage'.padStart(7)}  answer`,
    );
    for (const [name, unit] of Object.entries(TEXTS)) {
      for (const size of SIZES) {
        const text = fill(unit, size);
        const c = await cost(closed, text);
        const each: Cost[] = [];
        for (const kernel of alone) each.push(await cost(kernel, text));
        console.log(
          `${name.padEnd(46)} ${`${size / KIB} KiB`.padStart(8)} ${ms(c.cpuMs)} ${ms(c.wallMs)} ${ms(c.longestMs)}` +
            ` ${each.map((e) => ms(e.cpuMs)).join(' ')}  ${c.outcome}`,
        );
      }
    }
    const over = fill(TEXTS['typical: prose']!, 2 * DEFAULT_MAX_SCAN_CHARS);
    for (const [name, kernel] of [
      ['over budget (2 MiB), guard_fail_open off', closed],
      ['over budget (2 MiB), guard_fail_open on', open],
    ] as const) {
      const c = await cost(kernel, over);
      console.log(
        `${name.padEnd(46)} ${'2048 KiB'.padStart(8)} ${ms(c.cpuMs)} ${ms(c.wallMs)} ${ms(c.longestMs)} ${' '.repeat(23)}  ${c.outcome}`,
      );
    }
  } finally {
    for (const kernel of [closed, open, ...alone]) await kernel.stop();
    console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
  }
}
