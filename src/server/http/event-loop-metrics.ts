// How long this process's event loop was held, for /metrics: perf_hooks.monitorEventLoopDelay read
// once a second, the worst delay of each second put into a histogram, then reset. Two scrapes tell
// how many seconds between them saw the loop held past each bucket (a benchmark or a test reads it
// around an attack; an alert can watch its top buckets).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Histogram } from './metrics.js';

export const EVENT_LOOP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function watchEventLoop(histogram: Histogram, windowMs = 1000): { stop(): void } {
  const monitor = monitorEventLoopDelay({ resolution: 10 });
  monitor.enable();
  const timer = setInterval(() => {
    // Nanoseconds; a second in which the loop never waited past the resolution reads as 0.
    histogram.observe({}, monitor.max / 1e9);
    monitor.reset();
  }, windowMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      monitor.disable();
    },
  };
}
