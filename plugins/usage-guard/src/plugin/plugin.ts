/**
 * The usage guard at `Stage.USAGE` on preGuard: after privacy anonymisation, so it reads
 * `exchange.request` as rewritten. Its decision stops the request (a Verdict), lets it go on, or, when
 * the module fails, fails it or lets it go on by `guard_fail_open`.
 */
import { moduleTenant } from '@sluice/caller';
import {
  createSlot,
  GatewayError,
  Stage,
  validateOptions,
  type DependencyHealth,
  type ErrorCode,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
  type Verdict,
} from '@sluice/core';
import { GUARD_KIT_ERRORS, GuardCallError, planScan, ScanRun, type ScanPlan } from '@sluice/guard-kit';
import type { UsageScanRequest } from '../contract.js';
import { estimatePromptTokens } from '../engine/token-estimate.js';
import { UsageGuardOptionsSchema, type UsageGuardOptions, type UsageGuardOptionsInput } from './options.js';
import { readUsageReply, UsageContractError, type UsageReplyView } from './read-reply.js';
import { openLocalBackend } from './local-backend.js';
import { remoteUsageBackend, type UsageBackend } from './usage-backend.js';
import {
  budgetAttributes,
  budgetDetails,
  decisionDetails,
  decisionHead,
  FAILED_HEAD,
  failureDetails,
  type IncompleteScan,
} from './usage-evidence.js';
import { usageMetrics, type UsageMetrics } from './usage-metrics.js';
import { USAGE_GUARD_ERRORS } from '../errors.js';

const PLUGIN_NAME = 'usage-guard';
const GUARD = 'usage';
/**
 * Response header naming the rule a `warn` decision reported.
 * @example
 * response.headers.get(USAGE_WARNING_HEADER); // 'quota:rpm'
 */
export const USAGE_WARNING_HEADER = 'x-sluice-usage-warning';
const SLOT = createSlot(PLUGIN_NAME, () => ({ warning: undefined as string | undefined }));

/**
 * @example
 * kernel.use(new UsageGuardPlugin({ url: 'local', policyFile: 'usage-policy.json', kvUrl: 'redis://127.0.0.1:6379' }));
 * kernel.use(new UsageGuardPlugin({ url: 'http://127.0.0.1:8103', apiKey: process.env.USAGE_KEY ?? '' }));
 */
