// The envelope of every error the server answers: the framework's own refusals (bad JSON, wrong
// content type, size limits, a malformed URL) with readable messages, an ApiError as it says, and any
// other failure as a logged 500 without its details.
import { ApiError, type ApiErrorBody, codeForStatus, MESSAGES } from '@adconsole/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterOf } from '../services/identity/retry-after';

/** Readable messages for the framework's own 4xx errors (bad JSON, wrong content type, size limits). */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.bodyNotJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MESSAGES.unsupportedContentType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_REQ_FILE_TOO_LARGE':
      return MESSAGES.uploadFileTooLarge;
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return MESSAGES.notMultipart;
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return MESSAGES.tooManyUploadParts;
    default:
      return error.message.replace(/^FST_[A-Z_]+:?\s*/, '') || MESSAGES.badRequest;
  }
}

/** Fastify's `frameworkErrors` option: the router's own refusals (a malformed URL such as /api/%zz). */
export function frameworkErrorInEnvelope(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  const body = { status, code: codeForStatus(status), message: frameworkMessage(error) };
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Every error a route throws, answered in the envelope (with Retry-After when the error has one). */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof ApiError) {
      body = error.toJSON();
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        status: error.statusCode,
        code: codeForStatus(error.statusCode),
        message: frameworkMessage(error),
      };
    } else {
      request.log.error({ err: error }, 'request failed');
      body = {
        status: 500,
        code: codeForStatus(500),
        message: MESSAGES.serverError,
      };
    }
    const retryAfter = retryAfterOf(error, body.status);
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    return reply.code(body.status).type('application/json; charset=utf-8').send(body);
  });
}
