/**
 * The privacy guard: before caches and the upstream, the request's string message contents are scanned
 * and, by mode, reported, redacted, anonymised or refused; after the response scan and the cache store,
 * placeholders in the answer are restored. So caches only ever hold placeholders, never restored values.
 */
import {
  createSlot,
  GatewayError,
  PLACEHOLDER_PATTERN,
  Stage,
  validateOptions,
  type DependencyHealth,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
  type Verdict,
} from '@sluice/core';
import { GuardCallError } from '@sluice/core/internal';
import type { PrivacyEngine } from '../engine/engine.js';
import { openPrivacyEngine } from '../engine/open-engine.js';
import { privacyEvidence, type PrivacyEvidence } from './privacy-evidence.js';
import { privacyMetrics, type PrivacyMetrics } from './privacy-metrics.js';
import { localPrivacyModule, remotePrivacyModule, type PrivacyModule } from './privacy-module.js';
import { PrivacyGuardOptionsSchema, type PrivacyGuardOptions, type PrivacyGuardOptionsInput } from './options.js';
import { PrivacyReplyError, readRestoreReply, readScanReply, type ScanOutcome } from './read-replies.js';
import { rewrittenRequest, scannedMessages } from './request-texts.js';
import { responseTexts, restoredResponse } from './response-texts.js';

const PLUGIN_NAME = 'privacy-guard';
const GUARD = 'privacy';
/** The mapping of this request's placeholders, kept from the scan for the restore. */
const SLOT = createSlot(PLUGIN_NAME, () => ({ mappingId: undefined as string | undefined }));

/**
 * @example
 * kernel.use(new PrivacyGuardPlugin({ url: 'local', mode: 'anonymize' }));
 * kernel.use(new PrivacyGuardPlugin({ url: 'http://127.0.0.1:8102', apiKey: 'k', failOpen: false }));
 */
