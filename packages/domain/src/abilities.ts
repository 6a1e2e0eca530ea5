/**
 * Ability bits (docs/product/roles-and-access.md#abilities) and the roles derived from them (docs/product/roles-and-access.md#roles). This file is the only
 * place roles are derived: the server authorises with it and the console filters with it.
 */
import type { Label } from './labels.js';

export interface AbilityBit extends Label {
  value: number;
  /** What holding the bit allows, in both languages (shown in the assignment UI). */
  meaning: Label;
}

export const Ability = {
  login: 1,
  userChannel: 2,
  userAgent: 4,
  userManage: 64,
  adManage: 128,
  adManageAdvanced: 256,
  exam: 512,
  examAdvanced: 1024,
  charger: 2048,
  slot: 4096,
  ssp: 8192,
  systemManage: 262144,
} as const;
export type AbilityName = keyof typeof Ability;

export const ABILITY_BITS: Record<AbilityName, AbilityBit> = {
  login: {
    value: Ability.login,
    en: 'Login',
    zh: '登录',
    meaning: { en: 'May sign in', zh: '可以登录' },
  },
  userChannel: {
    value: Ability.userChannel,
    en: 'Channel',
    zh: '渠道',
    meaning: {
      en: 'Self-recommended channel: creates users who belong to it, operates them, sets their revenue share',
      zh: '自荐渠道：创建归属自己的用户、代为操作并设置其分成比例',
    },
  },
  userAgent: {
    value: Ability.userAgent,
    en: 'Agent',
    zh: '代理商',
    meaning: { en: 'Agent account', zh: '代理商账户' },
  },
  userManage: {
    value: Ability.userManage,
    en: 'User management',
    zh: '用户管理',
    meaning: { en: 'Create users, change passwords, unlock', zh: '创建用户、修改密码、解锁账户' },
  },
  adManage: {
    value: Ability.adManage,
    en: 'Ad management',
    zh: '广告管理',
    meaning: { en: 'Create own ad plans, view reports', zh: '创建自己的广告计划、查看报表' },
  },
  adManageAdvanced: {
    value: Ability.adManageAdvanced,
    en: 'Advanced targeting',
    zh: '高级定向',
    meaning: { en: 'Advanced targeting', zh: '使用高级定向' },
  },
  exam: {
    value: Ability.exam,
    en: 'Audit',
    zh: '审核',
    meaning: { en: 'Review creatives of own users', zh: '审核自己用户的创意' },
  },
  examAdvanced: {
    value: Ability.examAdvanced,
    en: 'Advanced audit',
    zh: '高级审核',
    meaning: { en: 'Review all creatives', zh: '审核全部创意' },
  },
  charger: {
    value: Ability.charger,
    en: 'Top-up',
    zh: '充值',
    meaning: { en: 'Account top-up', zh: '为账户充值' },
  },
  slot: {
    value: Ability.slot,
    en: 'Slot',
    zh: '广告位',
    meaning: { en: 'Media and slot permission', zh: '媒体与广告位权限' },
  },
  ssp: {
    value: Ability.ssp,
    en: 'SSP',
    zh: 'SSP',
    meaning: { en: 'All supply-side rights', zh: '全部供应方权限' },
  },
  systemManage: {
    value: Ability.systemManage,
    en: 'System',
    zh: '系统管理',
    meaning: {
      en: 'System parameters, per-domain styles, permission assignment',
      zh: '系统参数、各域样式、权限分配',
    },
  },
};

/** Every bit at once: what the demo administrator holds. */
export const ABILITY_ALL: number = Object.values(Ability).reduce((sum, bit) => sum | bit, 0);

export function hasAbility(ability: number, bit: number): boolean {
  return (ability & bit) === bit;
}

export function abilityNames(ability: number): AbilityName[] {
  return (Object.keys(Ability) as AbilityName[]).filter((name) =>
    hasAbility(ability, Ability[name]),
  );
}

export function abilityFromNames(names: readonly AbilityName[]): number {
  return names.reduce((sum, name) => sum | Ability[name], 0);
}

export const ROLES = [
  'login',
  'distributor',
  'userAgent',
  'userManager',
  'userAllVisitor',
  'balanceCharge',
  'ad',
  'adController',
  'adManager',
  'adAllVisitor',
  'adExam',
  'adExamManager',
  'adGlobalManager',
  'slot',
  'ssp',
  'system',
] as const;
export type Role = (typeof ROLES)[number];

/** Each role holds when the ability has any one of these bits (docs/product/roles-and-access.md#roles). */
const ROLE_RULES: Record<Role, readonly number[]> = {
  login: [Ability.login],
  distributor: [Ability.userChannel],
  userAgent: [Ability.userAgent, Ability.userChannel],
  userManager: [Ability.userManage],
  userAllVisitor: [Ability.userManage, Ability.charger],
  balanceCharge: [Ability.charger],
  ad: [Ability.adManage],
  adController: [Ability.adManage],
  adManager: [Ability.adManageAdvanced],
  adAllVisitor: [Ability.adManage, Ability.exam, Ability.examAdvanced],
  adExam: [Ability.exam, Ability.examAdvanced],
  adExamManager: [Ability.examAdvanced],
  adGlobalManager: [Ability.examAdvanced, Ability.systemManage],
  slot: [Ability.slot, Ability.ssp],
  ssp: [Ability.ssp],
  system: [Ability.systemManage],
};

export function deriveRoles(ability: number): Role[] {
  return ROLES.filter((role) => ROLE_RULES[role].some((bit) => hasAbility(ability, bit)));
}

/** True when `roles` satisfies a requirement: any one of `required`, or no requirement. */
export function hasAnyRole(roles: readonly Role[], required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => roles.includes(role));
}

/** docs/product/roles-and-access.md#mock-root: mock-login root is admin with userManager, else agent. */
export function mockRootOf(roles: readonly Role[]): 'admin' | 'agent' {
  return roles.includes('userManager') ? 'admin' : 'agent';
}

/**
 * The abilities a user may grant when creating or editing an account in its reach
 * (docs/product/roles-and-access.md#granting-abilities): systemManage assigns anything (permission assignment); a user manager creates
 * ordinary accounts; a channel or an agent creates advertisers under itself. The server
 * refuses any bit outside this mask.
 */
export function grantableAbility(callerAbility: number): number {
  if (hasAbility(callerAbility, Ability.systemManage)) return ABILITY_ALL;
  let mask = 0;
  if (hasAbility(callerAbility, Ability.userManage)) {
    mask |=
      Ability.login |
      Ability.userChannel |
      Ability.userAgent |
      Ability.adManage |
      Ability.adManageAdvanced |
      Ability.exam;
  }
  if (
    hasAbility(callerAbility, Ability.userChannel) ||
    hasAbility(callerAbility, Ability.userAgent)
  ) {
    mask |= Ability.login | Ability.adManage;
  }
  return mask;
}

/** Only a channel (or the system) sets the revenue share of the users it owns. */
export function maySetRevenueShare(callerAbility: number): boolean {
  return (
    hasAbility(callerAbility, Ability.userChannel) ||
    hasAbility(callerAbility, Ability.systemManage)
  );
}
