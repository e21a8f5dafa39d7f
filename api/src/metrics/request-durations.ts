// The request duration histogram, by route pattern, method and status class (2xx…5xx). The cached approval list answers
// ~7,000 requests a second (docs/benchmarks.md), so recording one must cost next to nothing:
// prom-client's own Histogram hashes a label object on every observe(); here each series is found by
// three Map lookups and counted into a typed array, and the text is made only when Prometheus scrapes.
// It is registered on the prom-client registry as a metric of its own (name, help, type, get()).
import type { RequestHandler, Response } from 'express';
import type { Metric, Registry } from 'prom-client';
import { routePatternOf } from './route-pattern.ts';

/** Seconds: a cached list answers in about a millisecond; an export or an import may take seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The label of requests no table entry answered: the web's pages and files, unknown paths. */
export const NO_ROUTE = '(none)';

interface Sample {
  readonly metricName: string;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
}

interface Series {
  /** Per bucket, not cumulative; the last slot counts what is above the largest bound. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

const STARTED = Symbol('request started');
interface Timed {
  [STARTED]?: number;
}

export class RequestDurations {
  readonly name = 'portal_http_request_duration_seconds';
  readonly help = 'Time to answer a request, by the endpoint table path pattern, method and status class';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(registry: Registry) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** Mounted first: notes the start, and records when the answer is done (or the client left). */
  readonly middleware: RequestHandler = (_req, res, next) => {
    (res as Timed)[STARTED] = performance.now();
    res.on('close', this.onClose);
    next();
  };

  /** One listener for every response (`this` is the response): no closure per request. */
  private readonly onClose = ((durations: RequestDurations) =>
    function onClose(this: Response): void {
      const started = (this as Timed)[STARTED] ?? performance.now();
      durations.record(
        routePatternOf(this) ?? NO_ROUTE,
        this.req.method,
        this.statusCode,
        (performance.now() - started) / 1000,
      );
    })(this);

  record(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    // By class: a series per exact code would multiply them for nothing an alert reads.
    const statusClass = Math.floor(status / 100);
    let series = byStatus.get(statusClass);
    if (!series) {
      series = { buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
      byStatus.set(statusClass, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    series.buckets[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: Sample[] } {
    const values: Sample[] = [];
    for (const [route, byMethod] of this.series) {
      for (const [method, byStatus] of byMethod) {
        for (const [statusClass, series] of byStatus) {
          const labels = { route, method, status: `${statusClass}xx` };
          let cumulative = 0;
          DURATION_BUCKETS.forEach((le, i) => {
            cumulative += series.buckets[i]!;
            values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le }, value: cumulative });
          });
          values.push({
            metricName: `${this.name}_bucket`,
            labels: { ...labels, le: '+Inf' },
            value: series.count,
          });
          values.push({ metricName: `${this.name}_sum`, labels, value: series.sum });
          values.push({ metricName: `${this.name}_count`, labels, value: series.count });
        }
      }
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
