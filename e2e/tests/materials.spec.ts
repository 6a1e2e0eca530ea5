/**
 * Materials (/ad/resource): an advertiser uploads an image (shown with its dimensions) and
 * a small video (a progress bar while it goes up, then transcoding → transcoded), a
 * renamed file is refused with the server's message, and the screen reads in Chinese.
 * Media are made with ffmpeg at test time (Debian's, as the server uses).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../support/base-url';
import { openAs } from '../support/session';

let dir: string;
let image: Buffer;
let video: Buffer;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'adloom-e2e-media-'));
  const ffmpeg = (...args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=320x200', '-frames:v', '1', join(dir, 'image.png'));
  // Two seconds of noise at a high bitrate: large enough for the progress bar to be seen.
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'nullsrc=size=320x240:rate=25,geq=random(1)*255:128:128,format=yuv420p',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '10',
    '-c:a',
    'aac',
    join(dir, 'video.mp4'),
  );
  image = readFileSync(join(dir, 'image.png'));
  video = readFileSync(join(dir, 'video.mp4'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const suffix = () => Math.random().toString(36).slice(2, 8);

function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

async function openUpload(page: Page, label = 'Upload') {
  await page.getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an advertiser uploads an image and a video and watches the video transcode', async ({
  page,
}) => {
  await openAs(page, 'advertiser', '/ad/resource');
  await expect(page).toHaveTitle('Materials - Adloom');
  await expect(page.getByRole('heading', { name: 'Materials' })).toBeVisible();

  const imageName = `poster-${suffix()}.png`;
  const videoName = `clip-${suffix()}.mp4`;

  const dialog = await openUpload(page);
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: imageName, mimeType: 'image/png', buffer: image });
  await expect(dialog.getByTestId('upload-item').filter({ hasText: imageName })).toContainText(
    'Uploaded',
  );

  // Slow the upload down so its progress can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: Math.max(64 * 1024, Math.round(video.length / 3)),
  });
  await input.setInputFiles({ name: videoName, mimeType: 'video/mp4', buffer: video });
  const bar = dialog.getByRole('progressbar', { name: `Upload progress of ${videoName}` });
  await expect(bar).toBeVisible();
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const value = Number(await bar.getAttribute('aria-valuenow'));
        seen.add(value);
        return value;
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(100);
  expect([...seen].some((value) => value > 0 && value < 100)).toBe(true);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const videoItem = dialog.getByTestId('upload-item').filter({ hasText: videoName });
  await expect(videoItem).toContainText(/Transcoding|Transcoded/);
  await expect(videoItem).toContainText('Transcoded', { timeout: 60_000 });
  await page.screenshot({ path: join(tmpdir(), 'adloom-materials-upload.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // In the library: the image with its dimensions and thumbnail, the video transcoded.
  const imageRow = rowOf(page, imageName);
  await expect(imageRow).toContainText('320 x 200');
  await expect(imageRow).toContainText('Image');
  await expect(imageRow.getByRole('img', { name: imageName })).toBeVisible();
  const videoRow = rowOf(page, videoName);
  await expect(videoRow).toContainText('320 x 240');
  await expect(videoRow).toContainText('0:02');
  await expect(videoRow).toContainText('Transcoded');
  await page.screenshot({ path: join(tmpdir(), 'adloom-materials-en.png'), fullPage: true });

  // The preview plays the web MP4.
  await videoRow.getByRole('button', { name: 'Preview' }).first().click();
  const preview = page.getByRole('dialog', { name: videoName });
  const player = preview.locator('video');
  await expect(player).toHaveAttribute('src', /-web\.mp4$/);
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await page.screenshot({ path: join(tmpdir(), 'adloom-materials-preview.png') });
  await page.keyboard.press('Escape');

  // Search narrows the library.
  await page.getByRole('searchbox', { name: 'Search' }).fill(imageName);
  await expect(page.getByRole('row').filter({ hasText: videoName })).toHaveCount(0);
  await expect(rowOf(page, imageName)).toBeVisible();
});

test('a renamed file is refused with the server’s message', async ({ page }) => {
  await openAs(page, 'advertiser', '/ad/resource');
  const dialog = await openUpload(page);
  const name = `not-an-image-${suffix()}.png`;
  const fake = join(dir, name);
  writeFileSync(fake, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(512)]));
  await dialog.locator('input[type=file]').setInputFiles(fake);
  const item = dialog.getByTestId('upload-item').filter({ hasText: name });
  await expect(item).toContainText('Only jpg, png, gif, mp4 and mkv files are accepted');
  await expect(item).toContainText('Not uploaded');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('the library reads in Chinese', async ({ page, context }) => {
  await context.addCookies([{ name: 'language', value: 'zh', url: BASE_URL }]);
  await openAs(page, 'advertiser', '/ad/resource');
  await expect(page).toHaveTitle('素材库 - Adloom');
  await expect(page.getByRole('columnheader', { name: '尺寸' })).toBeVisible();
  const dialog = await openUpload(page, '上传');
  await expect(dialog).toContainText('点击或将图片、视频拖到此处');
  const name = `中文-${suffix()}.png`;
  await dialog.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: image,
  });
  await expect(dialog.getByTestId('upload-item').filter({ hasText: name })).toContainText('已上传');
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(rowOf(page, name)).toContainText('320 x 200');
  await expect(rowOf(page, name)).toContainText('图片');
  await page.screenshot({ path: join(tmpdir(), 'adloom-materials-zh.png'), fullPage: true });
});
