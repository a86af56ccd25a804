/**
 * Small plugins for the hooks the topic guard does not tap, one each, as docs/guides/write-a-plugin.md
 * shows them; every-hook.test.ts runs them on a bare kernel.
 */
import {
  GatewayError,
  Stage,
  type ChatCompletion,
  type DependencyHealth,
  type EvidenceEvent,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
} from '@sluice/core';
import { userTexts } from '../src/index.js';

/** A chat completion whose assistant message is `content`. */
export function completionOf(model: string, content: string): ChatCompletion {
  return {
    id: 'chatcmpl-example',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** Answers known questions from a list it loads at start: a cache layer in front of the exact cache. */
export class FaqAnswersPlugin implements Plugin {
  readonly name = 'faq-answers';
  readonly #load: () => Promise<Record<string, string>>;
  #answers: ReadonlyMap<string, string> | undefined;

  constructor(load: () => Promise<Record<string, string>>) {
    this.#load = load;
  }

  apply(kernel: Kernel): void {
    // #region cacheLookup
    kernel.hooks.cacheLookup.tap({ name: this.name, stage: Stage.EXACT - 10 }, (exchange) => {
      const question = userTexts(exchange.request).at(-1)?.trim().toLowerCase() ?? '';
      const answer = this.#answers?.get(question);
      // undefined is a miss: the next layer looks, then the upstream answers.
      if (answer === undefined) return undefined;
      return { status: 200, body: completionOf(exchange.request.model, answer), layer: 'faq' };
    });
    // #endregion cacheLookup
  }

  // #region lifecycle
  /** I/O belongs here, not in apply: the kernel starts plugins in order and names one that fails. */
  async start(): Promise<void> {
    this.#answers = new Map(Object.entries(await this.#load()));
  }

  async stop(): Promise<void> {
    this.#answers = undefined;
  }

  /** What /startupz and /readyz report for this plugin. */
  health(): readonly DependencyHealth[] {
    const loaded = this.#answers !== undefined;
    return [{ name: 'faq-list', readinessRequired: false, initialised: loaded, up: loaded }];
  }
  // #endregion lifecycle
}

/** Answers the model `local-echo` itself; every other model goes on to the preset's provider. */
export class LocalModelPlugin implements Plugin {
  readonly name = 'local-model';

  apply(kernel: Kernel): void {
    // #region upstream
    kernel.hooks.upstream.tapPromise({ name: this.name, before: 'openai-upstream' }, async (exchange) => {
      if (exchange.request.model !== 'local-echo') return undefined;
      if (exchange.signal.aborted) throw new GatewayError('client_closed_request');
      const text = userTexts(exchange.request).at(-1) ?? '';
      return { status: 200, body: completionOf('local-echo', `echo: ${text}`) };
    });
    // #endregion upstream
  }
}

/** Blocks answers that carry a marker the company puts on internal documents. */
export class InternalMarkerScanPlugin implements Plugin {
  readonly name = 'internal-marker-scan';

  apply(kernel: Kernel): void {
    // #region postScan
    kernel.hooks.postScan.tap({ name: this.name, stage: Stage.SECURITY }, (_exchange, response) =>
      JSON.stringify(response.body.choices ?? []).includes('INTERNAL ONLY')
        ? {
            action: 'block',
            code: 'plugin_response_blocked',
            guard: this.name,
            respond: 'error_json',
            reason: 'The answer quoted an internal document.',
          }
        : undefined,
    );
    // #endregion postScan
  }
}

/** Keeps the answers a cache could keep: fresh, complete, approved by every scan. */
export class AnswerArchivePlugin implements Plugin {
  readonly name = 'answer-archive';
  readonly #save: (key: string, body: ChatCompletion) => Promise<void>;

  constructor(save: (key: string, body: ChatCompletion) => Promise<void>) {
    this.#save = save;
  }

  apply(kernel: Kernel): void {
    // #region cacheStore
    kernel.hooks.cacheStore.tapPromise(this.name, async (exchange, response) => {
      try {
        await this.#save(`${exchange.tenant}:${exchange.traceId}`, response.body);
      } catch (error) {
        // A store that fails must not fail the request: log it (and count it) instead.
        kernel.logger.warn({ err: error, trace_id: exchange.traceId }, 'answer archive failed');
      }
    });
    // #endregion cacheStore
  }
}

/** Tells the client which guard checked the answer. */
export class CheckedHeaderPlugin implements Plugin {
  readonly name = 'checked-header';

  apply(kernel: Kernel): void {
    // #region restore
    kernel.hooks.restore.tap(this.name, (response: ModelResponse) => ({
      ...response,
      headers: { ...response.headers, 'x-acme-checked-by': 'topic-guard' },
    }));
    // #endregion restore
  }
}

/** Tells the client, on answers and failures alike, whether the topic guard blocked its request. */
export class BlockedHeaderPlugin implements Plugin {
  readonly name = 'blocked-header';

  apply(kernel: Kernel): void {
    // #region respond
    kernel.hooks.respond.tap(this.name, (exchange: Exchange) => {
      exchange.setResponseHeader('x-acme-topic-check', exchange.verdict?.guard === 'topic-guard' ? 'blocked' : 'passed');
    });
    // #endregion respond
  }
}

/** Counts evidence events by type: a sink that only records and never throws. */
export class EvidenceCounterPlugin implements Plugin {
  readonly name = 'evidence-counter';
  readonly counts = new Map<string, number>();

  apply(kernel: Kernel): void {
    // #region evidence
    kernel.hooks.evidence.tap(this.name, (event: EvidenceEvent) => {
      this.counts.set(event.event_type, (this.counts.get(event.event_type) ?? 0) + 1);
    });
    // #endregion evidence
  }
}
