// A throw-away Redis server for a test file or a benchmark: Debian's redis-server on a loopback
// port, no persistence (a restart starts empty, as a lost Redis would), deleted at the end. `pause`
// stops it and `resume` starts it again on the same port, for outage tests; `freeze` and `thaw`
// suspend and continue the process (connections stay open, nothing is answered meanwhile).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './app-process.js';

export interface RedisServer {
  url: string;
  port: number;
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
  /** Suspends the server at once (SIGSTOP, sent before this returns): commands sent from now get no answer. */
  freeze(): void;
  /** Continues a frozen server (SIGCONT). */
  thaw(): void;
  /** Runs a redis-cli command against it and returns its output. */
  cli(...args: string[]): string;
}

const BIN = '/usr/bin/redis-server';

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedis(options: { port?: number } = {}): Promise<RedisServer> {
  if (!existsSync(BIN)) throw new Error('redis-server not found (apt-get install redis-server); `npm test` installs it.');
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'latexgen-redis-'));
  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--maxmemory-policy', 'noeviction'];
    child = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const halt = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: halt,
    resume: start,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    cli: (...args) => spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout.trim(),
  };
}
