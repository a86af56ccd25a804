/**
 * Scans each request before the other guards, caches and upstream, and each assembled response
 * (cached or fresh) before it is stored or restored, against a security guard module or the engine
 * in process. A block always stops the request; an outage or timeout follows `guard_fail_open`.
 */
import {
  GatewayError,
  Stage,
  validateOptions,
  type ErrorCode,
  type Exchange,
  type Kernel,
  type Plugin,
  type Verdict,
} from '@sluice/core';
import { GUARD_KIT_ERRORS, GuardCallError, guardMetrics, planScan, ScanRun, type ScanPlan } from '@sluice/guard-kit';
import { readRefusal, readSecurityReply, type SecurityReplyReading, type SecurityScanMessage } from '../contract.js';
import { SecurityGuardEngine } from '../engine/engine.js';
import { loadSecurityPolicy } from '../engine/policy.js';
import type { SecurityStage } from '../engine/rule.js';
import { SecurityGuardOptionsSchema, type SecurityGuardOptions, type SecurityGuardOptionsInput } from './options.js';
import { localBackend, moduleBackend, type SecurityBackend } from './security-backend.js';
import { scanInUnits } from './chunked-scan.js';
import { budgetDetails, decisionDetails, failureDetails, scanHead, type DecisionContext } from './security-evidence.js';
import { requestScanMessages, responseScanMessages, systemPromptOf } from './scan-messages.js';
import { SECURITY_GUARD_ERRORS } from '../errors.js';

const PLUGIN_NAME = 'security-guard';
const GUARD = 'security';
const BLOCK_CODES: Readonly<Record<SecurityStage, keyof typeof SECURITY_GUARD_ERRORS>> = {
  request: 'security_request_blocked',
  response: 'security_response_blocked',
};
/** A request too long to scan is the client's to shorten; an answer too long to scan is not the client's doing. */
const TOO_LARGE_CODES: Readonly<Record<SecurityStage, ErrorCode>> = {
  request: 'request_too_large_to_scan',
  response: 'response_too_large_to_scan',
};

/**
 * @example
 * kernel.use(new SecurityGuardPlugin({ url: 'http://127.0.0.1:8101', apiKey: process.env.GUARD_KEY, failOpen: false }));
 * kernel.use(new SecurityGuardPlugin({ url: 'local', mode: 'detect_only' }));
 */
