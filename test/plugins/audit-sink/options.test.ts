import assert from 'node:assert/strict';
import { PluginOptionsError } from '@sluice/core';
import {
  directivesOf,
  enabledInConfig,
  optionsFromConfig,
  parseConfig,
  resolveConfig,
  type ResolvedConfig,
} from '@sluice/config';
import { AuditSinkOptionsSchema, AuditSinkPlugin } from '@sluice/plugin-audit-sink';

/** The sink's options when the file enables it, as the gateway preset reads them. */
const auditSinkOptions = (config: ResolvedConfig) =>
  enabledInConfig(AuditSinkOptionsSchema, config) ? optionsFromConfig(AuditSinkOptionsSchema, config) : undefined;

describe('audit sink: options and directives', () => {
  const resolve = (text: string) =>
    resolveConfig(parseConfig(text, { file: 'test.conf', env: {} }), [directivesOf(AuditSinkOptionsSchema)]);

  it('is off by default', () => {
    assert.equal(auditSinkOptions(resolve('')), undefined);
  });

  it('reads every directive, with the contract defaults', () => {
    const options = auditSinkOptions(
      resolve('audit_enabled on;\naudit_url http://127.0.0.1:9400;\naudit_api_key k1;\naudit_batch_size 10;\n'),
    );
    assert.deepEqual(options, {
      url: 'http://127.0.0.1:9400',
      apiKey: 'k1',
      queueCapacity: 10000,
      batchSize: 10,
      flushIntervalMs: 1000,
      timeoutSeconds: 5,
      retryMaxAttempts: 5,
      retryInitialBackoffMs: 250,
      retryMaxBackoffMs: 10000,
      flushTimeoutSeconds: 5,
    });
  });

  it('names the missing directive when enabled without a URL', () => {
    assert.throws(() => auditSinkOptions(resolve('audit_enabled on;\naudit_api_key k;\n')), /audit_url/);
  });

  it('rejects unknown and bad options at construction, and a cap below the first wait', () => {
    assert.throws(() => new AuditSinkPlugin({ url: 'ftp://x', apiKey: 'k' }), PluginOptionsError);
    assert.throws(() => new AuditSinkPlugin({ url: 'http://x', apiKey: 'k', extra: 1 } as never), PluginOptionsError);
    assert.throws(
      () => new AuditSinkPlugin({ url: 'http://x', apiKey: 'k', retryInitialBackoffMs: 500, retryMaxBackoffMs: 100 }),
      RangeError,
    );
  });

  it('names the producer by hostname and pid when no id is configured', () => {
    const plugin = new AuditSinkPlugin({ url: 'http://x', apiKey: 'k' }, '0.1.0');
    assert.match(plugin.producer.instance_id, new RegExp(`-${process.pid}$|^sluice-`));
    assert.equal(plugin.producer.version, '0.1.0');
  });
});
