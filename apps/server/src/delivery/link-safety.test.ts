/**
 * Links are checked again at serve (docs/decisions/urls-and-cookies.md): a creative row that
 * holds a deep link or click URL the rules refuse (saved before they tightened, or written
 * around the API) serves without that link, in the SDK answer and in the click redirect.
 */
import { Billing, ClickAction, type ServeAdAnswer } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { buildServingScenario } from './test-kit.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      TRACKING_SECRET: 'test-tracking-secret-of-at-least-32-chars',
      DELIVERY_FLUSH_MS: '60000',
    },
  });
});
afterAll(async () => {
  await t.close();
});

type ServedAnswer = Extract<ServeAdAnswer, { fill: true }>;

/** Serves the scenario's slot once; fails the test on a no-fill. */
async function serveOnce(slotId: number, uid: string): Promise<ServedAnswer> {
  await t.app.delivery().sync();
  const response = await t.app.inject({
    method: 'GET',
    url: `/serve/ad?slot_id=${slotId}&os=1&uid=${uid}`,
  });
  const body = response.json() as ServeAdAnswer;
  if (!body.fill) throw new Error(`no fill: ${body.reason}`);
  return body;
}

async function clickOf(answer: ServedAnswer) {
  const url = new URL(answer.ad.click_url);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

const HOSTILE = [
  'javascript://%0aalert(document.cookie)',
  'JavaScript://x',
  'java\tscript://x',
  'data://text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'intent://x#Intent;S.browser_fallback_url=javascript%3Aalert(1);end',
];

describe('serving a creative whose stored links break the rules', () => {
  it.each(HOSTILE)('serves it without the deep link %j', async (deeplinkUrl) => {
    const s = await buildServingScenario(t.db, {
      plan: { billing: Billing.cpm },
      creative: { deeplinkUrl },
    });
    const answer = await serveOnce(s.slot.id, 'hostile-deeplink');
    expect(answer.ad.creative_id).toBe(s.creative.id);
    expect(answer.ad.deeplink_url).toBe('');
    expect(JSON.stringify(answer).toLowerCase()).not.toMatch(/javascript|data:|data:\/\//);
    const click = await clickOf(answer);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.com/landing');
  });

  it('never redirects a click to a refused deep link (No Action, no click URL)', async () => {
    const s = await buildServingScenario(t.db, {
      creative: {
        clickAction: ClickAction.noAction,
        clickUrl: '',
        deeplinkUrl: 'javascript://%0aalert(1)',
      },
    });
    const answer = await serveOnce(s.slot.id, 'no-action');
    expect(answer.ad.deeplink_url).toBe('');
    const click = await clickOf(answer);
    expect(click.statusCode).not.toBe(302);
    expect(click.headers.location).toBeUndefined();
  });

  it('serves a stored click URL the click action refuses without it', async () => {
    const s = await buildServingScenario(t.db, {
      creative: { clickAction: ClickAction.openUrl, clickUrl: 'javascript:alert(1)' },
    });
    const answer = await serveOnce(s.slot.id, 'bad-click');
    const click = await clickOf(answer);
    expect(click.headers.location).toBeUndefined();
  });

  it('keeps a fine deep link', async () => {
    const s = await buildServingScenario(t.db, {
      creative: { deeplinkUrl: 'shoes://sale/spring' },
    });
    const answer = await serveOnce(s.slot.id, 'fine-deeplink');
    expect(answer.ad.deeplink_url).toBe('shoes://sale/spring');
  });
});
