/** The `/version` body: release and compatibility metadata. */
import { EVIDENCE_SCHEMA_VERSION, type Mode } from '@sluice/core';

export const RELEASE_VERSION = '0.1.0';
export const RELEASE_TITLE = 'sluice gateway 0.1: exact and semantic caches, cost accounting, observe mode';

/**
 * @param evaluationCollection where observe mode keeps its shadow semantic entries (a Qdrant collection
 * or a directory), or null when there is none.
 */
export function versionBody(mode: Mode, evaluationCollection: string | null = null) {
  return {
    version: RELEASE_VERSION,
    release_title: RELEASE_TITLE,
    supported_api_style: 'openai_compatible',
    compatibility_model: 'openai_chat_completions_v1',
    provider_specific_config_blocks: false,
    gw_enforcement_mode: mode,
    effective_cache_scope: mode === 'observe' ? 'evaluation' : 'production',
    effective_evaluation_collection: mode === 'observe' ? evaluationCollection : null,
    evidence_schema_version: EVIDENCE_SCHEMA_VERSION,
  };
}
