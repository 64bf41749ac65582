import { ErrorCode, errorCatalogue, jsonTooDeep } from '@hmi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { applySecurityHeaders, isApiPath } from './security-headers';

function isFastifyError(e: unknown): e is FastifyError {
  return e instanceof Error && typeof (e as Partial<FastifyError>).code === 'string';
}

/** The 4xx status an error carries (Fastify's, or the static file server's http-errors), else null. */
function clientStatus(e: unknown): number | null {
  if (!(e instanceof Error) || !('statusCode' in e) || typeof e.statusCode !== 'number') return null;
  return e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : null;
}

const notFound = { code: 1003, data: null, msg: errorCatalogue[1003].message };

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route (a URL it cannot decode,
 * an over-long parameter) is a path that does not exist. No hook runs for these answers, so the
 * security headers are set here.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  req.log.info({ err: { code: err.code, message: err.message } }, 'request rejected');
  applySecurityHeaders(req, reply);
  reply.code(404).send(notFound);
}

/** The one error handler: every failure leaves as the envelope `{code, data, msg}`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      if (err.status >= 500) req.log.error({ err }, err.message);
      return reply.code(err.status).send({ code: err.code, data: err.data, msg: err.message });
    }
    if (isFastifyError(err)) {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return reply.code(413).send({
          code: 1006,
          data: { field: 'body', issue: 'tooLarge' },
          msg: 'input parameter error: body',
        });
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        return reply.code(415).send({
          code: 1006,
          data: { field: 'body', issue: 'mediaType' },
          msg: 'input parameter error: body',
        });
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
        return reply.code(400).send({ code: 1021, data: null, msg: errorCatalogue[1021].message });
    }
    const status = clientStatus(err);
    // The web app's file server refusing a path (traversal, NUL, bad encoding; its errors are not
    // Fastify's), or any bad request outside the API: that path is just not there.
    if (status !== null && (!isFastifyError(err) || !isApiPath(req.url))) {
      req.log.info({ url: req.url, status }, 'no such file');
      return reply.code(404).send(notFound);
    }
    if (status !== null && isFastifyError(err)) {
      req.log.info({ err: { code: err.code, message: err.message } }, 'request rejected');
      return reply.code(status).send({ code: 1006, data: null, msg: errorCatalogue[1006].message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: 1007, data: null, msg: errorCatalogue[1007].message });
  });

  app.setNotFoundHandler((_req, reply) => reply.code(404).send(notFound));

  // JSON bodies: an empty body counts as no body; malformed JSON is 1021; nesting deeper than any
  // call takes is refused before parsing (one pass), so no walk over the body can be slow.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonTooDeep(text))
      return done(
        new AppError(
          ErrorCode.INPUT_PARAMETER,
          { field: 'body', issue: 'tooDeep' },
          {},
          'input parameter error: body',
        ),
      );
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(ErrorCode.JSON_FORMAT), undefined);
    }
  });
}
