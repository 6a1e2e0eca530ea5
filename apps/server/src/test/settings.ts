/** Helpers for the settings route tests: a system user, notes, change-log reads. */
import { Ability, type EndpointDefinition } from '@adloom/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { changeLog } from '../db/schema.js';
import { buildSession, buildUser, type TestUser } from './factories.js';
import { api, type ApiResult } from './http.js';

export const SYSTEM_ABILITY = Ability.login | Ability.systemManage;

export interface Actor {
  user: TestUser;
  token: string;
}

export async function buildActor(db: Database, ability = SYSTEM_ABILITY): Promise<Actor> {
  const user = await buildUser(db, { ability });
  return { user, token: await buildSession(db, user.id) };
}

/** A note as the console sends it: a JSON string. */
export function noteOf(comment: string, targetType = 'country', method = 'modify'): string {
  return JSON.stringify({
    target_type: targetType,
    method,
    target: 1,
    value_before: '{"client":"before"}',
    value_after: '{"client":"after"}',
    comment,
  });
}

/** Every change_log row of one object, oldest first. */
export async function changesOf(db: Database, targetType: string, targetId: number) {
  return db
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.targetType, targetType), eq(changeLog.targetId, targetId)))
    .orderBy(asc(changeLog.id));
}

/** How many change_log rows an actor wrote: "nothing written" checks. */
export async function changeCountBy(db: Database, actorId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(changeLog)
    .where(eq(changeLog.actorId, actorId));
  return row?.value ?? 0;
}

/** Calls an endpoint with JSON (or multipart when `multipart` is given). */
export function call<T = unknown>(
  app: FastifyInstance,
  endpoint: EndpointDefinition,
  token: string,
  input: { body?: unknown; multipart?: Record<string, string>; query?: string } = {},
): Promise<ApiResult<T>> {
  return api<T>(app, {
    method: endpoint.method,
    url: input.query ? `${endpoint.path}?${input.query}` : endpoint.path,
    token,
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.multipart ? { multipart: input.multipart } : {}),
  });
}
