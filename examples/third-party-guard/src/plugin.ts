/** The topic guard: blocks requests whose user messages mention none of the allowed topics. */
import { Stage, validateOptions, type Exchange, type Kernel, type Plugin, type Verdict } from '@sluice/core';
import { TOPIC_GUARD_ERRORS } from './errors.js';
import { TopicGuardOptionsSchema, type TopicGuardOptions, type TopicGuardOptionsInput } from './options.js';
import { decisionDetails, decisionHead, OFF_TOPIC_RULE, topicListHash, type TopicDecision } from './topic-evidence.js';
import { TopicMatcher, userTexts } from './topic-match.js';
import { topicGuardMetrics, type TopicGuardMetrics } from './topic-metrics.js';

export const PLUGIN_NAME = 'topic-guard';

// #region stage
/**
 * After the usage guard, so it reads the messages as the privacy guard rewrote them and a used-up
 * quota is refused before this check; before the caches, so an off-topic question is never
 * answered from one.
 */
export const TOPIC_GUARD_STAGE = Stage.USAGE + 10;
// #endregion stage

/**
 * @example
 * kernel.use(new TopicGuardPlugin({ allowedTopics: ['billing', 'support'] }));
 */
export class TopicGuardPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  /** The codes it answers with, so the kernel can list them. */
  readonly errors = TOPIC_GUARD_ERRORS;
  readonly options: Readonly<TopicGuardOptions>;
  readonly #matcher: TopicMatcher;
  readonly #policyHash: string;

  // #region constructor
  constructor(options: TopicGuardOptionsInput) {
    // Fails fast, naming the plugin and the bad field: `topic-guard: invalid options: matchMode …`.
    this.options = validateOptions(PLUGIN_NAME, TopicGuardOptionsSchema, options);
    this.#matcher = new TopicMatcher(this.options.allowedTopics, this.options.matchMode);
    this.#policyHash = topicListHash(this.options.allowedTopics, this.options.matchMode);
  }
  // #endregion constructor

  // #region apply
  apply(kernel: Kernel): void {
    // Made here, not on the first request, so /metrics lists the counter from the start.
    const metrics = topicGuardMetrics(kernel);
    // A synchronous tap: the decision waits for nothing, and a tap that returns no promise costs less.
    kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: TOPIC_GUARD_STAGE }, (exchange) =>
      this.#decide(kernel, metrics, exchange),
    );
  }
  // #endregion apply

  // #region decide
  #decide(kernel: Kernel, metrics: TopicGuardMetrics, exchange: Exchange): Verdict | undefined {
    const texts = userTexts(exchange.request);
    const matched = this.#matcher.matches(texts).length;
    // Observe mode measures: the guard records what it would have blocked and lets the request go on.
    const decision: TopicDecision = matched > 0 ? 'allowed' : exchange.mode === 'observe' ? 'would_block' : 'blocked';
    metrics.count(decision);
    kernel.evidence(exchange, decisionHead(decision), () =>
      decisionDetails(
        decision,
        { userMessages: texts.length, topicsMatched: matched },
        { hash: this.#policyHash, matchMode: this.options.matchMode },
      ),
    );
    if (decision !== 'blocked') return undefined;
    return {
      action: 'block',
      code: 'topic_not_allowed',
      guard: PLUGIN_NAME,
      respond: this.options.blockResponse,
      reason: this.options.blockReason,
      ruleId: OFF_TOPIC_RULE,
    };
  }
  // #endregion decide
}
