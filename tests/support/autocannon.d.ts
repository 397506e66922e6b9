// The part of autocannon's API the HTTP benchmark uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    /** Each connection goes through these in turn; setupRequest may change a request before it is sent. */
    requests?: Array<{ setupRequest?: (request: { headers: Record<string, string> }) => { headers: Record<string, string> } }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
