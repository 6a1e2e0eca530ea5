/**
 * Materials (/ad/resource): the library, the upload (streamed, sniffed, capped), rename and
 * switch, the files themselves, and the background transcoder (closed with the app).
 */
import { AppError, ENDPOINTS, UPLOAD_MAX_BYTES } from '@adloom/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { registerEndpoint } from '../../http/endpoint.js';
import { handleError } from '../../http/error-handler.js';
import { registerFileRoutes } from './files.js';
import {
  getMaterial,
  listMaterials,
  modifyMaterial,
  switchMaterial,
  uploadMaterial,
  type MaterialServices,
} from './service.js';
import { LocalStorage } from './storage.js';
import { TranscodeQueue } from './transcode.js';
import { discardStaged, fileReceiver, stagedUploads } from './upload.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background video transcoder (main.ts resumes it after a restart). */
    transcodes: TranscodeQueue;
  }
}

/** Staging files older than this at start-up were left by a crash. */
const STALE_STAGING_MS = 60 * 60_000;

/** busboy's words for a body that ends early or is not multipart as it claims. */
const MALFORMED_MULTIPART = /multipart|part terminated early|malformed part header/i;

/** The multipart plugin's own refusals of an upload, as the field `file`. */
function uploadError(error: unknown): FastifyError | Error {
  const code = (error as Partial<FastifyError> | null)?.code;
  if (code === 'FST_FILES_LIMIT') return AppError.field('file', 'upload.single');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return AppError.field('file', 'upload.size');
  if (error instanceof Error && !code && MALFORMED_MULTIPART.test(error.message)) {
    return AppError.field('file', 'upload.cutOff');
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The transcoder as an app-wide service (not encapsulated): the console's routes use it and
 * main.ts resumes it, from outside the console's context. Closed with the app.
 */
export const materialWork = fastifyPlugin(
  async (app: FastifyInstance) => {
    const transcodes = new TranscodeQueue({
      db: app.db,
      storage: new LocalStorage(app.config.uploadDir),
      ffmpeg: app.config.ffmpegPath,
      log: app.log,
    });
    app.decorate('transcodes', transcodes);
    app.addHook('onClose', () => transcodes.close());
  },
  { name: 'material-work' },
);

export async function registerMaterialRoutes(app: FastifyInstance): Promise<void> {
  const storage = new LocalStorage(app.config.uploadDir);
  const services: MaterialServices = {
    storage,
    transcodes: app.transcodes,
    config: app.config,
    log: app.log,
  };

  registerEndpoint(app, ENDPOINTS.listMaterials, async ({ db, auth, query }) =>
    listMaterials(db, auth, query),
  );
  registerEndpoint(app, ENDPOINTS.getMaterial, async ({ db, auth, query }) =>
    getMaterial(db, auth, query.id),
  );
  registerEndpoint(app, ENDPOINTS.modifyMaterial, async ({ db, auth, body }) =>
    modifyMaterial({ db, auth }, body),
  );
  registerEndpoint(app, ENDPOINTS.switchMaterial, async ({ db, auth, body }) =>
    switchMaterial({ db, auth }, body),
  );

  // The upload in a context of its own: its file refusals name `file`, and whatever is
  // still staged once the answer is sent (a refused or failed upload) is deleted.
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) =>
      handleError(uploadError(error), request, reply),
    );
    scope.addHook('onResponse', async (request) => discardStaged(request));
    registerEndpoint(
      scope,
      ENDPOINTS.uploadMaterial,
      async ({ db, auth, body, request }) =>
        uploadMaterial({ db, auth }, services, stagedUploads(request), body),
      {
        config: {
          multipartOptions: { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES } },
          receiveFile: fileReceiver(storage),
        },
      },
    );
  });

  registerFileRoutes(app, storage);
}

/** After start: clears staging left by a crash and resumes videos left transcoding. */
export async function resumeMaterialWork(app: FastifyInstance): Promise<void> {
  const storage = new LocalStorage(app.config.uploadDir);
  const swept = await storage.sweepStaging(STALE_STAGING_MS);
  const resumed = await app.transcodes.resume();
  if (swept || resumed) app.log.info({ swept, resumed }, 'material work resumed');
}
