/**
 * Plans and their strategies (docs/product/console.md#screens /ad/plan, docs/product/advertising.md#plans, docs/product/advertising.md#targeting, docs/product/advertising.md#plan-status,
 * docs/product/messages-and-codes.md#form-messages). Money is integer micros both ways; the schedule is seven lists of hours
 * (Monday first) in UTC+00:00. Bodies are JSON: schedules and targeting are nested.
 *
 * One file per part under plan/ (targeting, plans, strategies, endpoints); this index is what
 * the package exports.
 */
export * from './plan/targeting.js';
export * from './plan/plans.js';
export {
  ZStrategyFields,
  type StrategyFields,
  ZStrategy,
  type Strategy,
  ZPlanDetail,
  type PlanDetail,
} from './plan/strategies.js';
export * from './plan/endpoints.js';
