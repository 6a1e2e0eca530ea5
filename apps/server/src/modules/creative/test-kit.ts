/** Fixtures of the creative route tests: one style per type, materials, requests. */
import {
  AdStyleType,
  ENDPOINTS,
  TranscodeState,
  type Creative,
  type EndpointDefinition,
} from '@adloom/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { creatives } from '../../db/schema.js';
import { buildMaterial } from '../../test/ad-factories.js';
import { call } from '../../test/settings.js';
import { buildStyle } from '../../test/settings-factories.js';

const size = (width: number, height: number) => ({ width, height });

/** The demo styles' shapes (seed.ts), each a fresh row. */
export async function buildStyles(db: Database) {
  const [text, imageOnly, bigImage, threeImages, video, inactive] = await Promise.all([
    buildStyle(db, {
      type: AdStyleType.text,
      meta: ['title', 'description', 'actionText'],
      titleLength: 30,
      descriptionLength: 0,
    }),
    buildStyle(db, {
      type: AdStyleType.imageOnly,
      imgSize: size(1200, 628),
      meta: ['image'],
      titleLength: 0,
      descriptionLength: 0,
    }),
    buildStyle(db, {
      type: AdStyleType.bigImage,
      iconSize: size(120, 120),
      imgSize: size(1200, 628),
      meta: ['title', 'description', 'icon', 'image', 'actionText', 'appName'],
      titleLength: 30,
      descriptionLength: 90,
    }),
    buildStyle(db, {
      type: AdStyleType.threeImages,
      img3Size: size(360, 240),
      meta: ['title', 'groupImages'],
      titleLength: 30,
      descriptionLength: 0,
    }),
    buildStyle(db, {
      type: AdStyleType.video,
      videoSize: size(1280, 720),
      meta: ['title', 'video'],
      titleLength: 30,
      descriptionLength: 0,
    }),
    buildStyle(db, { type: AdStyleType.text, meta: ['title'], status: 1 }),
  ]);
  return { text, imageOnly, bigImage, threeImages, video, inactive };
}
export type Styles = Awaited<ReturnType<typeof buildStyles>>;

export const image = (db: Database, ownerId: number, width = 1200, height = 628, status = 0) =>
  buildMaterial(db, ownerId, { kind: 'image', width, height, status });

export const video = (
  db: Database,
  ownerId: number,
  transcodeState: number = TranscodeState.transcoded,
) =>
  buildMaterial(db, ownerId, {
    kind: 'video',
    mime: 'video/mp4',
    ext: 'mp4',
    width: 1280,
    height: 720,
    durationMs: 15_000,
    transcodeState,
    transcodedKey: transcodeState === TranscodeState.transcoded ? `test/${ownerId}-web.mp4` : null,
    thumbnailKey: `test/${ownerId}-thumb.jpg`,
  });

/** A valid Text creative body; `overrides` change it. */
export const textBody = (styleId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Spring sale',
  style_id: styleId,
  language: 'en',
  os: 0,
  title: 'Spring sale: 30% off',
  description: 'Every shoe, this week only',
  click_action: 2,
  click_url: 'https://example.com/spring',
  ...overrides,
});

export const send = <T = Creative>(
  app: FastifyInstance,
  endpoint: EndpointDefinition,
  token: string,
  body: unknown,
  query?: string,
) => call<T>(app, endpoint, token, { body, ...(query ? { query } : {}) });

export const create = (app: FastifyInstance, token: string, body: unknown, query?: string) =>
  send(app, ENDPOINTS.createCreative, token, body, query);

/** How many creatives a user owns: "nothing written" checks. */
export async function creativeCount(db: Database, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(creatives)
    .where(eq(creatives.ownerId, ownerId));
  return row?.value ?? 0;
}

export async function creativeRow(db: Database, id: number) {
  const [row] = await db.select().from(creatives).where(eq(creatives.id, id));
  return row;
}

/** Field path → message of a -120 answer. */
export function issuesOf(result: {
  body: { code: number; data: unknown };
}): Record<string, string> {
  const data = result.body.data as { fields?: { path: string; message: string }[] } | null;
  return Object.fromEntries((data?.fields ?? []).map((field) => [field.path, field.message]));
}
