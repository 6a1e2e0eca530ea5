/** What a permission-matrix sample is: a request that succeeds for an allowed caller. */
import type { Database } from '../../db/client.js';
import type { TestUser } from '../factories.js';
import type { FilePart } from '../http.js';

export interface SampleContext {
  user: TestUser;
  /** Another user, the target of user-management calls. */
  other: TestUser;
  /** The test database, for fixtures the sample acts on. */
  db: Database;
}

export interface SampleRequest {
  body?: unknown;
  query?: Record<string, string | number>;
  /** File parts (the material upload): sent as multipart with `fields`. */
  files?: FilePart[];
  fields?: Record<string, string>;
}

/** A request that succeeds for an allowed caller; may build its own fixtures first. */
export type Sample = (context: SampleContext) => SampleRequest | Promise<SampleRequest>;
