/**
 * The API contract: each endpoint once, with its method, path, access and zod schemas.
 * The server registers routes from these (validation, role check, OpenAPI); the web's
 * client is typed from the same objects, so neither side retypes the other.
 */
import type { z } from 'zod';
import type { RouteAccess } from '../routes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  method: HttpMethod;
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** OpenAPI tag: the area of the product. */
  tag: string;
  /** `public`: no session; `login`: any session; else any of the roles. */
  access: RouteAccess;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data` on success. */
  response: z.ZodType;
  /** Forms post as multipart (docs/product/api-conventions.md#multipart); the server accepts JSON and multipart alike. */
  multipart?: boolean;
}

export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends as the query string. */
export type EndpointQuery<E extends EndpointDefinition> = InputOf<E['query']>;
/** What a caller sends as the body. */
export type EndpointBody<E extends EndpointDefinition> = InputOf<E['body']>;
/** The `data` a caller receives. */
export type EndpointResponse<E extends EndpointDefinition> = z.output<E['response']>;
/** What a handler receives after validation. */
export type ParsedQuery<E extends EndpointDefinition> = OutputOf<E['query']>;
export type ParsedBody<E extends EndpointDefinition> = OutputOf<E['body']>;
