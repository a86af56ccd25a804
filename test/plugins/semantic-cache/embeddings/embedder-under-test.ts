/** An OpenAIEmbedder pointed at the fake provider, with its own metrics registry to read back. */
import { Metrics } from '@sluice/core';
import { OpenAIEmbedder, type OpenAIEmbedderOptions } from '@sluice/plugin-semantic-cache';

interface Sample {
  readonly metricName?: string;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
}

export interface EmbedderUnderTest {
  readonly embedder: OpenAIEmbedder;
  readonly metrics: Metrics;
  /** The value of a counter, or the sample count of a histogram, for the given labels. */
  value(name: string, labels?: Record<string, string>): Promise<number>;
}

export function openAIEmbedder(options: Partial<OpenAIEmbedderOptions> & { baseUrl: string }): EmbedderUnderTest {
  const metrics = new Metrics();
  const embedder = new OpenAIEmbedder({ model: 'text-embedding-test', timeoutMs: 5_000, metrics, ...options });
  return {
    embedder,
    metrics,
    async value(name, labels = {}) {
      const metric = metrics.registry.getSingleMetric(name);
      if (metric === undefined) return 0;
      const values = (await metric.get()).values as readonly Sample[];
      return values
        .filter((v) => v.metricName === undefined || v.metricName === `${name}_count`)
        .filter((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))
        .reduce((sum, v) => sum + v.value, 0);
    },
  };
}

/** A question that must never appear in an error message. */
export const SECRET_QUESTION = 'my passport number is X1234567, how do I renew it?';
