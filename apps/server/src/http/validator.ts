/**
 * Fastify's schema compiler for the zod contracts: fastify-type-provider-zod's, except that
 * an absent part (Fastify hands the validator null for a POST without a body) counts as
 * undefined, so an optional body schema accepts it, and that every part first passes the
 * domain's text rule (`withSafeText`: no NUL, no lone surrogate, in any field).
 */
import { withSafeText } from '@adloom/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler({ ...route, schema: withSafeText(route.schema) });
  const acceptsAbsent =
    typeof route.schema.safeParse === 'function' && route.schema.safeParse(undefined).success;
  return (data) => validate(data === null && acceptsAbsent ? undefined : data);
};
