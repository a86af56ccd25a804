/** @sluice/util: small helpers several packages share: canonical JSON, provider base URLs and progress lines. */
export { canonicalJson } from './canonical-json.js';
export { baseUrlProblem, normaliseBaseUrl, isPlaceholderKey } from './provider-base-url.js';
export {
  Progress,
  progressWanted,
  formatProgress,
  formatCount,
  formatDuration,
  type ProgressOptions,
  type ProgressStream,
} from './progress.js';
export { maskUrl, hasUrlCredentials, urlWithoutUserinfo, URL_SECRET_MASK } from './mask-url.js';
export { KeyRedaction, REDACTED_KEY } from './key-redaction.js';
