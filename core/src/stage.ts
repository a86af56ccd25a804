/**
 * Named tap stages, by role in the hook. Lower runs first within a hook; the request flow (admission →
 * security scan → rewrite → usage policy → exact lookup → similarity lookup) falls out of these
 * numbers. A tap that belongs between two stages adds to the one it follows.
 * @example
 * // After the usage guard, so it reads the messages as a rewriting guard left them; before the caches.
 * kernel.hooks.preGuard.tap({ name: PLUGIN_NAME, stage: Stage.USAGE + 10 }, (exchange) =>
 *   exchange.request.messages.length > 50 ? verdict : undefined,
 * );
 */
export const Stage = Object.freeze({
  /** Admission checks that come before any guard (e.g. the model allowlist) and accounting on postScan. */
  ADMISSION: -1000,
  /** The security guard; on postScan, the response scan. */
  SECURITY: -300,
  /** A guard that rewrites the messages (e.g. masks personal data) before any cache or provider sees them. */
  REWRITE: -200,
  /** The usage guard: quotas and categories, on the rewritten messages. */
  USAGE: -100,
  /** The exact cache. */
  EXACT: 100,
  /** A cache that matches by likeness rather than identity, after the exact one so a cheap hit wins. */
  SIMILAR: 200,
} as const);

/**
 * The name of a stage, e.g. a stage chosen in a plugin's options.
 * @example
 * const stage = (name: StageName, offset = 0): number => Stage[name] + offset;
 */
export type StageName = keyof typeof Stage;
