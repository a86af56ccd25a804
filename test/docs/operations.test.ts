import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ruleExpressions, seriesNames } from './promql-names.js';
import { metricOfSeries, registeredMetrics } from './registered-metrics.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OPS = join(ROOT, 'docs/operations');
const DATASOURCE = '${DS_PROMETHEUS}';

interface Datasource {
  readonly type?: string;
  readonly uid?: string;
}
interface Panel {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly datasource?: Datasource;
  readonly targets?: readonly { readonly expr: string; readonly datasource?: Datasource }[];
  readonly panels?: readonly Panel[];
}
interface Dashboard {
  readonly uid: string;
  readonly title: string;
  readonly schemaVersion: number;
  readonly __inputs: readonly { readonly name: string; readonly type: string; readonly pluginId: string }[];
  readonly panels: readonly Panel[];
  readonly templating: {
    readonly list: readonly { readonly name: string; readonly definition: string; readonly datasource?: Datasource }[];
  };
}

const dashboard = JSON.parse(readFileSync(join(OPS, 'grafana-dashboard.json'), 'utf8')) as Dashboard;
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const queries = panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: panel.title, expr: target.expr })));
const rules = ruleExpressions(readFileSync(join(OPS, 'alerts.yml'), 'utf8'));
const registered = registeredMetrics(ROOT);

/** The reference pages that describe metrics: a name counts as documented when one of them shows it in code. */
const documentation = ['docs/reference/metrics.md', 'docs/guards.md', 'docs/vector-cache.md']
  .concat(readdirSync(join(ROOT, 'docs/reference/guards')).map((file) => `docs/reference/guards/${file}`))
  .map((file) => readFileSync(join(ROOT, file), 'utf8'))
  .join('\n');

/** Every series name in `exprs` that is not a metric the code registers, or that no reference page shows. */
function unknownMetrics(exprs: readonly { where: string; expr: string }[]): string[] {
  return exprs.flatMap(({ where, expr }) =>
    seriesNames(expr).flatMap((series) => {
      const metric = metricOfSeries(series, registered);
      if (metric === undefined) return [`${where}: ${series} is not registered by the code`];
      return new RegExp(`\`${metric}[\`{]`).test(documentation) ? [] : [`${where}: ${metric} is in no reference page`];
    }),
  );
}

