/** What a permission-matrix sample is: a request that succeeds for an allowed caller. */
import type { TestUser } from '../factories.js';

export interface SampleContext {
  user: TestUser;
  /** Another user, the target of user-management calls. */
  other: TestUser;
}

export interface SampleRequest {
  body?: unknown;
  query?: Record<string, string | number>;
}

/** A request that succeeds for an allowed caller; may build its own fixtures first. */
export type Sample = (context: SampleContext) => SampleRequest | Promise<SampleRequest>;
