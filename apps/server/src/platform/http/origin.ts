/**
 * The origin the browser reached this server on. With PUBLIC_URL unset the configured default
 * (`http://localhost:$PORT`) is a guess: a console opened at 127.0.0.1 or a LAN address that is
 * answered "localhost" would make every later call cross-origin (a preflight each), or reach
 * another machine.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** A Host header value we repeat back: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^(?:[a-z\d](?:[a-z\d.-]{0,251}[a-z\d])?|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/** `protocol://host` of the request, or null when its Host header is missing or malformed. */
export function requestOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  return typeof host === 'string' && HOST.test(host) ? `${req.protocol}://${host.toLowerCase()}` : null;
}

/** `url` as the browser should be told it: the request's own origin in place of the guessed default. */
export function answeredOrigin(config: Config, req: FastifyRequest, url: string): string {
  if (config.publicUrlSet || url !== config.publicUrl) return url;
  return requestOrigin(req) ?? url;
}