export class UsageGuardPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly errors = { ...GUARD_KIT_ERRORS, ...USAGE_GUARD_ERRORS };
  readonly options: Readonly<UsageGuardOptions>;
  #kernel: Kernel | undefined;
  #metrics: UsageMetrics | undefined;
  #backend: UsageBackend | undefined;
  #health: (() => DependencyHealth[]) | undefined;

  constructor(options: UsageGuardOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, UsageGuardOptionsSchema, options);
    if (this.options.url !== 'local' && (this.options.policyFile !== undefined || this.options.kvUrl !== undefined)) {
      throw new Error(`${PLUGIN_NAME}: policyFile and kvUrl apply to the local engine only (url "local"); a module has its own`);
    }
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    this.#metrics = usageMetrics(kernel);
    kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: Stage.USAGE }, (exchange) => this.#evaluate(exchange));
    kernel.hooks.restore.tap(PLUGIN_NAME, (response, exchange) => withWarning(response, exchange.slot(SLOT).warning));
  }

  async start(): Promise<void> {
    if (this.#backend !== undefined) return;
    const timeoutMs = Math.round(this.options.timeoutSeconds * 1000);
    if (this.options.url !== 'local') {
      this.#backend = remoteUsageBackend({ baseUrl: this.options.url, apiKey: this.options.apiKey, timeoutMs });
      return;
    }
    const local = await openLocalBackend(this.options, timeoutMs, this.#requireKernel().logger);
    this.#backend = local.backend;
    this.#health = local.health;
  }

  async stop(): Promise<void> {
    const backend = this.#backend;
    this.#backend = undefined;
    await backend?.close();
  }

  health(): readonly DependencyHealth[] {
    return this.#health?.() ?? [];
  }

  async #evaluate(exchange: Exchange): Promise<Verdict | undefined> {
    const backend = this.#backend;
    if (backend === undefined) throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    const metrics = this.#metrics!;
    const full = this.#scanRequest(exchange);
    const plan = planScan(
      full.messages.map((m) => m.content),
      this.options.maxScanChars,
    );
    const run = new ScanRun(exchange, plan.scannedChars, () => metrics.abandoned());
    run.stopIfAbandoned();
    const incomplete = plan.complete ? undefined : this.#overBudget(exchange, backend, plan);
    // Over budget and failing open: the first part of the texts is classified; the token estimate is the whole prompt's.
    const request = plan.complete
      ? full
      : {
          ...full,
          messages: full.messages.flatMap((m, i) => (plan.scanned[i] ? [{ role: m.role, content: plan.scanned[i] }] : [])),
        };
    let view: UsageReplyView;
    try {
      await run.next();
      view = readUsageReply(await backend.scan(request, exchange.signal), request.request_id ?? '');
    } catch (error) {
      return this.#failed(exchange, backend, error);
    }
    const kernel = this.#requireKernel();
    kernel.evidence(exchange, decisionHead(view), () => {
      const details = decisionDetails(view, this.options.mode, backend.kind);
      return incomplete === undefined
        ? details
        : { ...details, attributes: { ...details.attributes, ...budgetAttributes(incomplete) } };
    });
    if (!view.blocked) {
      this.#metrics!.outcome(view.decision === 'allow' ? 'allowed' : 'detected');
      if (view.decision === 'warn') exchange.slot(SLOT).warning = view.ruleId ?? 'warn';
      return undefined;
    }
    this.#metrics!.blocked(view.decision === 'escalate' ? 'escalate' : 'block');
    return {
      action: 'block',
      code: 'usage_request_blocked',
      guard: GUARD,
      respond: this.options.blockResponse,
      reason:
        view.reason ??
        (view.decision === 'escalate'
          ? 'The request was held for review by the usage guard.'
          : 'The request was blocked by the usage guard.'),
      ...(view.ruleId === undefined ? {} : { ruleId: view.ruleId }),
    };
  }

  /** Only string contents are sent; text inside content arrays is forwarded upstream untouched. */
  #scanRequest(exchange: Exchange): UsageScanRequest {
    const messages = exchange.request.messages;
    return {
      request_id: exchange.traceId,
      tenant_id: moduleTenant(exchange, this.options.tenantId),
      policy_id: this.options.policyId ?? null,
      mode: this.options.mode,
      direction: 'request',
      messages: messages.flatMap((m) => (typeof m.content === 'string' ? [{ role: m.role, content: m.content }] : [])),
      model: exchange.request.model,
      prompt_tokens_estimate: estimatePromptTokens(messages),
    };
  }

  /**
   * Texts longer than the budget: with guard_fail_open the first part is classified and the decision
   * says so; without it the request fails unclassified, so a too-large request costs no scan at all.
   */
  #overBudget(exchange: Exchange, backend: UsageBackend, plan: ScanPlan): IncompleteScan {
    const open = this.options.failOpen;
    const scan = { scannedChars: plan.scannedChars, totalChars: plan.totalChars, maxScanChars: this.options.maxScanChars };
    const kernel = this.#requireKernel();
    this.#metrics!.budgetExhausted(open ? 'failed_open' : 'failed_closed');
    kernel.logger.warn(
      {
        guard: GUARD,
        trace_id: exchange.traceId,
        total_chars: plan.totalChars,
        max_scan_chars: scan.maxScanChars,
        fail_open: open,
      },
      open
        ? 'usage guard scan budget exhausted; classifying the first part only (guard_fail_open on)'
        : 'usage guard scan budget exhausted; failing the request',
    );
    if (open) return scan;
    this.#metrics!.outcome('failed_closed');
    const code = 'request_too_large_to_scan';
    kernel.evidence(exchange, FAILED_HEAD, () =>
      budgetDetails(code, { ...scan, scannedChars: 0 }, this.options.mode, backend.kind),
    );
    throw new GatewayError(code, { guard: GUARD, stage: 'request' });
  }

  #failed(exchange: Exchange, backend: UsageBackend, error: unknown): undefined {
    if (exchange.aborted) {
      // Counted where the scan stopped for it; here when the client left during the call itself.
      if (error instanceof GatewayError && error.code === 'client_closed_request') throw error;
      this.#metrics!.abandoned();
      throw new GatewayError('client_closed_request', { cause: error });
    }
    const kind = error instanceof UsageContractError ? 'contract' : error instanceof GuardCallError ? error.kind : 'unavailable';
    // A module answering 401/403 refused us (key, licence): an outage of the guard, not a policy block.
    const code: ErrorCode =
      kind === 'contract' ? 'guard_contract_violation' : kind === 'timeout' ? 'usage_guard_timeout' : 'usage_guard_unavailable';
    const continued = this.options.failOpen && code !== 'guard_contract_violation';
    const kernel = this.#requireKernel();
    const detail = (error as Error).message;
    this.#metrics!.outcome(continued ? 'failed_open' : 'failed_closed');
    kernel.logger.warn(
      { guard: GUARD, code, failure: kind, trace_id: exchange.traceId, reason: detail },
      continued ? 'usage guard failed; continuing (guard_fail_open on)' : 'usage guard failed; failing the request',
    );
    kernel.evidence(exchange, FAILED_HEAD, () => failureDetails(code, kind, continued, this.options.mode, backend.kind));
    if (continued) return undefined;
    throw new GatewayError(code, { guard: GUARD, stage: 'request', cause: error, message: messageFor(code, kind, detail) });
  }

  #requireKernel(): Kernel {
    if (this.#kernel === undefined) throw new Error(`${PLUGIN_NAME}: apply(kernel) must run before start()`);
    return this.#kernel;
  }
}

/** The client learns what went wrong with the guard, in words that hold no prompt text and no key. */
function messageFor(code: ErrorCode, kind: string, detail: string): string {
  if (code === 'guard_contract_violation') return `The usage guard answered in an unexpected form: ${detail}.`;
  if (code === 'usage_guard_timeout') return 'The usage guard did not answer in time.';
  return kind === 'refused'
    ? 'The usage guard refused the gateway (check usage_guard_api_key).'
    : 'The usage guard is unavailable.';
}

function withWarning(response: ModelResponse, warning: string | undefined): ModelResponse {
  if (warning === undefined) return response;
  // Header values must be printable ASCII; a module's rule id is not trusted to be.
  const value = warning.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
  return { ...response, headers: { ...response.headers, [USAGE_WARNING_HEADER]: value } };
}
