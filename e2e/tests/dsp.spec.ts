/**
 * Demand partners (/ssp/dsp): the demo operator adds a partner (the form says 'Need to add
 * request URL' and 'JSON format error' where they apply), then runs its OpenRTB test
 * against a fake DSP this spec starts on loopback, and sees the bid with its latency — in
 * English, then in Chinese. The server must allow private networks for partner URLs
 * (DSP_ALLOW_PRIVATE_NETWORKS=true, as playwright.config.ts starts it).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { openAs } from '../support/session';

interface Seen {
  headers: IncomingHttpHeaders;
  body: { id?: string; imp?: { id?: string; tagid?: string }[]; test?: number };
}

let server: Server;
let bidUrl = '';
const seen: Seen[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Seen['body'];
      seen.push({ headers: req.headers, body });
      // A little thinking time, so the latency shown is a real measurement.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: body.id,
            cur: 'USD',
            seatbid: [
              {
                seat: 'e2e-seat',
                bid: [
                  {
                    id: 'e2e-bid',
                    impid: body.imp?.[0]?.id ?? '1',
                    price: 2.75,
                    adm: '<div>an ad</div>',
                    crid: 'e2e-creative',
                  },
                ],
              },
            ],
          }),
        );
      }, 25);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  bidUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openrtb2/bid`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

test('the operator adds a demand partner and tests it against a live bidder', async ({
  page,
  context,
  baseURL,
}) => {
  const name = `E2E Bidder ${Date.now().toString(36)}`;
  await openAs(page, 'operator', '/ssp/dsp');
  await expect(page).toHaveTitle('Demand partners (DSP) - Adloom');
  await expect(page.getByRole('tab', { name: 'Demand partners' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // The dialog opens with the spec defaults and checks as the server would.
  await page.getByRole('button', { name: 'Add demand partner' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Add demand partner' });
  await expect(dialog.getByLabel('Timeout')).toHaveValue('300');
  await expect(dialog.getByLabel('Share')).toHaveValue('1000');
  await expect(dialog.getByLabel('CPM')).toHaveValue('10.00');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Configuration (JSON)').fill('{"seat": ');
  await expect(dialog.getByText('JSON format error')).toBeVisible();
  await dialog.getByLabel('Configuration (JSON)').fill('{"seat": "e2e"}');
  await expect(dialog.getByText('JSON format error')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Need to add request URL')).toBeVisible();
  await page.screenshot({ path: '/tmp/dsp-e2e-dialog.png' });

  await dialog.getByLabel('Request URL').fill(bidUrl);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = rowOf(page, name);
  await expect(row).toContainText('OpenRTB 2.6 bidding');
  await expect(row).toContainText('300 ms');
  await page.screenshot({ path: '/tmp/dsp-e2e-list.png', fullPage: true });

  // The test action: a real OpenRTB 2.6 request reaches the bidder, the bid comes back.
  await row.getByRole('button', { name: 'Test' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `Test bid request — ${name}` });
  await expect(drawer.locator('[data-outcome="bid"]')).toHaveText('Bid');
  await expect(drawer.getByTestId('dsp-test-latency')).toHaveText(/^\d+ ms \(timeout 300 ms\)$/);
  await expect(drawer.getByTestId('dsp-test-price')).toHaveText('$2.75');
  await expect(drawer).toContainText('e2e-creative');
  await page.screenshot({ path: '/tmp/dsp-e2e-test.png' });
  // The request sent is shown, collapsed until asked for.
  await drawer.getByText('Request sent (OpenRTB 2.6 BidRequest)').click();
  // The one the bidder received with the id the drawer shows: another spec's auction running
  // in the other worker may call a partner too, so the bidder's last request need not be it.
  const shown = await drawer.innerText();
  const request = seen.find((received) => received.body.id && shown.includes(received.body.id));
  expect(request, 'the bidder received the request the drawer shows').toBeDefined();
  expect(request?.headers['x-openrtb-version']).toBe('2.6');
  expect(request?.body).toMatchObject({ test: 1, imp: [{ id: '1' }] });
  await expect(drawer).toContainText(String(request?.body.id));
  await drawer.getByRole('button', { name: 'Close' }).click();

  // In Chinese: the same test, its outcome and latency in Chinese.
  await context.addCookies([{ name: 'language', value: 'zh', url: baseURL ?? '' }]);
  await page.reload();
  await expect(page.getByRole('tab', { name: '需求方' })).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索' }).fill(name);
  await rowOf(page, name).getByRole('button', { name: '测试' }).click();
  const zhDrawer = page.getByRole('dialog').filter({ hasText: `测试竞价请求 — ${name}` });
  await expect(zhDrawer.locator('[data-outcome="bid"]')).toHaveText('出价');
  await expect(zhDrawer.getByTestId('dsp-test-latency')).toHaveText(/^\d+ 毫秒（超时 300 毫秒）$/);
  await page.screenshot({ path: '/tmp/dsp-e2e-test-zh.png' });
});
