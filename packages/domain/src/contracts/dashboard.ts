import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const ZTrendPoint = z.object({
  date: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  cost: z.number().int(),
  income: z.number().int(),
});

/**
 * The dashboard cards (spec §2). Money in micros. A count is null while the module that
 * owns it has not been built, so the console can say so instead of showing a false zero.
 */
export const ZDashboardSummary = z.object({
  balance: z.number().int(),
  spendToday: z.number().int(),
  costThisMonth: z.number().int(),
  incomeToday: z.number().int(),
  incomeYesterday: z.number().int(),
  incomeThisMonth: z.number().int(),
  incomeLastMonth: z.number().int(),
  livePlans: z.number().int().nullable(),
  shortBalancePlans: z.number().int().nullable(),
  creativesUnderAudit: z.number().int().nullable(),
  creativesFailed: z.number().int().nullable(),
  trend: z.array(ZTrendPoint),
});
export type DashboardSummary = z.infer<typeof ZDashboardSummary>;

export const dashboardSummary = defineEndpoint({
  method: 'GET',
  path: '/svc/dashboard/summary',
  summary: 'Dashboard cards and the 30-day trend of the acting user',
  tag: 'dashboard',
  access: 'login',
  response: ZDashboardSummary,
});
