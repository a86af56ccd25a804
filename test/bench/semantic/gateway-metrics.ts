/** Reads counters from a gateway's `/metrics` and from the counting upstream, to check what a run really did. */

/**
 * The value of each named metric, summed over its label sets (0 when absent).
 * @example
 * await metricTotals('http://127.0.0.1:8080', ['gw_requests_total']); // { gw_requests_total: 3300 }
 */
export async function metricTotals<N extends string>(gatewayUrl: string, names: readonly N[]): Promise<Record<N, number>> {
  const response = await fetch(`${gatewayUrl}/metrics`);
  if (!response.ok) throw new Error(`${gatewayUrl}/metrics answered ${response.status}`);
  const text = await response.text();
  const totals = Object.fromEntries(names.map((name) => [name, 0])) as Record<N, number>;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    // `name{labels} value` or `name value`; label values may hold spaces, the value never does.
    const name = line.match(/^[A-Za-z_:][\w:]*/)?.[0];
    if (name === undefined || !(names as readonly string[]).includes(name)) continue;
    totals[name as N] += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return totals;
}

/**
 * The series of one metric as `{labels} value` lines, for a count that needs explaining.
 * @example
 * await metricSeries('http://127.0.0.1:8080', 'gw_stream_errors_total'); // ['{class="client_closed"} 15']
 */
export async function metricSeries(gatewayUrl: string, name: string): Promise<string[]> {
  const response = await fetch(`${gatewayUrl}/metrics`);
  if (!response.ok) throw new Error(`${gatewayUrl}/metrics answered ${response.status}`);
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => line.slice(name.length).trim());
}

/** Completions the counting upstream (counting-upstream.ts) has served. */
export async function upstreamCalls(upstreamUrl: string): Promise<number> {
  const response = await fetch(`${upstreamUrl}/bench/calls`);
  if (!response.ok) throw new Error(`${upstreamUrl}/bench/calls answered ${response.status}`);
  return ((await response.json()) as { calls: number }).calls;
}
