// A loopback HTTP proxy that sends each request to the next of several upstream app processes,
// like a load balancer without sticky sessions.
import { createServer, request as httpRequest, type Server } from 'node:http';

export interface Proxy {
  url: string;
  hits: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreamPorts: number[]): Promise<Proxy> {
  const hits = upstreamPorts.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const i = next++ % upstreamPorts.length;
    hits[i]! += 1;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: upstreamPorts[i], method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
