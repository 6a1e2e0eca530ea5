/** What the app adds to Fastify's instance and requests. */
import type { Role } from '@adloom/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Account } from '../modules/user/repo.js';

export interface AuthContext {
  /** The person signed in (the caller). */
  realUser: Account;
  /** The user acted for: the proxy target (`user=`), else the caller. */
  actingUser: Account;
  /** The acting user's roles: what access checks use. */
  roles: Role[];
  /** True when acting for someone else. */
  proxied: boolean;
  /** Every token the request carried (X-Token, Authorization: Bearer). */
  tokens: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
  interface FastifyRequest {
    /** Set on every non-public endpoint once the caller is authenticated. */
    auth: AuthContext | null;
  }
}
