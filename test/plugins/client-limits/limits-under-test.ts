/**
 * A real kernel with the client-limits plugin, the cost meter, a stub upstream and an optional stub cache,
 * and a clock the test moves. A caller is admitted per request the way the client-keys plugin does it.
 */
import { admitCaller, type Caller, type CallerLimits } from '@sluice/caller';
import { Exchange, GatewayError, Kernel, Stage, type EvidenceEvent, type ModelResponse, type Verdict } from '@sluice/core';
import { ClientLimitsPlugin, type ClientLimitsOptionsInput } from '@sluice/plugin-client-limits';
import { CostMeterPlugin } from '@sluice/plugin-cost-meter';
import { pino } from 'pino';

/** `test-model` costs 1 micro-USD per prompt token and 2 per completion token. */
export const PRICE = { model: 'test-model', inputMicroUsdPerToken: 1, outputMicroUsdPerToken: 2 };

/** A completion with `prompt` and `completion` tokens: it costs prompt + 2 × completion micro-USD. */
export function completion(prompt = 10, completionTokens = 5): ModelResponse {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-limits',
      object: 'chat.completion',
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: 'an answer' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens },
    },
  };
}

/** A caller as a client key would admit it. */
export function caller(keyId: string, limits: CallerLimits, tenant = 'acme'): Caller {
  return { keyId, tenant, cacheShare: false, cacheControls: true, limits };
}

/** What one request does beyond the default (admitted as no caller, answered by the upstream). */
export interface Ask {
  readonly caller?: Caller;
  readonly tenant?: string;
  /** Answer from the stub cache instead of the upstream. */
  readonly hit?: boolean;
  /** The upstream's behaviour: an answer (default `completion()`), a thrown error, or a wait until `release`. */
  readonly upstream?: ModelResponse | Error | Promise<ModelResponse>;
  /** A later guard blocks the request. */
  readonly block?: boolean;
  readonly signal?: AbortSignal;
}

export interface LimitsUnderTest {
  readonly kernel: Kernel;
  readonly plugin: ClientLimitsPlugin;
  readonly events: EvidenceEvent[];
  /** The clock the plugin reads; tests move it. */
  now: number;
  upstreamCalls(): number;
  ask(ask?: Ask): Promise<Exchange>;
  /** The sum of a counter's values, optionally of one label set. */
  counter(name: string, labels?: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

/** 2026-11-26 12:00:00 UTC: mid-minute, mid-day, mid-month. */
export const NOON = Date.UTC(2026, 10, 26, 12, 0, 0);

export async function limitsKernel(options: ClientLimitsOptionsInput, start = NOON): Promise<LimitsUnderTest> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  const asks = new WeakMap<Exchange, Ask>();
  const suite = { now: start } as LimitsUnderTest & { now: number };
  const plugin = new ClientLimitsPlugin(options, { now: () => suite.now });
  kernel.hooks.preGuard.tap({ name: 'test-caller', stage: Stage.ADMISSION - 100 }, (exchange) => {
    const ask = asks.get(exchange);
    if (ask?.caller !== undefined) admitCaller(exchange, ask.caller);
    return undefined;
  });
  kernel.use(new CostMeterPlugin({ prices: [PRICE] }));
  kernel.use(plugin);
  kernel.hooks.preGuard.tap({ name: 'test-guard', stage: Stage.USAGE }, (exchange): Verdict | undefined =>
    asks.get(exchange)?.block === true
      ? { action: 'block', code: 'plugin_request_blocked', guard: 'test-guard', respond: 'error_json', reason: 'Blocked.' }
      : undefined,
  );
  kernel.hooks.cacheLookup.tapPromise('test-cache', async (exchange) =>
    asks.get(exchange)?.hit === true ? { status: 200, body: completion(100, 100).body, layer: 'exact' } : undefined,
  );
  let calls = 0;
  kernel.hooks.upstream.tapPromise('test-upstream', async (exchange) => {
    calls += 1;
    const behaviour = asks.get(exchange)?.upstream ?? completion();
    if (behaviour instanceof Error) throw behaviour;
    // A client that leaves cancels the call, as a real upstream plugin passes the signal on.
    const response = await Promise.race([behaviour, aborted(exchange.signal)]);
    exchange.usage = response.body.usage;
    return response;
  });
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('test-sink', (event) => events.push(event));
  await kernel.start();
  return Object.assign(suite, {
    kernel,
    plugin,
    events,
    upstreamCalls: () => calls,
    async ask(ask: Ask = {}) {
      const exchange = new Exchange({
        request: { model: 'test-model', messages: [{ role: 'user', content: 'hello' }] },
        ...(ask.tenant === undefined ? {} : { tenant: ask.tenant }),
        ...(ask.signal === undefined ? {} : { signal: ask.signal }),
      });
      asks.set(exchange, ask);
      await kernel.run(exchange);
      await plugin.idle();
      return exchange;
    },
    async counter(name: string, labels: Record<string, string> = {}) {
      const values = (await kernel.metrics.registry.getSingleMetric(name)!.get()).values;
      return values
        .filter((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))
        .reduce((sum, v) => sum + v.value, 0);
    },
    close: () => kernel.stop(),
  });
}

/** The status the client would get. */
export function statusOf(exchange: Exchange): number | undefined {
  return exchange.error?.reply().status ?? exchange.response?.status;
}

/** The error body the client would get. */
export function errorBody(exchange: Exchange): { error: { code: string; type: string; message: string } } {
  if (!(exchange.error instanceof GatewayError)) throw new Error('the exchange did not fail');
  return exchange.error.reply().body as { error: { code: string; type: string; message: string } };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    else signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

/** A promise the test settles: an upstream answer held until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
