import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './contracts/index.js';
import { creativeIssueText, isServableClickUrl } from './creative-rules.js';
import { deeplinkProblem, isAllowedDeeplink } from './deeplinks.js';
import { ClickAction } from './enums.js';

/** Hostile spellings of script, inline-content and local-file links. */
const HOSTILE_DEEPLINKS = [
  'javascript://%0aalert(1)',
  'JavaScript://%0Aalert(document.cookie)',
  'JAVASCRIPT://x',
  'jAvAsCrIpT://x',
  'java\tscript://%0aalert(1)',
  'java\nscript://x',
  'java\rscript://x',
  '\u0000javascript://x',
  '\u0001javascript://x',
  'javascript\u0000://x',
  'java\u200bscript://x',
  '\u202ejavascript://x',
  'javascript\u00a0://x',
  '\uff4aavascript://x',
  '%6Aavascript://x',
  '%6a%61vascript://x',
  '&#106;avascript://x',
  '&#x6A;avascript://x',
  'java&#x09;script://x',
  'javascript&colon;//x',
  'javascript:alert(1)',
  'javascript:/alert(1)',
  'vbscript://msgbox(1)',
  'VBScript://x',
  'livescript://x',
  'data://text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:text/html,<script>alert(1)</script>',
  'DATA://text/html,x',
  'file:///etc/passwd',
  'FILE://localhost/etc/passwd',
  'about://blank',
  'blob://https://evil.example/1',
  'filesystem://x',
  'view-source://https://evil.example',
  'myapp://x"onmouseover="alert(1)',
  'myapp://x<script>',
  'myapp://x y',
  'intent://scan/#Intent;scheme=javascript;end',
  'intent://x#Intent;scheme=JavaScript;package=com.evil;end',
  'intent://x#Intent;S.browser_fallback_url=javascript%3Aalert(1);end',
  'intent://x#Intent;S.browser_fallback_url=javascript%253Aalert(1);end',
  'intent://x#Intent;S.browser_fallback_url=data%3Atext%2Fhtml%2Cx;end',
];

const FINE_DEEPLINKS = [
  'myapp://product/12',
  'shoes://sale/spring?src=ad&id=7#top',
  'fb://profile/33138223345',
  'com.example.app://open',
  'https://shop.example.com/app/product/12',
  'http://example.com/x',
  'myapp://search?q=%E5%95%86%E5%93%81',
  'myapp://商品/12',
  'intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end',
  'intent://x#Intent;package=com.example;S.browser_fallback_url=https%3A%2F%2Fexample.com%2Fapp;end',
  'javascripts://not-script',
];

describe('deeplinkProblem', () => {
  it.each(HOSTILE_DEEPLINKS)('refuses %j', (link) => {
    expect(deeplinkProblem(link)).toBeDefined();
    expect(isAllowedDeeplink(link)).toBe(false);
  });

  it.each(FINE_DEEPLINKS)('accepts %j', (link) => {
    expect(deeplinkProblem(link)).toBeUndefined();
  });

  it('accepts no deep link', () => {
    expect(deeplinkProblem('')).toBeUndefined();
  });

  it('names a forbidden scheme apart from a malformed link', () => {
    expect(deeplinkProblem('javascript://x')).toBe('deeplinkScheme');
    expect(deeplinkProblem('not a link')).toBe('deeplinkFormat');
    expect(deeplinkProblem('%6Aavascript://x')).toBe('deeplinkFormat');
  });

  it('has its messages in both languages', () => {
    for (const rule of ['deeplinkFormat', 'deeplinkScheme'] as const) {
      expect(creativeIssueText({ rule }, 'zh')).not.toBe(creativeIssueText({ rule }, 'en'));
    }
  });
});

describe('the creative contract', () => {
  const body = (deeplink_url: string) => ({
    name: 'Spring',
    style_id: 1,
    language: 'en',
    os: 0,
    click_action: ClickAction.openUrl,
    click_url: 'https://example.com',
    deeplink_url,
  });

  it.each(HOSTILE_DEEPLINKS)('refuses the deep link %j on deeplink_url', (link) => {
    for (const schema of [ENDPOINTS.createCreative.body, ENDPOINTS.modifyCreative.body]) {
      const parsed = schema.safeParse({ id: 1, ...body(link) });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['deeplink_url']);
    }
  });

  it('trims and keeps a fine deep link', () => {
    const parsed = ENDPOINTS.createCreative.body.parse(body('  myapp://product/12 '));
    expect(parsed.deeplink_url).toBe('myapp://product/12');
  });
});

describe('isServableClickUrl', () => {
  it('serves what the click action asks for', () => {
    expect(isServableClickUrl(ClickAction.openUrl, 'https://example.com/x')).toBe(true);
    expect(isServableClickUrl(ClickAction.telephone, 'tel:+33123456789')).toBe(true);
    expect(isServableClickUrl(ClickAction.noAction, '')).toBe(true);
  });

  it.each([
    [ClickAction.openUrl, 'javascript:alert(1)'],
    [ClickAction.openUrl, 'https://example.com/\u0000x'],
    [ClickAction.openUrl, 'https://example.com/\r\nSet-Cookie:x'],
    [ClickAction.downloadApp, 'data:text/html,x'],
    [ClickAction.telephone, 'javascript:alert(1)'],
    [ClickAction.noAction, 'https://example.com'],
  ])('refuses action %i with %j', (action, url) => {
    expect(isServableClickUrl(action, url)).toBe(false);
  });
});
