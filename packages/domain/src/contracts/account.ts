/**
 * Platform accounts (docs/product/console.md#screens /user/manage, docs/product/roles-and-access.md#ownership): the accounts a caller may see are its own
 * ownership subtree, or everyone for user managers, fund managers and the system role.
 */
import { z } from 'zod';
import { strictNumber } from './input.js';
import { defineEndpoint } from './endpoint.js';
import { ZId, ZPage, ZPageQuery } from './common.js';
import { ZNoted } from './change.js';
import { ZUsername } from './auth.js';
import { ZStatus } from './settings.js';
import { NICKNAME_MAX_LENGTH } from './user.js';
import type { Role } from '../abilities.js';

/** Who may open the account screens: agents and channels, user managers, fund managers. */
export const ACCOUNT_READERS: readonly Role[] = ['userAgent', 'userAllVisitor', 'system'];
/** Who may create and edit accounts. */
export const ACCOUNT_WRITERS: readonly Role[] = ['userAgent', 'userManager', 'system'];

const ZUserRef = z.object({ id: z.number().int(), username: z.string(), nickname: z.string() });

export const ZAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  ability: z.number().int(),
  /** The owner (channel, agent or administrator that created it). */
  parent: ZUserRef.nullable(),
  /** Revenue share in permille (0-1000), set by a channel. */
  revenue_share: z.number().int(),
  status: z.number().int(),
  /** Balance in micros: the latest ledger entry's balance_after. */
  balance: z.number().int(),
  /** Set while sign-in is locked after failed attempts. */
  locked_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Account = z.infer<typeof ZAccount>;

export const ZRevenueShare = strictNumber(z.number().int().min(0).max(1000));

/** The create-account form; the password travels encoded (credentials.ts). */
export const ZAccountCreateForm = z.object({
  username: ZUsername,
  nickname: z.string().trim().min(1).max(NICKNAME_MAX_LENGTH),
  password: z.string().min(1).max(1024),
  ability: strictNumber(z.number().int().min(0)),
  revenue_share: ZRevenueShare.default(0),
});

export const listAccounts = defineEndpoint({
  method: 'GET',
  path: '/svc/sys/account/list',
  summary: 'A page of the accounts in your reach: search by username or nickname, filter, sort',
  tag: 'accounts',
  access: ACCOUNT_READERS,
  query: ZPageQuery.extend({
    sort: z.enum(['id', 'username', 'nickname', 'status', 'balance', 'created_at']).optional(),
    status: ZStatus.optional(),
    /** Only accounts holding every bit of this mask. */
    ability: strictNumber(z.number().int().min(0)).optional(),
    parent_id: ZId.optional(),
  }),
  response: ZPage(ZAccount),
});

export const getAccount = defineEndpoint({
  method: 'GET',
  path: '/svc/sys/account/detail',
  summary: 'One account in your reach',
  tag: 'accounts',
  access: ACCOUNT_READERS,
  query: z.object({ id: ZId }),
  response: ZAccount,
});

export const createAccount = defineEndpoint({
  method: 'POST',
  path: '/svc/sys/account/create',
  summary: 'Create an account owned by you, with abilities you may grant',
  tag: 'accounts',
  access: ACCOUNT_WRITERS,
  multipart: true,
  body: ZAccountCreateForm,
  response: ZAccount,
});

export const modifyAccount = defineEndpoint({
  method: 'PUT',
  path: '/svc/sys/account/modify',
  summary: 'Change an account in your reach (the changed fields, with an optional note)',
  tag: 'accounts',
  access: ACCOUNT_WRITERS,
  multipart: true,
  body: z
    .object({
      id: ZId,
      nickname: z.string().trim().min(1).max(NICKNAME_MAX_LENGTH).optional(),
      ability: strictNumber(z.number().int().min(0)).optional(),
      revenue_share: ZRevenueShare.optional(),
    })
    .extend(ZNoted.shape),
  response: ZAccount,
});

export const switchAccount = defineEndpoint({
  method: 'PATCH',
  path: '/svc/sys/account/switch',
  summary: 'Enable (0) or disable (1) an account in your reach; disabling signs it out',
  tag: 'accounts',
  access: ACCOUNT_WRITERS,
  multipart: true,
  body: z.object({ id: ZId, status: ZStatus }).extend(ZNoted.shape),
  response: ZAccount,
});

export const resetAccountPassword = defineEndpoint({
  method: 'PUT',
  path: '/svc/sys/account/password',
  summary: "Set an account's password (user managers); the password travels encoded",
  tag: 'accounts',
  access: ['userManager', 'system'],
  multipart: true,
  body: z.object({ id: ZId, password: z.string().min(1).max(1024) }).extend(ZNoted.shape),
  response: z.null(),
});
