/**
 * The topic guard's evidence: one `topic_guard.decision` event per request. It carries counts, the
 * match mode and a hash of the topic list (which list decided), never a word of the messages.
 */
import { createHash } from 'node:crypto';
import type { EvidenceDetails, EvidenceHead } from '@sluice/core';
import type { MatchMode } from './topic-match.js';

/** `would_block`: observe mode, where the guard only records what it would have done. */
export type TopicDecision = 'allowed' | 'blocked' | 'would_block';

/** The rule id a block carries, in the error envelope and in `request.failed`. */
export const OFF_TOPIC_RULE = 'off_topic';

/** A short digest of the topic list, so an audit can tell which configuration took a decision. */
export function topicListHash(topics: readonly string[], mode: MatchMode): string {
  return createHash('sha256')
    .update(JSON.stringify([mode, [...topics].sort()]))
    .digest('hex')
    .slice(0, 16);
}

// #region evidence
/**
 * A plugin from outside the preset reports as the gateway (it runs inside it) under `policy`: the
 * audit module accepts only the sources and categories of the evidence schema.
 */
export function decisionHead(decision: TopicDecision): EvidenceHead {
  return {
    source: 'gateway',
    category: 'policy',
    event_type: 'topic_guard.decision',
    outcome: decision === 'blocked' ? 'blocked' : 'allowed',
  };
}

export function decisionDetails(
  decision: TopicDecision,
  counts: { readonly userMessages: number; readonly topicsMatched: number },
  policy: { readonly hash: string; readonly matchMode: MatchMode },
): EvidenceDetails {
  const offTopic = decision !== 'allowed';
  return {
    policy: { policy_id: 'topic-guard', policy_type: 'topic', policy_hash: policy.hash },
    decision: {
      action: decision === 'allowed' ? 'allow' : decision === 'blocked' ? 'block' : 'would_block',
      reason_code: offTopic ? 'TOPIC_NOT_ALLOWED' : 'TOPIC_ALLOWED',
      rule_id: offTopic ? OFF_TOPIC_RULE : undefined,
    },
    attributes: {
      plugin: 'topic-guard',
      match_mode: policy.matchMode,
      user_messages: counts.userMessages,
      topics_matched: counts.topicsMatched,
      ...(decision === 'would_block' ? { would_action: 'block', applied_action: 'allow' } : {}),
    },
  };
}
// #endregion evidence
