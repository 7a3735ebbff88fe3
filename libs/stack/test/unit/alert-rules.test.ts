import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fromRoot } from '../../src/paths.js';

/**
 * The alert rules (deploy/prometheus/alerts.yml) and the runbook's list of series (deploy/README.md, "What to watch")
 * name only metrics the processes export: each name is found in the source that registers metrics (a counter, gauge
 * or histogram of prom-client through the kit's `Metrics`), or is one of prom-client's default process metrics.
 */

/** Every `.ts` file under the source folders of the libraries, the services and the gateway. */
function sources(): string[] {
  const roots = ['libs', 'services'].flatMap((top) =>
    readdirSync(fromRoot(top)).map((name) => join(top, name, 'src')),
  );
  roots.push('gateway/src');
  return roots.flatMap((root) => {
    try {
      return readdirSync(fromRoot(root), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join(root, file));
    } catch {
      return [];
    }
  });
}

/** The names the code gives metrics: string literals in the files that register them. */
function exportedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sources()) {
    const text = readFileSync(fromRoot(file), 'utf8');
    if (
      !/\.(counter|counters|gauge|histogram)\(|countsGauge\(|streamGauge\(|new (Counter|Gauge|Histogram)\(/.test(
        text,
      )
    )
      continue;
    for (const [, name] of text.matchAll(/['"]([a-z][a-z0-9]*(?:_[a-z0-9]+)+)['"]/g)) names.add(name!);
  }
  return names;
}

const DEFAULT_PREFIXES = ['process_', 'nodejs_'];
/** A histogram's series: its name with one of these suffixes. */
const HISTOGRAM_SUFFIXES = ['_bucket', '_sum', '_count'];

function exported(name: string, names: Set<string>): boolean {
  if (DEFAULT_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  if (names.has(name)) return true;
  const suffix = HISTOGRAM_SUFFIXES.find((s) => name.endsWith(s));
  return suffix !== undefined && names.has(name.slice(0, -suffix.length));
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}

const rules = (): Rule[] =>
  (
    parse(readFileSync(fromRoot('deploy/prometheus/alerts.yml'), 'utf8')) as {
      groups: Array<{ rules: Rule[] }>;
    }
  ).groups.flatMap((group) => group.rules);

/** The metric names of an expression: every name written with a selector or a range (`name{…}`, `name[5m]`). */
const metricsOf = (expr: string): string[] =>
  [...expr.matchAll(/([a-z_][a-z0-9_]*)\s*[{[]/g)].map((m) => m[1]!);

describe('alert rules and the runbook', () => {
  const names = exportedNames();

  it('read only metrics the code exports, each with a severity, a summary and a runbook', () => {
    const all = rules();
    expect(all.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'AritmeticaGateway5xx',
        'AritmeticaRenderQueueBacklog',
        'AritmeticaRenderSlow',
        'AritmeticaStreamNearlyFull',
        'AritmeticaDatabasePoolSaturated',
      ]),
    );
    const missing: string[] = [];
    for (const rule of all) {
      const used = metricsOf(rule.expr);
      expect(used.length, rule.alert).toBeGreaterThan(0);
      for (const name of used) if (!exported(name, names)) missing.push(`${rule.alert}: ${name}`);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.runbook, rule.alert).toBeTruthy();
      // A rule fires after its condition held a while, never on one scrape.
      expect(rule.for, rule.alert).toMatch(/^\d+m$/);
    }
    expect(missing).toEqual([]);
  });

  it('name in the runbook only series the code exports', () => {
    const readme = readFileSync(fromRoot('deploy/README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## What to watch'), readme.indexOf('## Known gaps'));
    // Snake-case names in backticks: the series, and a few fields of NATS's monitor and labels, named here.
    const NOT_METRICS = [
      'num_pending',
      'num_ack_pending',
      'num_redelivered',
      'max_file_store',
      'status_code',
      'in_use',
      'rule_files',
    ];
    const named = [...section.matchAll(/`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`/g)]
      .map((m) => m[1]!)
      .filter((name) => !NOT_METRICS.includes(name));
    expect(named.length).toBeGreaterThan(15);
    expect(named.filter((name) => !exported(name, names))).toEqual([]);
  });

  it('chart in the Grafana dashboard only series the code exports', () => {
    const dashboard = readFileSync(fromRoot('deploy/grafana/aritmetica.json'), 'utf8');
    const exprs = [...dashboard.matchAll(/"expr":\s*"((?:[^"\\]|\\.)*)"/g)].map(
      (m) => JSON.parse(`"${m[1]!}"`) as string,
    );
    expect(exprs.length).toBeGreaterThan(5);
    const missing = exprs.flatMap((expr) => metricsOf(expr).filter((name) => !exported(name, names)));
    expect(missing).toEqual([]);
  });

  it('would catch a name the code does not export', () => {
    expect(exported('http_requests_total', names)).toBe(true);
    expect(exported('pdf_render_duration_seconds_bucket', names)).toBe(true);
    expect(exported('db_pool_connections', names)).toBe(true);
    expect(exported('jetstream_stream_bytes', names)).toBe(true);
    expect(exported('http_requests_totals', names)).toBe(false);
    expect(exported('pdf_render_seconds_bucket', names)).toBe(false);
  });
});
