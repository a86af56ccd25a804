/** One metric of a gateway's `/metrics`, label set by label set, to say which cache step failed, not only how often. */

/**
 * @example
 * await labelledMetric(url, 'gw_cache_errors_total'); // { '{layer="exact",operation="get"}': 12 }
 */
export async function labelledMetric(gatewayUrl: string, name: string): Promise<Record<string, number>> {
  const response = await fetch(`${gatewayUrl}/metrics`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${gatewayUrl}/metrics answered ${response.status}`);
  const values: Record<string, number> = {};
  for (const line of (await response.text()).split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labels = line.slice(name.length, line.lastIndexOf(' ')).trim() || '{}';
    values[labels] = Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return values;
}
