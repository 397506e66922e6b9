// Prometheus metrics at /metrics in the text exposition format: request latency, compile
// concurrency and durations, generations charged. A small registry of our own, so nothing else
// has to be installed for three metric kinds.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { generatorCounts } from '../latex/generate/builtin/counters.js';
import { EVENT_LOOP_BUCKETS, watchEventLoop } from './event-loop-metrics.js';

type Labels = Record<string, string>;

const key = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((k) => `${k}="${String(labels[k]).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

abstract class Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}
  abstract lines(): string[];
  render(): string {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`, ...this.lines()].join('\n');
  }
}

export class Counter extends Metric {
  private values = new Map<string, number>();
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1): void {
    const k = key(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }
  lines(): string[] {
    if (this.values.size === 0) return [`${this.name} 0`];
    return [...this.values].map(([k, v]) => `${this.name}${k ? `{${k}}` : ''} ${v}`);
  }
}

export class Gauge extends Metric {
  private value = 0;
  constructor(
    name: string,
    help: string,
    private readonly read?: () => number,
  ) {
    super(name, help, 'gauge');
  }
  add(by: number): void {
    this.value += by;
  }
  set(value: number): void {
    this.value = value;
  }
  lines(): string[] {
    return [`${this.name} ${this.read ? this.read() : this.value}`];
  }
}

export class Histogram extends Metric {
  private series = new Map<string, { counts: number[]; sum: number; count: number }>();
  constructor(
    name: string,
    help: string,
    private readonly buckets: number[],
  ) {
    super(name, help, 'histogram');
  }
  observe(labels: Labels, value: number): void {
    const k = key(labels);
    let s = this.series.get(k);
    if (!s) {
      s = { counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(k, s);
    }
    this.buckets.forEach((b, i) => {
      if (value <= b) s.counts[i]! += 1;
    });
    s.sum += value;
    s.count += 1;
  }
  lines(): string[] {
    const out: string[] = [];
    for (const [k, s] of this.series) {
      const sep = k ? `${k},` : '';
      this.buckets.forEach((b, i) => out.push(`${this.name}_bucket{${sep}le="${b}"} ${s.counts[i]}`));
      out.push(`${this.name}_bucket{${sep}le="+Inf"} ${s.count}`);
      out.push(`${this.name}_sum${k ? `{${k}}` : ''} ${s.sum}`);
      out.push(`${this.name}_count${k ? `{${k}}` : ''} ${s.count}`);
    }
    return out;
  }
}

/** A counter kept as plain numbers elsewhere (the generator's), read when /metrics is scraped. */
export class ExternalCounter extends Metric {
  constructor(
    name: string,
    help: string,
    private readonly read: () => Array<[Labels, number]>,
  ) {
    super(name, help, 'counter');
  }
  lines(): string[] {
    return this.read().map(([labels, v]) => {
      const k = key(labels);
      return `${this.name}${k ? `{${k}}` : ''} ${v}`;
    });
  }
}

function noteReads(): Array<[Labels, number]> {
  const c = generatorCounts();
  return [
    [{ reader: 'fast_markdown' }, c.fastMarkdownAccepted],
    [{ reader: 'remark' }, c.fastMarkdownDeclined],
    [{ reader: 'fast_markdown_failed' }, c.fastMarkdownFailed],
    [{ reader: 'plain_text' }, c.markdownReadAsPlain],
    [{ reader: 'text' }, c.notesReadAsText],
  ];
}

export function createMetrics() {
  const httpDuration = new Histogram('http_request_duration_seconds', 'HTTP request latency by route and status.', [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
  ]);
  const compileDuration = new Histogram('compile_duration_seconds', 'Time of compile requests by result status.', [
    0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60,
  ]);
  const compileInFlight = new Gauge('compile_in_flight', 'Compile requests running or waiting in the queue.');
  const generationsCharged = new Counter('generations_charged_total', 'Generations charged to users, by engine.');
  const markdown = new ExternalCounter(
    'generator_note_reads_total',
    'Generator reads by reader: fast_markdown; remark (the fast path declined); fast_markdown_failed (a bug, logged); plain_text (Markdown too hostile for either parser); text (notes too dense in lines or markup to parse).',
    noteReads,
  );
  const eventLoopDelay = new Histogram(
    'nodejs_eventloop_delay_max_seconds',
    "The worst event-loop delay of each second (perf_hooks.monitorEventLoopDelay): one observation a second.",
    EVENT_LOOP_BUCKETS,
  );
  const all: Metric[] = [httpDuration, compileDuration, compileInFlight, generationsCharged, markdown, eventLoopDelay];
  // The shared compile queue (REDIS_URL): read from Redis when /metrics is fetched.
  const queue = {
    waiting: new Gauge('compile_queue_waiting', 'Compile jobs waiting in the shared queue (all processes).'),
    active: new Gauge('compile_queue_active', 'Compile jobs running on the shared queue\'s workers.'),
    workers: new Gauge('compile_queue_workers', 'Worker processes on the shared compile queue.'),
    wait: new Histogram('compile_queue_wait_seconds', 'Time from queueing a compile job to a worker taking it (jobs this process waited for).', [
      0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
    ]),
  };
  let queueEnabled = false;
  return {
    httpDuration,
    eventLoopDelay,
    compileDuration,
    compileInFlight,
    generationsCharged,
    queue,
    /** Adds the queue's metrics to the output (only processes on a shared queue have them). */
    enableQueue: () => {
      if (!queueEnabled) all.push(queue.waiting, queue.active, queue.workers, queue.wait);
      queueEnabled = true;
    },
    render: () => `${all.map((m) => m.render()).join('\n')}\n`,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Who may read /metrics: with a token, whoever sends it as a Bearer token; without one, everyone in development and nobody in production. */
export interface MetricsAccess {
  token: string | undefined;
  production: boolean;
  /** Reads values that live elsewhere (the shared queue's depth) just before rendering. */
  collect?: () => Promise<void>;
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const sent = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return sent !== '' && timingSafeEqual(digest(sent), digest(token));
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  const loop = watchEventLoop(metrics.eventLoopDelay);
  app.addHook('onClose', async () => loop.stop());
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (request, reply) => {
    const { token } = access;
    if (!token && access.production) return reply.code(404).send({ message: 'Not found' });
    if (token && !bearerMatches(request, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'A valid metrics token is required.' });
    }
    // Without Redis the queue gauges keep their last values; the rest still renders.
    await access.collect?.().catch(() => {});
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(metrics.render());
  });
}
