/**
 * Credentials written inside a URL that the gateway never sends: its HTTP clients call the origin and path
 * alone and authenticate with the key directive. Such a file is accepted (the start-up summary, logs and
 * `--print-config` mask them), but each is named once, so the key ends up where it is used.
 */
import type { ResolvedConfig } from '@sluice/core';
import { formatLocation, hasUrlCredentials } from '@sluice/core/internal';

/** URL directives whose userinfo is not sent, each with the directive its key belongs in. Redis URLs are not here: their password is used. */
const KEY_DIRECTIVE_OF: Readonly<Record<string, string>> = {
  upstream_base_url: 'upstream_api_key',
  embedding_base_url: 'embedding_api_key',
  vectordb_url: 'vectordb_api_key',
  security_guard_url: 'security_guard_api_key',
  privacy_guard_url: 'privacy_guard_api_key',
  usage_guard_url: 'usage_guard_api_key',
  audit_url: 'audit_api_key',
};

/**
 * One warning per URL directive of `config` that carries credentials the gateway does not send. The URL
 * itself is not quoted: even its user name may be a token.
 * @example
 * urlCredentialWarnings(config);
 * // ['gateway.conf:2:1: upstream_base_url carries credentials (user:password@), which are never sent; put the key in upstream_api_key']
 */
export function urlCredentialWarnings(config: ResolvedConfig): string[] {
  const warnings: string[] = [];
  for (const [directive, keyDirective] of Object.entries(KEY_DIRECTIVE_OF)) {
    const value = config.get<unknown>(directive);
    if (typeof value !== 'string' || !hasUrlCredentials(value)) continue;
    const loc = config.loc(directive);
    warnings.push(
      `${loc === undefined ? config.file : formatLocation(loc)}: ${directive} carries credentials (user:password@), which are never sent; put the key in ${keyDirective}`,
    );
  }
  return warnings;
}
