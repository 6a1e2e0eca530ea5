import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ENDPOINTS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  type Material,
  type ChangeEntry,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../db/schema.js';
import {
  buildSigned,
  buildTenant,
  invalidFields,
  type Signed,
  type Tenant,
} from '../../test/accounts.js';
import { buildMaterial } from '../../test/ad-factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, expectCode, type FilePart } from '../../test/http.js';
import { call, changesOf, noteOf } from '../../test/settings.js';
import {
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
  elfBytes,
  filesUnder,
  imageBytes,
  oversizeMultipart,
  peBytes,
  videoBytes,
  videoStream,
} from './test-kit.js';

type Page = { list: Material[]; total: number };

let t: TestApp;
let uploadDir: string;
let a: Tenant;
let b: Tenant;
let mp4: Buffer;
let mkv: Buffer;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'adloom-material-test-'));
  t = await createTestApp({ env: { UPLOAD_DIR: uploadDir } });
  a = await buildTenant(t.db, 'a');
  b = await buildTenant(t.db, 'b');
  [mp4, mkv] = await Promise.all([videoBytes('mp4'), videoBytes('mkv')]);
});
afterAll(async () => {
  await t?.close();
  await rm(uploadDir, { recursive: true, force: true });
});

const upload = (
  token: string,
  files: FilePart[],
  fields: Record<string, string> = {},
  app = t.app,
  query = '',
) =>
  api<Material>(app, {
    method: 'POST',
    url: `${ENDPOINTS.uploadMaterial.path}${query}`,
    token,
    files,
    multipart: fields,
  });

async function uploaded(token: string, file: FilePart, fields: Record<string, string> = {}) {
  const result = await upload(token, [file], fields);
  expectCode(result, 200, 200);
  expect(ENDPOINTS.uploadMaterial.response.safeParse(result.body.data).success).toBe(true);
  return result.body.data;
}

const detail = (token: string, id: number, query = '') =>
  call<Material>(t.app, ENDPOINTS.getMaterial, token, { query: `id=${id}${query}` });
const list = (token: string, query = '') =>
  call<Page>(t.app, ENDPOINTS.listMaterials, token, { query: `size=100${query}` });
const ids = (page: Page) => page.list.map((material) => material.id).sort((x, y) => x - y);
const rowsOf = (ownerId: number) =>
  t.db.select().from(materials).where(eq(materials.ownerId, ownerId));

async function fetchFile(url: string, headers: Record<string, string> = {}, app = t.app) {
  return app.inject({ method: 'GET', url, headers });
}

