import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@candeia/shared/errors';
import { translate } from '@candeia/shared/i18n/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleError } from './errors.ts';
import { localeFromHeaders, requestLocale } from './request-context.ts';
import { securityHeaders } from './security-headers.ts';

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`GET /%`) or a path parameter
 * past its limit is refused before any hook runs. The answer is still the app's: request id,
 * security headers, and the error handler's translated body.
 */
export function frameworkErrorHandler(secure: boolean) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    req.locale = requestLocale(req);
    reply.header('x-request-id', req.id).headers(securityHeaders(secure));
    return handleError(err, req, reply);
  };
}

type ClientError = Error & { code?: string; rawPacket?: unknown };

/** The code for a request Node's HTTP parser refused. */
function clientErrorCode(err: ClientError): ErrorCode {
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

/** One header's value from what the parser had read of a refused request (best effort). */
function rawHeader(raw: string, name: string): string | undefined {
  return new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]{0,200})`, 'i').exec(raw)?.[1];
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (headers over the size limit,
 * a malformed request line, a request that never finishes arriving) has no request object and
 * runs no hook. The answer is written on the socket in the app's own shape: a request id (also
 * in the log line), the security headers, and a translated JSON body, in the language the
 * request asked for when its headers could be read.
 */
export function clientErrorHandler(secure: boolean) {
  return function onClientError(this: FastifyInstance, err: ClientError, socket: Duplex) {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const code = clientErrorCode(err);
    const status = ERROR_CODES[code].status;
    const id = randomUUID();
    const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '';
    const locale = localeFromHeaders(rawHeader(raw, 'x-locale'), rawHeader(raw, 'accept-language'));
    const body: ApiErrorBody = { error: { code, message: translate(locale, `errors:${code}`) } };
    const payload = JSON.stringify(body);
    this.log.debug({ reqId: id, code: err.code ?? err.name, status }, 'client error');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const headers: Record<string, string | number> = {
      'x-request-id': id,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(payload),
      ...securityHeaders(secure),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${payload}`);
  };
}
