import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@candeia/shared/errors';
import { translate } from '@candeia/shared/i18n/server';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { loggableError } from '../lib/loggable-error.ts';

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  fields?: Record<string, string>,
  params?: Record<string, string>,
) {
  const status = ERROR_CODES[code].status;
  const body: ApiErrorBody = {
    error: {
      code,
      message: translate(req.locale, `errors:${code}`, params ? shown(req, params) : {}),
      ...(params ? { params } : {}),
      ...(fields
        ? { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(req.locale, v)])) }
        : {}),
      ...(status >= 500 ? { requestId: String(req.id) } : {}),
    },
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Message values as a person reads them: an `until` (ISO time) as a date and time, in UTC. */
function shown(req: FastifyRequest, params: Record<string, string>): Record<string, string> {
  const out = { ...params };
  if (params.until) {
    const at = new Date(params.until);
    if (!Number.isNaN(at.getTime()))
      out.until = `${new Intl.DateTimeFormat(req.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
  }
  return out;
}

const PASSWORD_FIELDS = new Set(['password', 'newPassword']);

/** Chooses the catalogue code for a set of invalid fields. */
function validationCode(route: string | undefined, fields: Record<string, string>, hasMissing: boolean): ErrorCode {
  if (fields.email && /email\.(format|chars)/.test(fields.email) && route?.includes('/auth/'))
    return 'AUTH_INVALID_EMAIL';
  for (const f of Object.keys(fields))
    if (PASSWORD_FIELDS.has(f) && /validation:password\.(min|lower|upper|number|special|common)/.test(fields[f]!))
      return 'AUTH_WEAK_PASSWORD';
  if (hasMissing) return 'VALIDATION_REQUIRED_FIELD';
  if (Object.values(fields).some((m) => m === 'validation:tooLong' || /\.(tooLong|max)$/.test(m)))
    return 'VALIDATION_LENGTH_ERROR';
  return 'VALIDATION_INVALID_FORMAT';
}

/** The catalogue code for a failure Fastify itself raised (parsing, routing, limits). */
function frameworkCode(err: FastifyError, status: number): ErrorCode | null {
  if (err.code === 'FST_ERR_BAD_URL') return 'BAD_REQUEST';
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH' || status === 414) return 'URL_TOO_LONG';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'REQUEST_TIMEOUT';
  if (status === 431) return 'HEADERS_TOO_LARGE';
  if (status >= 400 && status < 500) return 'VALIDATION_INVALID_FORMAT';
  return null;
}

/**
 * One handler maps every failure to a code, a status and a translated message; 5xx hide details.
 * The app's error handler, and also what answers the failures Fastify meets before routing
 * (plugins/early-errors.ts).
 */
export async function handleError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (ERROR_CODES[err.code].logged) req.log.info({ code: err.code }, 'request refused');
    if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
    return send(req, reply, err.code, err.fields, err.params);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    let missing = false;
    for (const v of err.validation) {
      const path = v.instancePath.split('/').filter(Boolean).join('.') || '_';
      if (v.keyword === 'unrecognized_keys') {
        fields[path] ??= 'errors:VALIDATION_INVALID_FORMAT';
        continue;
      }
      const msg = v.message?.startsWith('validation:') ? v.message : 'errors:VALIDATION_INVALID_FORMAT';
      if (/required/.test(msg)) missing = true;
      fields[path] ??= msg;
    }
    return send(req, reply, validationCode(req.routeOptions.url, fields, missing), fields);
  }
  const code = frameworkCode(err, err.statusCode ?? 500);
  if (code) return send(req, reply, code);
  const dbDown = /ECONNREFUSED|Connection terminated|timeout exceeded when trying to connect|57P01|ETIMEDOUT/.test(
    `${err.message} ${(err as { code?: string }).code ?? ''} ${String((err as { cause?: unknown }).cause ?? '')}`,
  );
  req.log.error({ error: loggableError(err), reqId: req.id }, 'request failed');
  return send(req, reply, dbDown ? 'DB_CONNECTION_ERROR' : 'SERVER_ERROR');
}

export default fp(async (app) => {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(async (req, reply) => send(req, reply, 'NOT_FOUND'));
});
