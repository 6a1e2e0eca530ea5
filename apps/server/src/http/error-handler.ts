/**
 * Every error becomes an envelope: AppError from any layer with its own code; schema
 * validation with the invalid fields named; Fastify's and plugins' client errors (bad JSON,
 * too large, unsupported media type, multipart limits) as validation errors with a clear
 * message; anything else as -500, logged, with no stack trace or detail sent to the client.
 */
import { AppError, fieldIssue, issueMessage, type MessageCode } from '@adloom/domain';
import type { z } from 'zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationError } from '../validation.js';
import { appErrorReply, errorReply, type ErrorReply } from './envelope.js';

const CLIENT_ERROR_MESSAGES: Record<string, MessageCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'input.notJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'input.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'input.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'input.mediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'input.contentLength',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'input.notMultipart',
  FST_FILES_LIMIT: 'input.noFiles',
  FST_REQ_FILE_TOO_LARGE: 'input.fileTooLarge',
};

/** One entry of Fastify's `validation`: fastify-type-provider-zod's copy of a zod issue. */
interface ValidationEntry {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function describeError(error: FastifyError | Error): ErrorReply {
  if (error instanceof AppError) return appErrorReply(error);

  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(fastifyError.validation)) {
    const root = fastifyError.validationContext ?? 'body';
    const entries = (fastifyError.validation ?? []) as ValidationEntry[];
    const fields = entries.map((entry) => {
      const issue = { ...entry.params, code: entry.keyword, message: entry.message ?? '' };
      const { code, params } = issueMessage(issue as z.core.$ZodIssue);
      const path = (entry.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      return fieldIssue(path || root, code, params);
    });
    return appErrorReply(validationError(fields));
  }

  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return errorReply('tooManyRequests');
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? CLIENT_ERROR_MESSAGES[fastifyError.code] : undefined;
    const reply = errorReply('validation', known ?? 'input.badRequest');
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
