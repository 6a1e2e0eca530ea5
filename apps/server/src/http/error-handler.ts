/**
 * Every error becomes an envelope: AppError from any layer with its own code; schema
 * validation with the invalid fields named; Fastify's and plugins' client errors (bad JSON,
 * too large, unsupported media type, multipart limits) as validation errors with a clear
 * message; anything else as -500, logged, with no stack trace or detail sent to the client.
 */
import { AppError } from '@adloom/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationError } from '../validation.js';
import { appErrorReply, errorReply, type ErrorReply } from './envelope.js';

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY:
    "The request body is empty but its content type is 'application/json'.",
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Unsupported content type: send application/json or multipart/form-data.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data.',
  FST_FILES_LIMIT: 'This request does not accept files.',
  FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large.',
};

interface ValidationEntry {
  instancePath?: string;
  message?: string;
}

function describeError(error: FastifyError | Error): ErrorReply {
  if (error instanceof AppError) return appErrorReply(error);

  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(fastifyError.validation)) {
    const root = fastifyError.validationContext ?? 'body';
    const entries = (fastifyError.validation ?? []) as ValidationEntry[];
    const fields = entries.map((entry) => ({
      path: (entry.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || root,
      message: entry.message ?? 'Invalid value',
    }));
    return appErrorReply(validationError(fields));
  }

  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return errorReply('tooManyRequests');
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? CLIENT_ERROR_MESSAGES[fastifyError.code] : undefined;
    const reply = errorReply('validation', known ?? error.message);
    return { ...reply, status };
  }
  return errorReply('other');
}

export function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, body } = describeError(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.debug({ code: body.code, msg: body.msg }, 'request refused');
  }
  if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
    void reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.status(status).send(body);
}