/** Polls the material until its transcode has settled (state 1 or 2). */
async function settled(token: string, id: number, app = t.app): Promise<Material> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const result = await call<Material>(app, ENDPOINTS.getMaterial, token, { query: `id=${id}` });
    if (result.body.data.transcode_state !== 0) return result.body.data;
    if (Date.now() > deadline) throw new Error(`material ${id} still transcoding`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('upload', () => {
  it.each([
    ['jpg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
  ] as const)(
    'stores a %s with its type, size, dimensions and a JPEG thumbnail',
    async (ext, mime) => {
      const content = await imageBytes(ext);
      const material = await uploaded(a.alpha.token, {
        filename: `banner.${ext}`,
        content,
        contentType: mime,
      });
      expect(material).toMatchObject({
        owner: { id: a.alpha.user.id, username: a.alpha.user.username },
        name: `banner.${ext}`,
        kind: 'image',
        mime,
        ext,
        size_bytes: content.length,
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        duration_ms: null,
        transcode_state: null,
        status: 0,
      });
      expect(material.url).toMatch(new RegExp(`^/files/[0-9a-f]{32}\\.${ext}$`));
      const original = await fetchFile(material.url);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe(mime);
      expect(original.rawPayload.equals(content)).toBe(true);
      expect(material.thumbnail_url).toMatch(/^\/files\/[0-9a-f]{32}-thumb\.jpg$/);
      const thumbnail = await fetchFile(material.thumbnail_url ?? '');
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
      expect(thumbnail.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    },
  );

  it.each([
    ['mp4', 'video/mp4'],
    ['mkv', 'video/x-matroska'],
  ] as const)('stores a %s with its probed dimensions and duration', async (ext, mime) => {
    const content = ext === 'mp4' ? mp4 : mkv;
    const material = await uploaded(
      a.alpha.token,
      { filename: `clip.${ext}`, content },
      {
        name: `  Clip ${ext}  `,
      },
    );
    expect(material).toMatchObject({
      name: `Clip ${ext}`,
      kind: 'video',
      mime,
      ext,
      size_bytes: content.length,
      width: VIDEO_WIDTH,
      height: VIDEO_HEIGHT,
      transcode_state: 0,
      transcode_error: null,
    });
    expect(material.duration_ms).toBeGreaterThan(900);
    expect(material.duration_ms).toBeLessThan(1200);
    await t.app.transcodes.idle();
  });

  it('judges the type by content: a PNG named .jpg is a PNG, a JPEG named .gif a JPEG', async () => {
    const png = await uploaded(a.alpha.token, {
      filename: 'photo.jpg',
      content: await imageBytes('png'),
      contentType: 'image/jpeg',
    });
    expect(png).toMatchObject({ kind: 'image', mime: 'image/png', ext: 'png' });
    expect(png.url).toMatch(/\.png$/);
    const jpeg = await uploaded(a.alpha.token, {
      filename: 'anim.gif',
      content: await imageBytes('jpg'),
    });
    expect(jpeg).toMatchObject({ mime: 'image/jpeg', ext: 'jpg' });
  });

  it('names a material after the file, without any path the browser sent', async () => {
    const material = await uploaded(a.alpha.token, {
      filename: 'C:\\Users\\me\\Desktop\\summer sale.png',
      content: await imageBytes('png'),
    });
    expect(material.name).toBe('summer sale.png');
  });

  it('refuses a renamed executable and keeps nothing (no row, no file)', async () => {
    await t.app.transcodes.idle();
    const before = await filesUnder(uploadDir);
    const owner = await buildSigned(t.db);
    for (const content of [elfBytes(), peBytes()]) {
      const result = await upload(owner.token, [
        { filename: 'innocent.png', content, contentType: 'image/png' },
      ]);
      expectCode(result, -120, 400);
      expect(result.body.data).toMatchObject({
        fields: [{ path: 'file', message: UPLOAD_MESSAGES.type.en }],
      });
    }
    expect(await rowsOf(owner.user.id)).toEqual([]);
    expect(await filesUnder(uploadDir)).toEqual(before);
  });

  it('refuses text, HTML and SVG whatever their names', async () => {
    const owner = await buildSigned(t.db);
    const bodies = [
      Buffer.from('just some text, nothing more'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ];
    for (const content of bodies) {
      const result = await upload(owner.token, [{ filename: 'a.png', content }]);
      expect(invalidFields(result)).toEqual(['file']);
    }
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('refuses a file one byte over 50 MB while streaming, leaving nothing on disk', async () => {
    await t.app.transcodes.idle();
    const before = await filesUnder(uploadDir);
    const owner = await buildSigned(t.db);
    const { stream, contentType } = oversizeMultipart(
      UPLOAD_MAX_BYTES + 1,
      await imageBytes('png'),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: ENDPOINTS.uploadMaterial.path,
      headers: { 'x-token': owner.token, 'content-type': contentType },
      payload: stream,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: -120,
      data: { fields: [{ path: 'file', message: UPLOAD_MESSAGES.size.en }] },
    });
    expect(await rowsOf(owner.user.id)).toEqual([]);
    expect(await filesUnder(uploadDir)).toEqual(before);
  });

  it('accepts a file of exactly 50 MB', async () => {
    const owner = await buildSigned(t.db);
    const { stream, contentType } = oversizeMultipart(UPLOAD_MAX_BYTES, await imageBytes('png'));
    const response = await t.app.inject({
      method: 'POST',
      url: ENDPOINTS.uploadMaterial.path,
      headers: { 'x-token': owner.token, 'content-type': contentType },
      payload: stream,
    });
    // A PNG followed by filler: the size passes, and the image is read as far as it goes.
    expect(response.json()).toMatchObject({
      code: 200,
      data: { kind: 'image', size_bytes: UPLOAD_MAX_BYTES, width: IMAGE_WIDTH },
    });
  });

  it('refuses at once a body that declares more than 50 MB, before reading it', async () => {
    const owner = await buildSigned(t.db);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = 'declared';
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${address}${ENDPOINTS.uploadMaterial.path}`,
        {
          method: 'POST',
          headers: {
            'x-token': owner.token,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(UPLOAD_MAX_BYTES * 4),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body });
            request.destroy();
          });
        },
      );
      request.on('error', reject);
      // Only the start of the promised 200 MB is ever sent.
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\n\r\n`,
      );
      request.write(Buffer.alloc(64 * 1024, 0x41));
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: -120,
      data: { fields: [{ path: 'file', message: UPLOAD_MESSAGES.size.en }] },
    });
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('refuses a cut-off multipart body as a validation error', async () => {
    const owner = await buildSigned(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: ENDPOINTS.uploadMaterial.path,
      headers: { 'x-token': owner.token, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: -120 });
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('asks for a file when none is sent, and one file at a time', async () => {
    const owner = await buildSigned(t.db);
    const none = await api(t.app, {
      method: 'POST',
      url: ENDPOINTS.uploadMaterial.path,
      token: owner.token,
      multipart: { name: 'Nothing' },
    });
    expect(none.body.data).toMatchObject({
      fields: [{ path: 'file', message: UPLOAD_MESSAGES.missing.en }],
    });
    const png = await imageBytes('png');
    const two = await upload(owner.token, [
      { filename: 'a.png', content: png },
      { filename: 'b.png', content: png },
    ]);
    expect(two.body.data).toMatchObject({
      fields: [{ path: 'file', message: UPLOAD_MESSAGES.single.en }],
    });
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('refuses an image whose bytes cannot be decoded', async () => {
    const owner = await buildSigned(t.db);
    const broken = Buffer.concat([(await imageBytes('png')).subarray(0, 40), Buffer.alloc(200)]);
    const result = await upload(owner.token, [{ filename: 'broken.png', content: broken }]);
    expect(result.body.data).toMatchObject({
      fields: [{ path: 'file', message: UPLOAD_MESSAGES.unreadable.en }],
    });
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('refuses a name over 128 characters, naming the field', async () => {
    const owner = await buildSigned(t.db);
    const result = await upload(
      owner.token,
      [{ filename: 'a.png', content: await imageBytes('png') }],
      { name: 'x'.repeat(129) },
    );
    expect(invalidFields(result)).toEqual(['name']);
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('needs a session and the adController role', async () => {
    const png = await imageBytes('png');
    expectCode(await upload('', [{ filename: 'a.png', content: png }]), -100, 401);
    expectCode(await upload(a.agent.token, [{ filename: 'a.png', content: png }]), -110, 403);
  });

  it('writes the upload to the change log as a create', async () => {
    const material = await uploaded(a.beta.token, {
      filename: 'logged.png',
      content: await imageBytes('png'),
    });
    const [entry] = await changesOf(t.db, 'material', material.id);
    expect(entry).toMatchObject({
      method: 'create',
      valueBefore: null,
      valueAfter: { name: 'logged.png' },
      actorId: a.beta.user.id,
    });
  });
});

describe('transcoding', () => {
  it('turns a video into a web-playable MP4 in the background (0 → 1)', async () => {
    const material = await uploaded(a.alpha.token, { filename: 'clip.mkv', content: mkv });
    expect(material.transcode_state).toBe(0);
    expect(material.url).toMatch(/\.mkv$/);
    const done = await settled(a.alpha.token, material.id);
    expect(done).toMatchObject({ transcode_state: 1, transcode_error: null });
    expect(done.url).toMatch(/^\/files\/[0-9a-f]{32}-web\.mp4$/);
    expect(done.thumbnail_url).toMatch(/-thumb\.jpg$/);

    const served = await fetchFile(done.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const dir = await mkdtemp(join(tmpdir(), 'adloom-served-'));
    try {
      const path = join(dir, 'served.mp4');
      await writeFile(path, served.rawPayload);
      expect(await videoStream(path)).toMatchObject({
        codec_name: 'h264',
        pix_fmt: 'yuv420p',
        width: VIDEO_WIDTH,
        height: VIDEO_HEIGHT,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // +faststart: the moov atom comes before the media data.
    const payload = served.rawPayload;
    expect(payload.indexOf('moov')).toBeLessThan(payload.indexOf('mdat'));
    const thumbnail = await fetchFile(done.thumbnail_url ?? '');
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  });

  it('resumes videos left transcoding by a restart', async () => {
    const owner = await buildSigned(t.db);
    const material = await uploaded(owner.token, { filename: 'again.mp4', content: mp4 });
    await settled(owner.token, material.id);
    // As a crash mid-transcode leaves it.
    await t.db
      .update(materials)
      .set({ transcodeState: 0, transcodedKey: null, thumbnailKey: null })
      .where(eq(materials.id, material.id));
    expect(await t.app.transcodes.resume(owner.user.id)).toBe(1);
    const done = await settled(owner.token, material.id);
    expect(done.transcode_state).toBe(1);
    expect(done.url).toMatch(/-web\.mp4$/);
  });
});

describe('without ffmpeg', () => {
  it('stores and lists a video, and fails its transcode with a clear error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'adloom-noffmpeg-'));
    const bare = await createTestApp({
      env: {
        UPLOAD_DIR: dir,
        FFMPEG_PATH: '/nonexistent/ffmpeg',
        FFPROBE_PATH: '/nonexistent/ffprobe',
      },
    });
    try {
      const owner = await buildSigned(bare.db);
      const result = await upload(
        owner.token,
        [{ filename: 'clip.mp4', content: mp4 }],
        {},
        bare.app,
      );
      expectCode(result, 200, 200);
      expect(result.body.data).toMatchObject({
        kind: 'video',
        mime: 'video/mp4',
        width: 0,
        height: 0,
        duration_ms: null,
        transcode_state: 0,
      });
      const failed = await settled(owner.token, result.body.data.id, bare.app);
      expect(failed.transcode_state).toBe(2);
      expect(failed.transcode_error).toMatch(/ffmpeg is not available/);
      expect(failed.url).toMatch(/\.mp4$/);
      // The original is still served.
      const served = await bare.app.inject({ method: 'GET', url: failed.url });
      expect(served.statusCode).toBe(200);
    } finally {
      await bare.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('serving files', () => {
  let image: Material;
  let video: Material;
  beforeAll(async () => {
    image = await uploaded(a.alpha.token, {
      filename: '<script>.png',
      content: await imageBytes('png'),
    });
    video = await uploaded(a.alpha.token, { filename: 'range.mp4', content: mp4 });
    await t.app.transcodes.idle();
  });

  it('answers the stored type with nosniff, an inline safe name and a long cache', async () => {
    const response = await fetchFile(image.url);
    const key = image.url.slice('/files/'.length);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${key}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      'cross-origin-resource-policy': 'cross-origin',
      etag: `"${key}"`,
    });
    expect(Number(response.headers['content-length'])).toBe(image.size_bytes);
    const again = await fetchFile(image.url, { 'if-none-match': `"${key}"` });
    expect(again.statusCode).toBe(304);
  });

  it('answers byte ranges with 206 (video seeking) and 416 outside the file', async () => {
    const whole = await fetchFile(video.url);
    const size = whole.rawPayload.length;
    const first = await fetchFile(video.url, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    const last = await fetchFile(video.url, { range: 'bytes=-10' });
    expect(last.statusCode).toBe(206);
    expect(last.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    const open = await fetchFile(video.url, { range: `bytes=${size - 5}-` });
    expect(open.rawPayload.length).toBe(5);
    const outside = await fetchFile(video.url, { range: `bytes=${size}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('answers 404 for unknown keys and anything that is not a key', async () => {
    for (const url of [
      `/files/${'0'.repeat(32)}.png`,
      '/files/..%2F..%2Fpackage.json',
      '/files/%2e%2e',
      '/files/abc.png',
    ]) {
      const response = await fetchFile(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: -150 });
    }
  });
});

describe('library and ownership', () => {
  let alphaImage: Material;
  let alphaVideo: Material;
  let betaImage: Material;
  let otherImage: Material;
  beforeAll(async () => {
    alphaImage = await uploaded(a.alpha.token, {
      filename: 'Spring sale.png',
      content: await imageBytes('png'),
    });
    alphaVideo = await uploaded(a.alpha.token, { filename: 'Spring clip.mp4', content: mp4 });
    betaImage = await uploaded(a.beta.token, {
      filename: 'Beta banner.jpg',
      content: await imageBytes('jpg'),
    });
    otherImage = await uploaded(b.alpha.token, {
      filename: 'Spring other.png',
      content: await imageBytes('png'),
    });
    await t.app.transcodes.idle();
  });

  it('shows an advertiser only its own materials', async () => {
    const own = await list(a.alpha.token);
    expectCode(own, 200, 200);
    expect(ENDPOINTS.listMaterials.response.safeParse(own.body.data).success).toBe(true);
    expect(own.body.data.list.every((material) => material.owner.id === a.alpha.user.id)).toBe(
      true,
    );
    expect(ids(own.body.data)).toContain(alphaImage.id);
    expect(ids(own.body.data)).not.toContain(betaImage.id);
    expect(ids(own.body.data)).not.toContain(otherImage.id);
    const other = await list(b.alpha.token);
    expect(ids(other.body.data)).toEqual([otherImage.id]);
  });

  it('refuses another advertiser’s material on detail, modify and switch (-110)', async () => {
    expectCode(await detail(b.alpha.token, alphaImage.id), -110, 403);
    expectCode(
      await call(t.app, ENDPOINTS.modifyMaterial, b.alpha.token, {
        body: { id: alphaImage.id, name: 'Stolen' },
      }),
      -110,
      403,
    );
    expectCode(
      await call(t.app, ENDPOINTS.switchMaterial, b.alpha.token, {
        body: { id: alphaImage.id, status: 5 },
      }),
      -110,
      403,
    );
    const [row] = await t.db.select().from(materials).where(eq(materials.id, alphaImage.id));
    expect(row).toMatchObject({ name: alphaImage.name, status: 0 });
    // Another tenant's agent acting by proxy for its own user reaches no further.
    expectCode(await detail(b.agent.token, alphaImage.id, `&user=${b.alpha.user.id}`), -110, 403);
  });

  it('lets an agent acting for its advertiser (?user=) see and upload theirs', async () => {
    const proxied = await list(a.agent.token, `&user=${a.alpha.user.id}`);
    expectCode(proxied, 200, 200);
    expect(ids(proxied.body.data)).toEqual(expect.arrayContaining([alphaImage.id, alphaVideo.id]));
    expect(ids(proxied.body.data)).not.toContain(betaImage.id);
    expectCode(await detail(a.agent.token, betaImage.id, `&user=${a.beta.user.id}`), 200, 200);
    const made = await upload(
      a.agent.token,
      [{ filename: 'by-agent.png', content: await imageBytes('png') }],
      {},
      t.app,
      `?user=${a.alpha.user.id}`,
    );
    expectCode(made, 200, 200);
    expect(made.body.data.owner.id).toBe(a.alpha.user.id);
    // Acting for another tenant's user is refused before anything is read.
    expectCode(await list(a.agent.token, `&user=${b.alpha.user.id}`), -110, 403);
  });

  it('searches by name and filters by kind, state, status and owner', async () => {
    const spring = await list(a.alpha.token, '&keyword=spring');
    expect(ids(spring.body.data)).toEqual([alphaImage.id, alphaVideo.id]);
    const videos = await list(a.alpha.token, '&keyword=spring&kind=video');
    expect(ids(videos.body.data)).toEqual([alphaVideo.id]);
    const transcoded = await list(a.alpha.token, '&transcode_state=1&keyword=spring');
    expect(ids(transcoded.body.data)).toEqual([alphaVideo.id]);
    const sorted = await list(a.alpha.token, '&keyword=spring&sort=name&order=desc');
    expect(sorted.body.data.list.map((m) => m.name)).toEqual([
      'Spring sale.png',
      'Spring clip.mp4',
    ]);
    const paged = await call<Page>(t.app, ENDPOINTS.listMaterials, a.alpha.token, {
      query: 'keyword=spring&size=10&page=2',
    });
    expect(paged.body.data).toMatchObject({ list: [], total: 2 });
    const audit = await buildSigned(t.db, { ability: 1 | 128 | 1024 });
    const narrowed = await list(audit.token, `&owner_id=${b.alpha.user.id}`);
    expect(ids(narrowed.body.data)).toEqual([otherImage.id]);
    expectCode(await list(a.alpha.token, `&owner_id=${b.alpha.user.id}`), -110, 403);
  });

  it('refuses unknown filters, naming them', async () => {
    const result = await list(a.alpha.token, '&kind=audio&status=3&transcode_state=9&sort=x');
    expect(invalidFields(result).sort()).toEqual(['kind', 'sort', 'status', 'transcode_state']);
  });
});

describe('rename and switch', () => {
  let signed: Signed;
  beforeAll(async () => {
    signed = await buildSigned(t.db);
  });

  it('renames with a note in the change log', async () => {
    const row = await buildMaterial(t.db, signed.user.id, { name: 'Old name.png' });
    const result = await call<Material>(t.app, ENDPOINTS.modifyMaterial, signed.token, {
      body: { id: row.id, name: '  New name  ', note: noteOf('clearer name', 'material') },
    });
    expectCode(result, 200, 200);
    expect(result.body.data.name).toBe('New name');
    const entries = await changesOf(t.db, 'material', row.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      method: 'modify',
      valueBefore: { name: 'Old name.png' },
      valueAfter: { name: 'New name' },
      comment: 'clearer name',
    });
    const history = await call<{ list: ChangeEntry[] }>(
      t.app,
      ENDPOINTS.listChanges,
      signed.token,
      {
        query: `target_type=material&target_id=${row.id}`,
      },
    );
    expectCode(history, 200, 200);
    expect(history.body.data.list[0]).toMatchObject({ method: 'modify', comment: 'clearer name' });
  });

  it('answers None Update for the same name and validates the fields', async () => {
    const row = await buildMaterial(t.db, signed.user.id, { name: 'Same.png' });
    expectCode(
      await call(t.app, ENDPOINTS.modifyMaterial, signed.token, {
        body: { id: row.id, name: 'Same.png' },
      }),
      -130,
      400,
    );
    const blank = await call(t.app, ENDPOINTS.modifyMaterial, signed.token, {
      body: { id: row.id, name: '   ' },
    });
    expect(invalidFields(blank)).toEqual(['name']);
    const short = await call(t.app, ENDPOINTS.modifyMaterial, signed.token, {
      body: { id: row.id, name: 'Fine', note: noteOf(' x ', 'material') },
    });
    expect(invalidFields(short)).toEqual(['note.comment']);
    const badStatus = await call(t.app, ENDPOINTS.switchMaterial, signed.token, {
      body: { id: row.id, status: 3 },
    });
    expect(invalidFields(badStatus)).toEqual(['status']);
    expectCode(
      await call(t.app, ENDPOINTS.modifyMaterial, signed.token, {
        body: { id: 2_000_000_000, name: 'Ghost' },
      }),
      -150,
      404,
    );
    const [stored] = await t.db.select().from(materials).where(eq(materials.id, row.id));
    expect(stored?.name).toBe('Same.png');
    expect(await changesOf(t.db, 'material', row.id)).toEqual([]);
  });

  it('shelves, deletes (out of the library) and restores', async () => {
    const row = await buildMaterial(t.db, signed.user.id, { name: 'Cycle.png' });
    const to = (status: number) =>
      call<Material>(t.app, ENDPOINTS.switchMaterial, signed.token, {
        body: { id: row.id, status },
      });
    expect((await to(1)).body.data.status).toBe(1);
    expect(ids((await list(signed.token, '&status=1')).body.data)).toEqual([row.id]);
    expect((await to(5)).body.data.status).toBe(5);
    expect(ids((await list(signed.token, '&keyword=Cycle')).body.data)).toEqual([]);
    expect(ids((await list(signed.token, '&status=5')).body.data)).toEqual([row.id]);
    expectCode(await to(5), -130, 400);
    expect((await to(0)).body.data.status).toBe(0);
    const entries = await changesOf(t.db, 'material', row.id);
    expect(entries.map((entry) => entry.method)).toEqual(['switch', 'switch', 'switch']);
  });
});
