/**
 * Named tap stages. Lower runs first within a hook; the request flow of the product
 * (security → privacy → usage → exact → semantic) falls out of these numbers.
 */
export const Stage = Object.freeze({
  /** Admission checks that come before any guard (e.g. the model allowlist) and accounting on postScan. */
  ADMISSION: -1000,
  SECURITY: -300,
  PRIVACY: -200,
  USAGE: -100,
  EXACT: 100,
  SEMANTIC: 200,
} as const);

export type StageName = keyof typeof Stage;