describe('docs/operations: the Grafana dashboard and the alert rules read real metrics', () => {
  it('finds the registered metrics, with the types docs/reference/metrics.md gives them', () => {
    const table = readFileSync(join(ROOT, 'docs/reference/metrics.md'), 'utf8');
    const rows = [...table.matchAll(/^\| `(\w+)` \| (\w+) \|/gm)];
    assert.ok(rows.length > 20 && registered.size > rows.length, 'the scan of the sources is broken');
    for (const [, name, type] of rows) assert.equal(registered.get(name!), type, name);
    assert.equal(registered.get('svc_search_duration_seconds'), 'histogram');
    assert.equal(registered.get('svc_license_days_until_expiry'), 'gauge');
  });

  it('is a Grafana dashboard model whose every query uses the ${DS_PROMETHEUS} input', () => {
    assert.deepEqual(
      dashboard.__inputs.map(({ name, type, pluginId }) => ({ name, type, pluginId })),
      [{ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' }],
    );
    assert.ok(dashboard.uid && dashboard.title && dashboard.schemaVersion >= 36);
    const ids = panels.map((panel) => panel.id);
    assert.equal(new Set(ids).size, ids.length, 'panel ids are unique');
    for (const panel of panels.filter((p) => p.type !== 'row')) {
      assert.ok((panel.targets ?? []).length > 0, `${panel.title} has queries`);
      for (const source of [panel.datasource, ...(panel.targets ?? []).map((t) => t.datasource)])
        assert.deepEqual(source, { type: 'prometheus', uid: DATASOURCE }, panel.title);
    }
    for (const variable of dashboard.templating.list) assert.equal(variable.datasource?.uid, DATASOURCE, variable.name);
  });

  it('reads in every dashboard query and variable only metrics the code registers and the docs describe', () => {
    const variables = dashboard.templating.list.map((v) => ({
      where: `variable ${v.name}`,
      expr: /^label_values\((\w+),\s*\w+\)$/.exec(v.definition)?.[1] ?? v.definition,
    }));
    assert.deepEqual(unknownMetrics([...queries, ...variables]), []);
  });

  it('reads in every alert rule only metrics the code registers and the docs describe', () => {
    assert.ok(rules.length >= 10, 'the rule expressions were found');
    assert.deepEqual(unknownMetrics(rules.map((expr, index) => ({ where: `rule ${index + 1}`, expr }))), []);
  });

  it('covers hit ratio, savings, latency, errors, guard blocks, evaluation, the process and the vector cache', () => {
    const used = new Set(queries.flatMap(({ expr }) => seriesNames(expr)));
    for (const series of [
      'gw_cache_exact_hits',
      'gw_cache_semantic_hits',
      'gw_cache_misses',
      'gw_net_saved_micro_usd_total',
      'gw_request_cost_micro_usd_total',
      'gw_request_duration_seconds_bucket',
      'gw_errors_total',
      'gw_guard_requests_total',
      'gw_evaluation_cache_outcomes_total',
      'gw_semantic_threshold_results_total',
      'svc_cache_hits_total',
      'svc_search_duration_seconds_bucket',
      'svc_license_days_until_expiry',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds_sum',
    ])
      assert.ok(used.has(series), `no panel reads ${series}`);
    assert.ok(
      queries.some(({ expr }) => expr.includes('histogram_quantile(0.99')),
      'a p99 from a histogram',
    );
  });

  it('alerts on the error rate, readiness, event-loop lag, audit drops and license expiry', () => {
    const names = [...readFileSync(join(OPS, 'alerts.yml'), 'utf8').matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]);
    for (const name of [
      'SluiceGatewayHighErrorRate',
      'SluiceGatewayNotReady',
      'SluiceGatewayEventLoopLagging',
      'SluiceAuditEventsDropped',
      'SluiceLicenseExpiringSoon',
      'SluiceLicenseExpired',
    ])
      assert.ok(names.includes(name), name);
  });
});

const run = promisify(execFile);

/** Runs promtool; a failure shows its whole output. */
async function promtool(args: readonly string[], cwd = ROOT): Promise<string> {
  try {
    const { stdout, stderr } = await run('promtool', args, { cwd, timeout: 30_000 });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`, {
      cause: error,
    });
  }
}

describe('docs/operations: promtool checks the rules, their unit tests and the scrape config', function () {
  this.timeout(60_000);
  let scratch = '';

  before(async function () {
    const found = await run('promtool', ['--version'], { timeout: 10_000 }).then(
      () => true,
      (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
    );
    if (!found) {
      if (process.env['CI'] === 'true') throw new Error('promtool is not on PATH; CI must install the prometheus package');
      console.warn(
        '\n  !!! SKIPPED: promtool is not on PATH (Debian package prometheus); the alert rules were not checked !!!\n',
      );
      this.skip();
    }
    scratch = await mkdtemp(join(tmpdir(), 'sluice-promtool-'));
  });

  after(async () => {
    if (scratch !== '') await rm(scratch, { recursive: true, force: true });
  });

  it('accepts docs/operations/alerts.yml (promtool check rules)', async () => {
    assert.match(await promtool(['check', 'rules', 'docs/operations/alerts.yml']), /SUCCESS: \d+ rules found/);
  });

  it('passes the alert unit tests (promtool test rules docs/operations/alerts.test.yml)', async () => {
    assert.match(await promtool(['test', 'rules', 'docs/operations/alerts.test.yml']), /SUCCESS/);
  });

  it('accepts docs/operations/prometheus.yml and the rule file it loads (promtool check config)', async () => {
    const key = join(scratch, 'vector-cache.key');
    await writeFile(key, 'app-key\n');
    const config = readFileSync(join(OPS, 'prometheus.yml'), 'utf8').replace('/etc/prometheus/sluice-vector-cache.key', key);
    assert.notEqual(config, readFileSync(join(OPS, 'prometheus.yml'), 'utf8'), 'the key file path was replaced');
    await writeFile(join(scratch, 'prometheus.yml'), config);
    await writeFile(join(scratch, 'alerts.yml'), readFileSync(join(OPS, 'alerts.yml')));
    const output = await promtool(['check', 'config', join(scratch, 'prometheus.yml')]);
    assert.match(output, /SUCCESS: 1 rule files found/);
  });

  it('parses every dashboard query as PromQL (as recording rules, Grafana variables filled in)', async () => {
    const record = (expr: string, index: number) => ({
      record: `dashboard:query_${index}`,
      expr: expr.replaceAll('$__rate_interval', '5m').replaceAll('$__range', '1h').replace(/\$\w+/g, '.*'),
    });
    const file = join(scratch, 'dashboard-queries.yml');
    // JSON is YAML: promtool reads it as a rules file.
    await writeFile(file, JSON.stringify({ groups: [{ name: 'dashboard', rules: queries.map((q, i) => record(q.expr, i)) }] }));
    assert.match(await promtool(['check', 'rules', file]), new RegExp(`SUCCESS: ${queries.length} rules found`));
  });
});
