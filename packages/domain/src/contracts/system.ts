/**
 * System parameters (issue 19): operator-set values under /system/parameter. The fund approval
 * threshold travels as a decimal amount of currency units and is stored and answered in micros.
 */
import { msg } from '../messages.js';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZNoted } from './change.js';
import { ZAmount } from './fund.js';

export const ZSystemParameters = z.object({
  /** Credits above this many micros wait for a second fund manager. */
  fund_approval_threshold: z.number().int(),
  /** Null until an operator first saves them (the defaults apply). */
  updated_at: z.string().nullable(),
});
export type SystemParameters = z.infer<typeof ZSystemParameters>;

/** The form's fields, also what the console validates with. */
export const ZSystemParametersForm = z.object({
  fund_approval_threshold: ZAmount.refine((micros) => micros >= 0, {
    ...msg('settings.atLeastZero'),
  }),
});

export const getSystemParameters = defineEndpoint({
  method: 'GET',
  path: '/svc/setting/system/detail',
  summary: 'The system parameters (fund managers read the approval threshold)',
  tag: 'settings',
  access: ['system', 'balanceCharge'],
  response: ZSystemParameters,
});

export const modifySystemParameters = defineEndpoint({
  method: 'PUT',
  path: '/svc/setting/system/modify',
  summary: 'Change the system parameters (noted)',
  tag: 'settings',
  access: ['system'],
  multipart: true,
  body: ZSystemParametersForm.extend(ZNoted.shape),
  response: ZSystemParameters,
});
