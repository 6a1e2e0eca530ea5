/**
 * A creative's links at save (docs/decisions/urls-and-cookies.md): hostile deep links are
 * refused on deeplink_url, and monitor links that reach loopback or private addresses are
 * refused by the outbound URL guard on their own path; nothing is written either way.
 */
import { CREATIVE_RULE_MESSAGES, ENDPOINTS } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISER_ABILITY, buildSigned } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import type { Resolver } from '../../outbound/url-guard.js';
import { monitorUrlIssues } from './monitor-links.js';
import {
  buildStyles,
  create,
  creativeCount,
  creativeRow,
  issuesOf,
  send,
  textBody,
  type Styles,
} from './test-kit.js';

let t: TestApp;
let styles: Styles;

beforeAll(async () => {
  t = await createTestApp();
  styles = await buildStyles(t.db);
});
afterAll(async () => {
  await t.close();
});

const advertiser = () => buildSigned(t.db, { ability: ADVERTISER_ABILITY });
const PRIVATE = CREATIVE_RULE_MESSAGES.privateAddress.en;

const HOSTILE_DEEPLINKS = [
  'javascript://%0aalert(1)',
  'JavaScript://x',
  ' javascript://x',
  'java\tscript://x',
  '\u0000javascript://x',
  'java\u200bscript://x',
  '%6Aavascript://x',
  '&#106;avascript://x',
  'vbscript://x',
  'data://text/html,x',
  'file:///etc/passwd',
  'about://blank',
  'blob://x',
  'intent://x#Intent;scheme=javascript;end',
];

describe('deep links at save', () => {
  it.each(HOSTILE_DEEPLINKS)('refuses %j on create and modify', async (deeplink) => {
    const me = await advertiser();
    const refused = await create(
      t.app,
      me.token,
      textBody(styles.text.id, { deeplink_url: deeplink }),
    );
    expectCode(refused, -120, 400);
    expect(Object.keys(issuesOf(refused))).toEqual(['deeplink_url']);
    expect(await creativeCount(t.db, me.user.id)).toBe(0);

    const made = await create(t.app, me.token, textBody(styles.text.id));
    expectCode(made, 200, 200);
    const modified = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id: made.body.data.id,
      deeplink_url: deeplink,
    });
    expectCode(modified, -120, 400);
    expect(Object.keys(issuesOf(modified))).toEqual(['deeplink_url']);
    expect((await creativeRow(t.db, made.body.data.id))?.deeplinkUrl).toBe('');
  });

  it('names a forbidden scheme in its message', async () => {
    const me = await advertiser();
    const refused = await create(
      t.app,
      me.token,
      textBody(styles.text.id, { deeplink_url: 'javascript://x' }),
    );
    expect(issuesOf(refused)).toEqual({
      deeplink_url: CREATIVE_RULE_MESSAGES.deeplinkScheme.en,
    });
  });

  it('saves app, intent and http(s) deep links', async () => {
    const me = await advertiser();
    for (const deeplink of [
      'shoes://sale/spring',
      'intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end',
      'https://shop.example.com/app/12',
    ]) {
      const made = await create(
        t.app,
        me.token,
        textBody(styles.text.id, { deeplink_url: deeplink }),
      );
      expectCode(made, 200, 200);
      expect(made.body.data.deeplink_url).toBe(deeplink);
    }
  });
});

describe('monitor links at save', () => {
  it.each([
    'http://127.0.0.1/imp',
    'http://127.8.9.10:8080/imp',
    'http://10.0.0.7/imp',
    'http://192.168.1.1/imp',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/imp',
    'http://[::ffff:127.0.0.1]/imp',
    'http://2130706433/imp',
    'http://0x7f.1/imp',
    'http://localhost:3000/imp',
    'http://tracker.localhost/imp',
  ])('refuses %j on its own path, on create and modify', async (url) => {
    const me = await advertiser();
    const refused = await create(
      t.app,
      me.token,
      textBody(styles.text.id, {
        impression_monitor_urls: ['https://203.0.114.9/fine', url],
        click_monitor_urls: [url],
      }),
    );
    expectCode(refused, -120, 400);
    expect(issuesOf(refused)).toEqual({
      'impression_monitor_urls.1': PRIVATE,
      'click_monitor_urls.0': PRIVATE,
    });
    expect(await creativeCount(t.db, me.user.id)).toBe(0);

    const made = await create(t.app, me.token, textBody(styles.text.id));
    const modified = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id: made.body.data.id,
      click_monitor_urls: [url],
    });
    expectCode(modified, -120, 400);
    expect(issuesOf(modified)).toEqual({ 'click_monitor_urls.0': PRIVATE });
    expect((await creativeRow(t.db, made.body.data.id))?.clickMonitorUrls).toEqual([]);
  });

  it('saves public monitor links', async () => {
    const me = await advertiser();
    const made = await create(
      t.app,
      me.token,
      textBody(styles.text.id, { impression_monitor_urls: ['https://203.0.114.9/imp'] }),
    );
    expectCode(made, 200, 200);
    expect(made.body.data.impression_monitor_urls).toEqual(['https://203.0.114.9/imp']);
  });
});

describe('monitorUrlIssues', () => {
  const resolverOf =
    (table: Record<string, string[]>): Resolver =>
    async (hostname) => {
      const addresses = table[hostname];
      if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const resolve = resolverOf({
    'loopback.example': ['127.0.0.1'],
    'mixed.example': ['203.0.114.9', '10.1.2.3'],
    'v6.example': ['::1'],
    'public.example': ['203.0.114.9'],
  });

  it('refuses a name that resolves to a loopback or private address', async () => {
    const issues = await monitorUrlIssues(
      {
        impression_monitor_urls: ['https://public.example/i', 'https://loopback.example/i'],
        click_monitor_urls: ['https://mixed.example/c', 'https://v6.example/c'],
      },
      { allowPrivate: false, resolve },
    );
    expect(issues).toMatchObject([
      { path: 'impression_monitor_urls.1', message: PRIVATE },
      { path: 'click_monitor_urls.0', message: PRIVATE },
      { path: 'click_monitor_urls.1', message: PRIVATE },
    ]);
  });

  it('lets the operator allow private networks (DSP_ALLOW_PRIVATE_NETWORKS)', async () => {
    const issues = await monitorUrlIssues(
      { click_monitor_urls: ['https://loopback.example/c', 'http://127.0.0.1/c'] },
      { allowPrivate: true, resolve },
    );
    expect(issues).toEqual([]);
  });

  it('refuses credentials in a monitor link', async () => {
    const issues = await monitorUrlIssues(
      { click_monitor_urls: ['https://user:secret@public.example/c'] },
      { allowPrivate: false, resolve },
    );
    expect(issues).toMatchObject([
      { path: 'click_monitor_urls.0', message: CREATIVE_RULE_MESSAGES.urlCredentials.en },
    ]);
  });
});