export class SecurityGuardPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly errors = { ...GUARD_KIT_ERRORS, ...SECURITY_GUARD_ERRORS };
  readonly options: Readonly<SecurityGuardOptions>;
  #kernel: Kernel | undefined;
  #metrics: GuardMetrics | undefined;
  #engine: SecurityGuardEngine | undefined;
  #backend: SecurityBackend | undefined;

  constructor(options: SecurityGuardOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, SecurityGuardOptionsSchema, options);
    if (this.options.url !== 'local' && this.options.policyFile !== undefined) {
      throw new Error(`${PLUGIN_NAME}: policyFile applies to the local engine only; give the module its own --policy`);
    }
    if (this.options.url !== 'local') {
      this.#backend = moduleBackend({
        baseUrl: this.options.url,
        apiKey: this.options.apiKey,
        timeoutMs: Math.round(this.options.timeoutSeconds * 1000),
      });
    } else if (this.options.policyFile === undefined) {
      this.#useEngine(new SecurityGuardEngine({ mode: this.options.mode }));
    }
  }

  /** The in-process engine (`url: 'local'`), once it exists. */
  get engine(): SecurityGuardEngine | undefined {
    return this.#engine;
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    const metrics = guardMetrics(kernel);
    this.#metrics = metrics;
    kernel.hooks.preGuard.tapPromise({ name: PLUGIN_NAME, stage: Stage.SECURITY }, async (exchange) => {
      // The response scan reads the whole answer: none of it may reach the client before (observe mode too).
      if (this.options.scanResponses) exchange.holdResponse('security_response_scan');
      const messages = requestScanMessages(exchange.request);
      if (messages.length === 0) return skip(metrics, 'request');
      return this.#scan(exchange, 'request', messages);
    });
    if (!this.options.scanResponses) return;
    kernel.hooks.postScan.tapPromise({ name: PLUGIN_NAME, stage: Stage.SECURITY }, async (exchange, response) => {
      const messages = responseScanMessages(response.body);
      if (messages.length === 0) return skip(metrics, 'response');
      return this.#scan(exchange, 'response', messages, systemPromptOf(exchange.request));
    });
  }

  /** Reads the policy file of the local engine; a bad file stops the start with its problems named. */
  async start(): Promise<void> {
    if (this.#backend !== undefined || this.options.policyFile === undefined) return;
    const policy = await loadSecurityPolicy(this.options.policyFile);
    this.#useEngine(new SecurityGuardEngine({ mode: this.options.mode, policy }));
  }

  #useEngine(engine: SecurityGuardEngine): void {
    this.#engine = engine;
    this.#backend = localBackend(engine);
  }

  async #scan(
    exchange: Exchange,
    stage: SecurityStage,
    sent: readonly SecurityScanMessage[],
    systemPrompt?: string,
  ): Promise<Verdict | undefined> {
    const backend = this.#backend;
    const kernel = this.#kernel;
    const metrics = this.#metrics;
    if (backend === undefined || kernel === undefined || metrics === undefined) {
      throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    }
    const plan = planScan(
      sent.map((m) => m.content),
      this.options.maxScanChars,
    );
    const run = new ScanRun(exchange, plan.scannedChars, () => metrics.abandoned(GUARD, stage));
    run.stopIfAbandoned();
    const began = performance.now();
    const context = (moduleStatus?: number): DecisionContext => ({
      stage,
      backend: backend.kind,
      latencyMs: performance.now() - began,
      policyHash: this.#engine?.ruleSet.hash,
      mode: this.#engine === undefined ? undefined : this.options.mode,
      moduleStatus,
      ...(plan.complete ? {} : { incomplete: { scannedChars: plan.scannedChars, totalChars: plan.totalChars } }),
      maxScanChars: this.options.maxScanChars,
    });
    if (!plan.complete) this.#overBudget(exchange, plan, context());
    // Over budget and failing open: only the texts within it are scanned.
    const messages = plan.complete
      ? sent
      : sent.flatMap((m, i) => (plan.scanned[i] ? [{ role: m.role, content: plan.scanned[i] }] : []));
    let reading: SecurityReplyReading;
    let refusedWith: number | undefined;
    try {
      reading = readSecurityReply(await scanReply(backend, run, exchange.signal, stage, messages, systemPrompt)) ?? violation();
    } catch (error) {
      if (exchange.aborted) {
        // The client left during a module call (or while the scan waited its turn, counted there).
        if (!(error instanceof GatewayError && error.code === 'client_closed_request')) metrics.abandoned(GUARD, stage);
        throw error;
      }
      if (!(error instanceof GuardCallError && error.kind === 'refused')) return this.#failed(exchange, error, context());
      // By contract a module's 401/403 is a block: a guard that will not vouch for a request stops it.
      refusedWith = error.status;
      reading = { block: true, detected: false, findings: [], ...readRefusal(error.body) };
      kernel.logger.warn(
        { guard: GUARD, stage, status: refusedWith, trace_id: exchange.traceId },
        'the security guard module refused the call; treated as a block (check security_guard_api_key)',
      );
    }
    const code = BLOCK_CODES[stage];
    if (reading.block) {
      metrics.requests(GUARD, stage, 'blocked');
      kernel.evidence(exchange, scanHead(stage, 'blocked'), () =>
        decisionDetails(reading, 'block', code.toUpperCase(), context(refusedWith)),
      );
      return {
        action: 'block',
        code,
        guard: GUARD,
        respond: this.options.blockResponse,
        // The module's own reason may quote the prompt: the client gets a fixed sentence and the rule id.
        reason:
          reading.ruleId === undefined
            ? SECURITY_GUARD_ERRORS[code].message
            : `${SECURITY_GUARD_ERRORS[code].message} Rule: ${reading.ruleId}.`,
        ...(reading.ruleId === undefined ? {} : { ruleId: reading.ruleId }),
        ...(reading.severity === undefined ? {} : { severity: reading.severity }),
      };
    }
    metrics.requests(GUARD, stage, reading.detected ? 'detected' : 'allowed');
    kernel.evidence(exchange, scanHead(stage, 'allowed'), () =>
      decisionDetails(
        reading,
        reading.detected ? 'detect' : 'allow',
        reading.detected ? 'SECURITY_DETECTED' : 'SECURITY_ALLOWED',
        context(),
      ),
    );
    return undefined;
  }

  /**
   * Texts longer than the budget: with guard_fail_open the scan reads what fits and says so; without it
   * the request fails unscanned, so a too-large request costs no scan at all.
   */
  #overBudget(exchange: Exchange, plan: ScanPlan, context: DecisionContext): void {
    const open = this.options.failOpen;
    const metrics = this.#metrics!;
    metrics.budgetExhausted(GUARD, context.stage, open ? 'failed_open' : 'failed_closed');
    this.#kernel!.logger.warn(
      {
        guard: GUARD,
        stage: context.stage,
        trace_id: exchange.traceId,
        total_chars: plan.totalChars,
        max_scan_chars: this.options.maxScanChars,
        fail_open: open,
      },
      open
        ? 'security guard scan budget exhausted; scanning the first part only (guard_fail_open on)'
        : 'security guard scan budget exhausted; failing the request',
    );
    if (open) return;
    const code = TOO_LARGE_CODES[context.stage];
    metrics.requests(GUARD, context.stage, 'failed_closed');
    this.#kernel!.evidence(exchange, scanHead(context.stage, 'failed'), () => budgetDetails(code, plan, context));
    throw new GatewayError(code, { guard: GUARD, stage: context.stage });
  }

  /** A contract violation always fails the request; an outage or timeout fails it unless guard_fail_open. */
  #failed(exchange: Exchange, error: unknown, context: DecisionContext): undefined {
    const kernel = this.#kernel!;
    const kind = error instanceof GuardCallError ? error.kind : 'unavailable';
    const code: ErrorCode =
      kind === 'contract'
        ? 'guard_contract_violation'
        : kind === 'timeout'
          ? 'security_guard_timeout'
          : 'security_guard_unavailable';
    const open = this.options.failOpen && code !== 'guard_contract_violation';
    this.#metrics!.requests(GUARD, context.stage, open ? 'failed_open' : 'failed_closed');
    kernel.evidence(exchange, scanHead(context.stage, 'failed'), () => failureDetails(code, kind, open, context));
    kernel.logger.warn(
      {
        guard: GUARD,
        stage: context.stage,
        failure: kind,
        fail_open: open,
        trace_id: exchange.traceId,
        reason: (error as Error).message,
      },
      open ? 'security guard failed; continuing (guard_fail_open on)' : 'security guard failed; failing the request',
    );
    if (open) return undefined;
    throw new GatewayError(code, { guard: GUARD, stage: context.stage, cause: error });
  }
}

type GuardMetrics = ReturnType<typeof guardMetrics>;

/**
 * In process, a large request is scanned a message and a chunk at a time; a response is one unit, since
 * the system-prompt echo reads its texts together, and a module gets one call.
 */
async function scanReply(
  backend: SecurityBackend,
  run: ScanRun,
  signal: AbortSignal,
  stage: SecurityStage,
  messages: readonly SecurityScanMessage[],
  systemPrompt: string | undefined,
): Promise<Record<string, unknown>> {
  if (backend.kind === 'local' && stage === 'request' && run.large) return scanInUnits(backend, run, messages, signal);
  await run.next();
  return backend.scan({ stage, messages, ...(systemPrompt === undefined ? {} : { system_prompt: systemPrompt }) }, signal);
}

function skip(metrics: GuardMetrics, stage: SecurityStage): undefined {
  // Nothing to scan (no string contents): the contract says no call is made.
  metrics.requests(GUARD, stage, 'skipped');
  return undefined;
}

function violation(): never {
  throw new GuardCallError('contract', 'the module replied with a contract field of the wrong type', 200);
}
