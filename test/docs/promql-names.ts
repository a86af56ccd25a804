/**
 * The series names a PromQL expression reads. A small lexical pass, enough for the queries we ship:
 * strings, label matchers, ranges, grouping clauses and Grafana variables are removed first, then every
 * identifier that is not a function call, a keyword or part of a number is a series name.
 */

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
]);

/**
 * @example
 * seriesNames('sum by (le) (rate(gw_request_duration_seconds_bucket{job=~"$job"}[5m]))');
 * // ['gw_request_duration_seconds_bucket']
 */
export function seriesNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()/g)) {
    const name = match[1]!;
    if (!KEYWORDS.has(name) && !/^(inf|nan)$/i.test(name)) names.add(name);
  }
  return [...names];
}

/** The `expr:` values of a Prometheus rules file, single-line or block scalars (`|`, `>`). */
export function ruleExpressions(yaml: string): string[] {
  const lines = yaml.split('\n');
  const exprs: string[] = [];
  lines.forEach((line, index) => {
    const match = /^(\s*)(?:- )?expr:\s*(.*)$/.exec(line);
    if (match === null) return;
    const [, indent = '', value = ''] = match;
    if (!/^[|>][-+]?$/.test(value.trim())) {
      exprs.push(value.trim());
      return;
    }
    const body: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && /^\s*/.exec(next)![0].length <= indent.length) break;
      body.push(next.trim());
    }
    exprs.push(body.join(' ').trim());
  });
  return exprs;
}
