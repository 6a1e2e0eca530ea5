/**
 * The transport of the Prebid-facing endpoints (/openrtb2/auction, /dsp/openrtb2, /cookie_sync,
 * /setuid), in a context of their own so that none of it runs on /serve/ad or /track/*:
 * - CORS for any publisher origin with credentials (Prebid.js calls with `withCredentials`):
 *   the Origin echoed, `Access-Control-Allow-Credentials: true`, `Vary: Origin`, preflights
 *   answered;
 * - JSON read as `application/json`, `text/plain` (what Prebid.js sends, to skip a preflight)
 *   or with no content type at all (OpenRTB 2.6 says to assume JSON);
 * - request bodies in gzip, deflate or br (`Content-Encoding`), answers in br or gzip when
 *   `Accept-Encoding` asks and they are worth it (@fastify/compress);
 * - cookies read and set with @fastify/cookie (the user id of user-sync.ts);
 * - `x-openrtb-version` on every answer, errors in OpenRTB's shape: a BidResponse with `nbr`
 *   and the reason, never the console's envelope.
 */
import { OPENRTB_VERSION, NO_BID_REASON } from '@adloom/domain';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves nothing. */
const COMPRESS_THRESHOLD_BYTES = 512;
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** The request headers a preflight allows when the browser names none. */
const ALLOWED_HEADERS = 'Content-Type, Content-Encoding, X-OpenRTB-Version';

/** What a refused request is told: a BidResponse with the no-bid reason and why. */
export interface OpenRtbErrorBody {
  id: string;
  nbr: number;
  ext: { error: { field?: string; message: string } };
}

export function openRtbErrorBody(
  id: string,
  message: string,
  field?: string,
  nbr: number = NO_BID_REASON.invalidRequest,
): OpenRtbErrorBody {
  return { id, nbr, ext: { error: field ? { field, message } : { message } } };
}

/** A 400 naming the field. */
export function refuse(reply: FastifyReply, id: string, field: string, message: string) {
  return reply.code(400).send(openRtbErrorBody(id, `${field}: ${message}`, field));
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'the request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'the request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'unsupported content type: send JSON as application/json or text/plain',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'the request body does not match its Content-Length',
};

function handleTransportError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'openrtb: request failed');
    return reply
      .code(500)
      .send(openRtbErrorBody('', 'technical error', undefined, NO_BID_REASON.technicalError));
  }
  const message = (error.code && CLIENT_ERROR_MESSAGES[error.code]) || error.message;
  return reply.code(status).send(openRtbErrorBody('', message, 'body'));
}

/**
 * The body as JSON whatever the content type says, as long as it says JSON, plain text or
 * nothing; the parser keeps Fastify's guard against `__proto__` keys.
 */
function registerJsonParsers(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'ignore');
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, parseJson);
  // '*' also catches a body without a content type; any other type is refused.
  scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (request.headers['content-type'] !== undefined) {
      const error = Object.assign(new Error(CLIENT_ERROR_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE), {
        statusCode: 415,
      });
      done(error, undefined);
      return;
    }
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done);
  });
}

/** CORS for credentialed calls from any page: every answer carries it, errors included. */
function corsHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (origin) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
  }
  reply.header('vary', 'Origin');
}

export interface PrebidFacingRoute {
  method: 'GET' | 'POST';
  url: string;
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** The Prebid-facing routes in their own context, with the transport above. */
export function registerPrebidFacing(
  app: FastifyInstance,
  routes: readonly PrebidFacingRoute[],
): void {
  void app.register(async (scope) => {
    registerJsonParsers(scope);
    await scope.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      requestEncodings: ['gzip', 'deflate', 'br'],
      threshold: COMPRESS_THRESHOLD_BYTES,
    });
    // The user id cookie of the sync endpoints, read on the auction for frequency caps.
    await scope.register(fastifyCookie);
    scope.setErrorHandler(handleTransportError);
    scope.addHook('onRequest', (request, reply, done) => {
      corsHeaders(request, reply);
      reply.header('x-openrtb-version', OPENRTB_VERSION);
      done();
    });
    for (const route of routes) {
      scope.route({
        method: route.method as HTTPMethods,
        url: route.url,
        schema: { hide: true },
        handler: route.handler,
      });
      scope.options(route.url, { schema: { hide: true } }, (request, reply) => {
        const asked = request.headers['access-control-request-headers'];
        return reply
          .code(204)
          .header('access-control-allow-methods', `${route.method}, OPTIONS`)
          .header('access-control-allow-headers', asked || ALLOWED_HEADERS)
          .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
          .send();
      });
    }
  });
}
