/**
 * The privacy guard: before caches and the upstream, the request's string message contents are scanned
 * and, by mode, reported, redacted, anonymised or refused; after the response scan and the cache store,
 * placeholders in the answer are restored. So caches only ever hold placeholders, never restored values.
 */
import { moduleTenant } from '@sluice/caller';
import {
  createSlot,
  GatewayError,
  Stage,
  validateOptions,
  type DependencyHealth,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
  type Verdict,
} from '@sluice/core';
import { PLACEHOLDER_PATTERN } from '@sluice/guard-kit';
import { GUARD_KIT_ERRORS, GuardCallError, planScan, ScanRun, type ScanPlan } from '@sluice/guard-kit';
import type { PrivacyEngine } from '../engine/engine.js';
import { openPrivacyEngine } from '../engine/open-engine.js';
import { privacyEvidence, type PrivacyEvidence } from './privacy-evidence.js';
import { privacyMetrics, type PrivacyMetrics } from './privacy-metrics.js';
import { localPrivacyModule, remotePrivacyModule, type PrivacyModule } from './privacy-module.js';
import { PrivacyGuardOptionsSchema, type PrivacyGuardOptions, type PrivacyGuardOptionsInput } from './options.js';
import { PrivacyReplyError, readRestoreReply, readScanReply, type ScanOutcome } from './read-replies.js';
import { rewrittenRequest, scannedMessages } from './request-texts.js';
import { responseTexts, restoredResponse } from './response-texts.js';
import { PRIVACY_GUARD_ERRORS } from '../errors.js';

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
  readonly errors = { ...GUARD_KIT_ERRORS, ...PRIVACY_GUARD_ERRORS };
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
    kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: Stage.REWRITE }, (exchange) => this.#scan(exchange));
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
    const plan = planScan(
      sent.messages.map((m) => m.content),
      this.options.maxScanChars,
    );
    const run = new ScanRun(exchange, plan.scannedChars, () => metrics.abandoned('request'));
    run.stopIfAbandoned();
    const incomplete = plan.complete ? undefined : this.#overBudget(exchange, plan);
    // Over budget and failing open: the module gets each message's scanned part (count and roles kept).
    const messages = plan.complete ? sent.messages : sent.messages.map((m, i) => ({ role: m.role, content: plan.scanned[i]! }));
    let outcome: ScanOutcome;
    try {
      await run.next();
      const reply = await this.#module.scan(
        {
          request_id: exchange.traceId,
          tenant_id: moduleTenant(exchange, this.options.tenantId),
          conversation_id: exchange.headers['x-sluice-conversation-id'] ?? exchange.traceId,
          policy_id: this.options.policyId,
          mode: this.options.mode,
          messages: [...messages],
        },
        exchange.signal,
      );
      outcome = readScanReply(reply, messages);
    } catch (error) {
      return this.#scanFailed(exchange, error);
    }
    if (outcome.block) {
      metrics.scan('blocked');
      this.#evidence!.scanned(exchange, outcome, 'blocked', incomplete);
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
      const texts = plan.complete ? outcome.texts : outcome.texts.map((text, i) => text + plan.unscanned[i]!);
      exchange.request = rewrittenRequest(exchange.request, sent, texts);
      if (outcome.mappingId !== undefined) {
        exchange.slot(SLOT).mappingId = outcome.mappingId;
        // The restore rewrites the whole answer: none of it may reach the client with placeholders in it.
        if (this.options.restore) exchange.holdResponse('privacy_restore');
      }
    }
    metrics.scan(outcome.texts !== undefined ? 'modified' : outcome.findings.length > 0 ? 'detected' : 'allowed');
    this.#evidence!.scanned(exchange, outcome, 'allowed', incomplete);
    return undefined;
  }

  /**
   * Texts longer than the budget: with guard_fail_open the scan reads what fits and says so; without it
   * the request fails unscanned, so a too-large request costs no scan at all.
   */
  #overBudget(exchange: Exchange, plan: ScanPlan): { scannedChars: number; totalChars: number; maxScanChars: number } {
    const open = this.options.failOpen;
    const scan = { scannedChars: plan.scannedChars, totalChars: plan.totalChars, maxScanChars: this.options.maxScanChars };
    this.#metrics!.budgetExhausted(open ? 'failed_open' : 'failed_closed');
    this.#kernel!.logger.warn(
      {
        guard: GUARD,
        stage: 'request',
        trace_id: exchange.traceId,
        total_chars: plan.totalChars,
        max_scan_chars: scan.maxScanChars,
        fail_open: open,
      },
      open
        ? 'privacy guard scan budget exhausted; the rest goes on unscanned (guard_fail_open on)'
        : 'privacy guard scan budget exhausted; failing the request',
    );
    if (open) return scan;
    this.#metrics!.scan('failed_closed');
    this.#evidence!.overBudget(exchange, 'request_too_large_to_scan', { ...scan, scannedChars: 0 });
    throw new GatewayError('request_too_large_to_scan', { guard: GUARD, stage: 'request' });
  }

  #scanFailed(exchange: Exchange, error: unknown): undefined {
    // A client that left is the kernel's to report, not a guard failure.
    if (exchange.aborted) {
      // Counted where the scan stopped for it; here when it left during the call itself.
      if (!isClientClosed(error)) this.#metrics!.abandoned('request');
      throw error;
    }
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
    const run = new ScanRun(
      exchange,
      texts.reduce((sum, t) => sum + t.text.length, 0),
      () => metrics.abandoned('restore'),
    );
    let restored: string[];
    try {
      await run.next();
      const reply = await this.#module.restore(
        {
          request_id: exchange.traceId,
          tenant_id: moduleTenant(exchange, this.options.tenantId),
          mapping_id: mappingId,
          messages: texts.map((t) => ({ role: 'assistant', content: t.text, format: t.format })),
        },
        exchange.signal,
      );
      restored = readRestoreReply(reply, texts.length);
    } catch (error) {
      if (exchange.aborted) {
        if (!isClientClosed(error)) metrics.abandoned('restore');
        throw error;
      }
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

function isClientClosed(error: unknown): boolean {
  return error instanceof GatewayError && error.code === 'client_closed_request';
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