export class PrivacyGuardPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<PrivacyGuardOptions>;
  readonly #module: PrivacyModule;
  #engine: PrivacyEngine | undefined;
  #kernel: Kernel | undefined;
  #metrics: PrivacyMetrics | undefined;
  #evidence: PrivacyEvidence | undefined;

  constructor(options: PrivacyGuardOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, PrivacyGuardOptionsSchema, options);
    const timeoutMs = Math.round(this.options.timeoutSeconds * 1000);
    this.#module =
      this.options.url === 'local'
        ? localPrivacyModule(() => this.#requireEngine(), timeoutMs)
        : remotePrivacyModule(this.options.url, this.options.apiKey, timeoutMs);
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    this.#metrics = privacyMetrics(kernel);
    this.#evidence = privacyEvidence(kernel, this.options.url === 'local' ? 'local' : 'module');
    kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: Stage.PRIVACY }, (exchange) => this.#scan(exchange));
    kernel.hooks.restore.tapPromise(PLUGIN_NAME, (response, exchange) => this.#restore(response, exchange));
  }

  async start(): Promise<void> {
    if (this.options.url !== 'local' || this.#engine !== undefined) return;
    this.#engine = await openPrivacyEngine({
      kvUrl: this.options.kvUrl,
      kvKeyPrefix: this.options.kvKeyPrefix,
      kvTimeoutMs: Math.round(this.options.timeoutSeconds * 1000),
      mappingTtlSeconds: this.options.mappingTtlSeconds,
      policyFile: this.options.policyFile,
      logger: this.#kernel?.logger,
    });
  }

  async stop(): Promise<void> {
    const engine = this.#engine;
    this.#engine = undefined;
    await engine?.close();
  }

  /** The local engine's Redis mapping store, when there is one: without it no anonymised request can pass. */
  health(): readonly DependencyHealth[] {
    if (this.options.url !== 'local' || this.options.kvUrl === undefined) return [];
    const state = this.#engine?.mappingState ?? { up: false, reason: 'not started' };
    return [{ name: 'privacy_kv', readinessRequired: true, initialised: this.#engine !== undefined, ...state }];
  }

  async #scan(exchange: Exchange): Promise<Verdict | undefined> {
    const metrics = this.#metrics!;
    const sent = scannedMessages(exchange.request);
    if (sent.messages.length === 0) {
      metrics.scan('skipped');
      return undefined;
    }
    let outcome: ScanOutcome;
    try {
      const reply = await this.#module.scan(
        {
          request_id: exchange.traceId,
          tenant_id: this.options.tenantId ?? exchange.tenant,
          conversation_id: exchange.headers['x-sluice-conversation-id'] ?? exchange.traceId,
          policy_id: this.options.policyId,
          mode: this.options.mode ?? 'anonymize',
          messages: [...sent.messages],
        },
        exchange.signal,
      );
      outcome = readScanReply(reply, sent.messages);
    } catch (error) {
      return this.#scanFailed(exchange, error);
    }
    if (outcome.block) {
      metrics.scan('blocked');
      this.#evidence!.scanned(exchange, outcome, 'blocked');
      const kinds = [...new Set(outcome.findings.map((f) => f.kind))].join(', ');
      return {
        action: 'block',
        code: 'privacy_request_blocked',
        guard: GUARD,
        respond: 'error_json',
        reason: kinds === '' ? 'The request contains personal data.' : `The request contains personal data (${kinds}).`,
        ...(outcome.severity === undefined ? {} : { severity: outcome.severity }),
      };
    }
    if (outcome.texts !== undefined) {
      exchange.request = rewrittenRequest(exchange.request, sent, outcome.texts);
      if (outcome.mappingId !== undefined) exchange.slot(SLOT).mappingId = outcome.mappingId;
    }
    metrics.scan(outcome.texts !== undefined ? 'modified' : outcome.findings.length > 0 ? 'detected' : 'allowed');
    this.#evidence!.scanned(exchange, outcome, 'allowed');
    return undefined;
  }

  #scanFailed(exchange: Exchange, error: unknown): undefined {
    // A client that left is the kernel's to report, not a guard failure.
    if (exchange.aborted) throw error;
    const code = failureCode(error);
    const reason = (error as Error).message;
    // A reply in the wrong form is a broken module, not an outage: it fails the request whatever guard_fail_open says.
    const open = this.options.failOpen && code !== 'guard_contract_violation';
    this.#metrics!.scan(open ? 'failed_open' : 'failed_closed');
    this.#evidence!.failed(exchange, 'privacy.scan', code, open);
    this.#kernel!.logger.warn(
      { guard: GUARD, stage: 'request', trace_id: exchange.traceId, code, reason, fail_open: open },
      open ? 'privacy guard failed; the request goes on unscanned (guard_fail_open on)' : 'privacy guard failed',
    );
    if (open) return undefined;
    throw new GatewayError(code, {
      guard: GUARD,
      stage: 'request',
      cause: error,
      ...(code === 'guard_contract_violation' ? { message: `The privacy guard answered in an unexpected form: ${reason}.` } : {}),
    });
  }

  async #restore(response: ModelResponse, exchange: Exchange): Promise<ModelResponse> {
    const metrics = this.#metrics!;
    const { mappingId } = exchange.slot(SLOT);
    const skip = !this.options.restore ? 'disabled' : mappingId === undefined ? 'not_anonymised' : undefined;
    const texts = skip === undefined ? responseTexts(response.body) : [];
    const reason = skip ?? (texts.some((t) => hasPlaceholder(t.text)) ? undefined : 'no_placeholders');
    if (reason !== undefined || mappingId === undefined) {
      metrics.restoreSkipped(reason ?? 'not_anonymised');
      return response;
    }
    let restored: string[];
    try {
      const reply = await this.#module.restore(
        {
          request_id: exchange.traceId,
          tenant_id: this.options.tenantId ?? exchange.tenant,
          mapping_id: mappingId,
          messages: texts.map((t) => ({ role: 'assistant', content: t.text, format: t.format })),
        },
        exchange.signal,
      );
      restored = readRestoreReply(reply, texts.length);
    } catch (error) {
      if (exchange.aborted) throw error;
      // Handing back placeholders would silently corrupt the answer: a restore failure always fails.
      metrics.restore('failed_closed');
      this.#evidence!.failed(exchange, 'privacy.restore', 'privacy_restore_failed', false);
      this.#kernel!.logger.warn(
        { guard: GUARD, stage: 'restore', trace_id: exchange.traceId, reason: (error as Error).message },
        'privacy restore failed',
      );
      throw new GatewayError('privacy_restore_failed', { guard: GUARD, stage: 'restore', cause: error });
    }
    metrics.restore('modified');
    this.#evidence!.restored(exchange, texts.length);
    return restoredResponse(response, texts, restored);
  }

  #requireEngine(): PrivacyEngine {
    if (this.#engine === undefined) throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    return this.#engine;
  }
}

function hasPlaceholder(text: string): boolean {
  return text.search(PLACEHOLDER_PATTERN) >= 0;
}

function failureCode(error: unknown): 'privacy_guard_timeout' | 'privacy_guard_unavailable' | 'guard_contract_violation' {
  if (error instanceof PrivacyReplyError) return 'guard_contract_violation';
  if (!(error instanceof GuardCallError)) return 'privacy_guard_unavailable';
  if (error.kind === 'timeout') return 'privacy_guard_timeout';
  return error.kind === 'contract' ? 'guard_contract_violation' : 'privacy_guard_unavailable';
}
