/** Business constants and limits of docs/product/constants.md. */

export const REQUEST_TIMEOUT_MS = 60_000;

export const PAGE_SIZES = [10, 20, 30, 50, 100, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** The spec gives no default; 20 fits a console screen without scrolling past the fold. */
export const DEFAULT_PAGE_SIZE: PageSize = 20;

/** Income publish limit: 30 days in milliseconds. */
export const INCOME_PUBLISH_LIMIT_MS = 2_592_000_000;

export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['jpg', 'png', 'gif', 'mp4', 'mkv'] as const;
export const UPLOAD_MIME_TYPES: Record<(typeof UPLOAD_EXTENSIONS)[number], string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
};

/** Costs and schedules are arranged in UTC+00:00. */
export const SCHEDULE_TIME_ZONE = 'UTC';

/** Dropdown minimum column width in pixels. */
export const DROPDOWN_MIN_COLUMN_WIDTH = 128;

/** Cookies the console keeps (docs/product/constants.md#storage). */
export const COOKIES = {
  adminToken: 'Admin-Token',
  serviceToken: 'Go-Token',
  sidebar: 'sidebarStatus',
  language: 'language',
} as const;

/** Query parameter that sets the acting user in proxy operation (docs/product/roles-and-access.md#proxy). */
export const PROXY_QUERY_PARAM = 'user';

/** The account service's and the go service's path prefixes (docs/product/api-conventions.md#paths). */
export const SERVICE_PREFIX = '/svc';

/**
 * Sign-in protection (docs/decisions/sign-in.md): failures are counted per key and leak
 * away with time; past a key's free failures each further attempt waits a delay that doubles
 * from the first one to a cap. Nothing locks an account: a stranger's failures delay only
 * the keys that hold the stranger's own address.
 */
export interface ThrottlePolicy {
  /** Failures answered without delay. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** One counted failure is forgotten per this many seconds without a new one. */
  leakSeconds: number;
}
/** One username from one address. */
export const SIGN_IN_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  leakSeconds: 15 * 60,
};
/** One address, whatever the usernames (the server's LOGIN_IP_FREE_FAILURES may change the free ones). */
export const SIGN_IN_IP_THROTTLE: ThrottlePolicy = {
  freeFailures: 30,
  firstDelaySeconds: 1,
  maxDelaySeconds: 5 * 60,
  leakSeconds: 2 * 60,
};
/** Wrong current passwords on a password change, per account, from anywhere. */
export const PASSWORD_CHANGE_THROTTLE: ThrottlePolicy = SIGN_IN_THROTTLE;
/** Session lifetime. */
export const SESSION_TTL_HOURS = 12;

export const COMPANY_NAME = 'Adloom';
/** The product's name: the brand of the sign-in page, the console's menu and every page title. */
export const PRODUCT_TITLE = 'Adloom';
