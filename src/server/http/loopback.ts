// Whether a request comes from this machine: the development pages (/dev/*) answer nobody else. Both
// the socket's peer and the client address TRUST_PROXY allows must be loopback, so a proxy on this
// machine forwarding a remote client does not make that client local.
import type { FastifyRequest } from 'fastify';
import { isIPv4 } from 'node:net';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

export function isLoopbackClient(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
