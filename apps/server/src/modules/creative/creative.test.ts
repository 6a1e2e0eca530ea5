import {
  AD_MESSAGES,
  AdStyleType,
  Ability,
  ENDPOINTS,
  TranscodeState,
  type Creative,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adStyles, materials } from '../../db/schema.js';
import {
  ADVERTISER_ABILITY,
  buildSigned,
  buildTenant,
  type Signed,
  type Tenant,
} from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { call, changeCountBy, changesOf, noteOf } from '../../test/settings.js';
import { buildStyle } from '../../test/settings-factories.js';
import {
  buildStyles,
  create,
  creativeCount,
  creativeRow,
  image,
  issuesOf,
  send,
  textBody,
  video,
  type Styles,
} from './test-kit.js';

type Page = { list: Creative[]; total: number };

let t: TestApp;
let styles: Styles;
let tenant: Tenant;
let a: Signed;
let b: Signed;
let auditor: Signed;

beforeAll(async () => {
  t = await createTestApp();
  styles = await buildStyles(t.db);
  tenant = await buildTenant(t.db, 'creative');
  a = tenant.alpha;
  b = tenant.beta;
  auditor = await buildSigned(t.db, { ability: Ability.login | Ability.examAdvanced });
});
afterAll(async () => {
  await t.close();
});

/** A fresh advertiser of its own: counts and lists start empty. */
const advertiser = () => buildSigned(t.db, { ability: ADVERTISER_ABILITY });

const list = (token: string, query = '') =>
  call<Page>(t.app, ENDPOINTS.listCreatives, token, { query });

const approve = (id: number) =>
  send(t.app, ENDPOINTS.approveCreatives, auditor.token, { ids: [id] });
const reject = (id: number, reason = 'Misleading claim') =>
  send(t.app, ENDPOINTS.rejectCreatives, auditor.token, { ids: [id], reason });

describe('creating a creative', () => {
  it('creates a Text creative for the acting user, waiting for audit, and logs it', async () => {
    const me = await advertiser();
    const result = await create(t.app, me.token, textBody(styles.text.id));
    expectCode(result, 200, 200);
    const creative = result.body.data;
    expect(creative).toMatchObject({
      name: 'Spring sale',
      owner: { id: me.user.id, username: me.user.username },
      style_id: styles.text.id,
      style_name: styles.text.name,
      style_type: 1,
      review: 1,
      audit_state: 'pending',
      reject_reason: '',
      reviewer: null,
      reviewed_at: null,
      status: 0,
      assets: [],
      special_config: '',
    });
    const detail = await call<Creative>(t.app, ENDPOINTS.getCreative, me.token, {
      query: `id=${creative.id}`,
    });
    expect(detail.body.data).toEqual(creative);
    const changes = await changesOf(t.db, 'creative', creative.id);
    expect(changes.map((c) => [c.method, c.valueBefore, c.actorId])).toEqual([
      ['create', null, me.user.id],
    ]);
    expect(changes[0]?.valueAfter).toMatchObject({
      name: 'Spring sale',
      title: 'Spring sale: 30% off',
    });
  });

  it('presents the materials of a Big image creative for its preview', async () => {
    const me = await advertiser();
    const icon = await image(t.db, me.user.id, 240, 240);
    const picture = await image(t.db, me.user.id, 2400, 1256);
    const result = await create(
      t.app,
      me.token,
      textBody(styles.bigImage.id, {
        icon_material_id: icon.id,
        image_material_id: picture.id,
        action_text: 'Shop now',
      }),
    );
    expectCode(result, 200, 200);
    expect(result.body.data.assets).toEqual([
      expect.objectContaining({ id: icon.id, kind: 'image', width: 240, height: 240 }),
      expect.objectContaining({ id: picture.id, kind: 'image', width: 2400, height: 1256 }),
    ]);
    expect(result.body.data.assets[0]?.url).toMatch(/^\/files\//);
  });

  it('follows the style: required elements, elements it lacks, title limits', async () => {
    const me = await advertiser();
    const other = await image(t.db, me.user.id);
    const result = await create(
      t.app,
      me.token,
      textBody(styles.text.id, {
        title: '',
        image_material_id: other.id,
        group_material_ids: [other.id],
      }),
    );
    expect(issuesOf(result)).toEqual({
      title: 'Required by the chosen style',
      image_material_id: 'The chosen style has no such element: leave it empty',
      group_material_ids: 'The chosen style has no such element: leave it empty',
    });
    const long = await create(t.app, me.token, textBody(styles.text.id, { title: 'x'.repeat(31) }));
    expect(issuesOf(long)).toEqual({ title: 'At most 30 characters in this style' });
    // 0 = unlimited: a long description fits the Text style.
    const unlimited = await create(
      t.app,
      me.token,
      textBody(styles.text.id, { title: '界'.repeat(30), description: 'd'.repeat(900) }),
    );
    expectCode(unlimited, 200, 200);
    const needsImage = await create(
      t.app,
      me.token,
      textBody(styles.imageOnly.id, { title: '', description: '' }),
    );
    expect(issuesOf(needsImage)).toEqual({ image_material_id: 'Required by the chosen style' });
    const describedImage = await create(
      t.app,
      me.token,
      textBody(styles.imageOnly.id, { image_material_id: other.id }),
    );
    expect(Object.keys(issuesOf(describedImage)).sort()).toEqual(['description', 'title']);
    expect(await creativeCount(t.db, me.user.id)).toBe(1);
  });

  it('needs exactly three different group images for Three images', async () => {
    const me = await advertiser();
    const [one, two, three] = await Promise.all([
      image(t.db, me.user.id, 720, 480),
      image(t.db, me.user.id, 360, 240),
      image(t.db, me.user.id, 360, 240),
    ]);
    const body = (ids: number[]) =>
      textBody(styles.threeImages.id, { description: '', group_material_ids: ids });
    expect(issuesOf(await create(t.app, me.token, body([one.id, two.id])))).toEqual({
      group_material_ids: 'Choose exactly 3 images',
    });
    expect(issuesOf(await create(t.app, me.token, body([])))).toEqual({
      group_material_ids: 'Choose exactly 3 images',
    });
    expect(issuesOf(await create(t.app, me.token, body([one.id, one.id, two.id])))).toEqual({
      group_material_ids: 'Choose 3 different images',
    });
    // As a comma-joined string too.
    const made = await create(t.app, me.token, {
      ...body([]),
      group_material_ids: `${one.id},${two.id},${three.id}`,
    });
    expectCode(made, 200, 200);
    expect(made.body.data.group_material_ids).toEqual([one.id, two.id, three.id]);
    expect(made.body.data.assets.map((asset) => asset.id)).toEqual([one.id, two.id, three.id]);
  });

  it('checks each material: owner, kind, state, transcoding and size', async () => {
    const me = await advertiser();
    const stranger = await advertiser();
    const theirs = await image(t.db, stranger.user.id);
    const small = await image(t.db, me.user.id, 600, 314);
    const square = await image(t.db, me.user.id, 1200, 1200);
    const off = await image(t.db, me.user.id, 1200, 628, 1);
    const clip = await video(t.db, me.user.id);
    const busy = await video(t.db, me.user.id, TranscodeState.transcoding);
    const broken = await video(t.db, me.user.id, TranscodeState.failed);
    const bigImage = (imageId: number, iconId: number | null = null) =>
      create(
        t.app,
        me.token,
        textBody(styles.bigImage.id, { image_material_id: imageId, icon_material_id: iconId }),
      );
    expect(issuesOf(await bigImage(theirs.id))).toEqual({
      image_material_id: "There is no such material in the owner's library",
    });
    expect(issuesOf(await bigImage(small.id))).toEqual({
      image_material_id:
        'Needs 1200 x 628 or larger in the same proportions; this one is 600 x 314',
    });
    expect(issuesOf(await bigImage(square.id))).toMatchObject({
      image_material_id: expect.stringContaining('this one is 1200 x 1200'),
    });
    expect(issuesOf(await bigImage(off.id))).toEqual({
      image_material_id: 'This material is inactive or deleted',
    });
    expect(issuesOf(await bigImage(clip.id, clip.id))).toEqual({
      image_material_id: 'Choose an image',
      icon_material_id: 'Choose an image',
    });
    const withVideo = (videoId: number) =>
      create(
        t.app,
        me.token,
        textBody(styles.video.id, { description: '', video_material_id: videoId }),
      );
    expect(issuesOf(await withVideo(busy.id))).toEqual({
      video_material_id: 'The video is still transcoding: save again when it is done',
    });
    expect(issuesOf(await withVideo(broken.id))).toEqual({
      video_material_id: 'The video could not be transcoded: upload it again',
    });
    expect(issuesOf(await withVideo(square.id))).toEqual({ video_material_id: 'Choose a video' });
    expect(await creativeCount(t.db, me.user.id)).toBe(0);
    expect(await changeCountBy(t.db, me.user.id)).toBe(0);
    const made = await withVideo(clip.id);
    expectCode(made, 200, 200);
    expect(made.body.data.assets[0]).toMatchObject({ id: clip.id, kind: 'video' });
    expect(made.body.data.assets[0]?.thumbnail_url).toMatch(/^\/files\//);
  });

  it('needs an existing, active style', async () => {
    const me = await advertiser();
    expect(issuesOf(await create(t.app, me.token, textBody(styles.inactive.id)))).toEqual({
      style_id: 'This style is inactive: choose another',
    });
    expect(issuesOf(await create(t.app, me.token, textBody(2_000_000_000)))).toEqual({
      style_id: 'There is no such style',
    });
  });

  it('asks what each click action needs', async () => {
    const me = await advertiser();
    const withAction = (overrides: Record<string, unknown>) =>
      create(t.app, me.token, textBody(styles.text.id, overrides));
    expect(issuesOf(await withAction({ click_url: 'ftp://example.com' }))).toEqual({
      click_url: 'Enter the http(s) address the click opens',
    });
    expect(
      issuesOf(await withAction({ click_action: 3, click_url: 'https://example.com/app.apk' })),
    ).toEqual({
      app_name: 'Download App needs the app name',
      app_package: 'Download App needs the app package name',
    });
    expect(
      issuesOf(await withAction({ click_action: 3, app_name: 'Shoes', click_url: '' })),
    ).toEqual({
      click_url: 'Enter the http(s) download or app store link',
      app_package: 'Download App needs the app package name',
    });
    expect(issuesOf(await withAction({ app_package: 'shoes' }))).toEqual({
      app_package: 'Use a package name such as com.example.app',
    });
    expect(issuesOf(await withAction({ click_action: 4, click_url: 'call me' }))).toEqual({
      click_url: 'Enter a phone number such as tel:+33123456789',
    });
    expect(issuesOf(await withAction({ click_action: 1 }))).toEqual({
      click_url: 'No Action opens nothing: leave the click URL empty',
    });
    expect(issuesOf(await withAction({ click_action: 9 }))).toEqual({
      click_action: 'Unknown click action',
    });
    expect(await creativeCount(t.db, me.user.id)).toBe(0);

    const made = await Promise.all([
      withAction({ click_action: 1, click_url: '' }),
      withAction({ click_action: 4, click_url: 'tel:+33 1 23 45 67 89' }),
      withAction({
        click_action: 3,
        click_url: 'https://play.example.com/store/apps/details?id=com.example.shoes',
        app_name: 'Shoes',
        app_package: 'com.example.shoes',
        deeplink_url: 'shoes://sale/spring',
      }),
    ]);
    for (const result of made) expectCode(result, 200, 200);
  });

  it('validates URLs, monitor links, language and special config', async () => {
    const me = await advertiser();
    const result = await create(
      t.app,
      me.token,
      textBody(styles.text.id, {
        deeplink_url: 'not a link',
        impression_monitor_urls: ['https://track.example.com/i', 'javascript:alert(1)'],
        click_monitor_urls: Array.from({ length: 6 }, (_, i) => `https://t.example.com/${i}`),
        language: 'de',
        special_config: '{"unclosed": ',
      }),
    );
    expect(issuesOf(result)).toEqual({
      deeplink_url: expect.any(String),
      'impression_monitor_urls.1': 'Must be an http(s) address',
      click_monitor_urls: expect.any(String),
      language: AD_MESSAGES.needLanguage.en,
      special_config: AD_MESSAGES.configurationFormat.en,
    });
    expect(await creativeCount(t.db, me.user.id)).toBe(0);
  });

  it('keeps special config as JSON and compares it by content', async () => {
    const me = await advertiser();
    const made = await create(
      t.app,
      me.token,
      textBody(styles.text.id, { special_config: '{"b": [1, {"z": 1, "y": 2}], "a": true}' }),
    );
    expectCode(made, 200, 200);
    const creative = made.body.data;
    expect(JSON.parse(creative.special_config)).toEqual({ a: true, b: [1, { y: 2, z: 1 }] });
    expect((await creativeRow(t.db, creative.id))?.specialConfig).toEqual({
      a: true,
      b: [1, { y: 2, z: 1 }],
    });
    const same = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id: creative.id,
      special_config: '{"a":true,"b":[1,{"y":2,"z":1}]}',
    });
    expectCode(same, -130, 400);
    const cleared = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id: creative.id,
      special_config: '',
    });
    expectCode(cleared, 200, 200);
    expect((await creativeRow(t.db, creative.id))?.specialConfig).toBeNull();
  });

  it('refuses an empty body with None Create', async () => {
    const me = await advertiser();
    expectCode(await create(t.app, me.token, {}), -131, 400);
  });
});

describe('reach', () => {
  it('never shows, changes or switches another advertiser’s creative', async () => {
    const mine = await create(t.app, a.token, textBody(styles.text.id, { name: 'Alpha only' }));
    expectCode(mine, 200, 200);
    const id = mine.body.data.id;
    const theirs = await list(b.token, 'size=500');
    expect(theirs.body.data.list.map((c) => c.id)).not.toContain(id);
    expect((await list(a.token, 'size=500')).body.data.list.map((c) => c.id)).toContain(id);

    expectCode(await call(t.app, ENDPOINTS.getCreative, b.token, { query: `id=${id}` }), -110, 403);
    expectCode(
      await send(t.app, ENDPOINTS.modifyCreative, b.token, { id, name: 'Taken' }),
      -110,
      403,
    );
    expectCode(await send(t.app, ENDPOINTS.switchCreative, b.token, { id, status: 5 }), -110, 403);
    expectCode(await list(b.token, `owner_id=${a.user.id}`), -110, 403);
    const row = await creativeRow(t.db, id);
    expect(row).toMatchObject({ name: 'Alpha only', status: 0 });
    expect(await changeCountBy(t.db, b.user.id)).toBe(0);
    expectCode(
      await call(t.app, ENDPOINTS.getCreative, b.token, { query: 'id=2000000000' }),
      -150,
      404,
    );
  });

  it('lets an agent act for its advertiser by proxy, and nobody else’s', async () => {
    const agent = tenant.agent;
    const made = await create(
      t.app,
      agent.token,
      textBody(styles.text.id, { name: 'By proxy' }),
      `user=${a.user.id}`,
    );
    expectCode(made, 200, 200);
    expect(made.body.data.owner.id).toBe(a.user.id);
    const [change] = await changesOf(t.db, 'creative', made.body.data.id);
    expect(change).toMatchObject({ actorId: agent.user.id, actingUserId: a.user.id });
    const seen = await call<Page>(t.app, ENDPOINTS.listCreatives, agent.token, {
      query: `user=${a.user.id}&size=500`,
    });
    expect(seen.body.data.list.map((c) => c.id)).toContain(made.body.data.id);
    // Without adManage of its own, the agent has no creative screen.
    expectCode(await list(agent.token), -110, 403);
    const stranger = await advertiser();
    expectCode(
      await call(t.app, ENDPOINTS.listCreatives, agent.token, {
        query: `user=${stranger.user.id}`,
      }),
      -110,
      403,
    );
  });

  it('shows an agent with adManage its users’ creatives, filterable by owner', async () => {
    const manager = await buildSigned(t.db, { ability: ADVERTISER_ABILITY });
    const child = await buildSigned(t.db, {
      ability: ADVERTISER_ABILITY,
      parentId: manager.user.id,
    });
    const own = await create(t.app, manager.token, textBody(styles.text.id));
    const childs = await create(t.app, child.token, textBody(styles.text.id));
    const all = await list(manager.token);
    expect(all.body.data.list.map((c) => c.id).sort()).toEqual(
      [own.body.data.id, childs.body.data.id].sort(),
    );
    const narrowed = await list(manager.token, `owner_id=${child.user.id}`);
    expect(narrowed.body.data.list.map((c) => c.id)).toEqual([childs.body.data.id]);
    expect((await list(child.token)).body.data.total).toBe(1);
  });
});

describe('changing a creative', () => {
  it('writes only what changed, with the note, and answers None Update otherwise', async () => {
    const me = await advertiser();
    const { id } = (await create(t.app, me.token, textBody(styles.text.id))).body.data;
    const none = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id,
      name: 'Spring sale',
      title: 'Spring sale: 30% off',
    });
    expectCode(none, -130, 400);
    const result = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id,
      name: 'Spring sale',
      title: 'Spring sale: 40% off',
      note: noteOf('better offer', 'creative'),
    });
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ title: 'Spring sale: 40% off', name: 'Spring sale' });
    const changes = await changesOf(t.db, 'creative', id);
    expect(changes.at(-1)).toMatchObject({
      method: 'modify',
      valueBefore: { title: 'Spring sale: 30% off' },
      valueAfter: { title: 'Spring sale: 40% off' },
      comment: 'better offer',
    });
  });

  it('checks the merged creative against its (new) style', async () => {
    const me = await advertiser();
    const { id } = (await create(t.app, me.token, textBody(styles.text.id))).body.data;
    const switched = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id,
      style_id: styles.threeImages.id,
    });
    expect(issuesOf(switched)).toEqual({
      description: 'The chosen style has no such element: leave it empty',
      group_material_ids: 'Choose exactly 3 images',
    });
    const download = await send(t.app, ENDPOINTS.modifyCreative, me.token, { id, click_action: 3 });
    expect(Object.keys(issuesOf(download)).sort()).toEqual(['app_name', 'app_package']);
    expect((await creativeRow(t.db, id))?.styleId).toBe(styles.text.id);
  });

  it('checks only the materials and style an edit touches', async () => {
    const me = await advertiser();
    const picture = await image(t.db, me.user.id);
    const style = await buildStyle(t.db, {
      type: AdStyleType.imageOnly,
      imgSize: { width: 1200, height: 628 },
      meta: ['image'],
    });
    const made = await create(t.app, me.token, {
      ...textBody(style.id, { title: '', description: '' }),
      image_material_id: picture.id,
    });
    expectCode(made, 200, 200);
    const { id } = made.body.data;
    // Later the material is deleted and the style switched off: the creative can still be
    // renamed and its click URL changed, but not given a new (deleted) image.
    await t.db.update(materials).set({ status: 5 }).where(eq(materials.id, picture.id));
    await t.db.update(adStyles).set({ status: 1 }).where(eq(adStyles.id, style.id));
    const renamed = await send(t.app, ENDPOINTS.modifyCreative, me.token, { id, name: 'Later' });
    expectCode(renamed, 200, 200);
    const moved = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id,
      click_url: 'https://example.com/moved',
    });
    expectCode(moved, 200, 200);
    const gone = await image(t.db, me.user.id, 1200, 628, 5);
    expect(
      issuesOf(
        await send(t.app, ENDPOINTS.modifyCreative, me.token, { id, image_material_id: gone.id }),
      ),
    ).toEqual({ image_material_id: 'This material is inactive or deleted' });
    expect(
      issuesOf(
        await send(t.app, ENDPOINTS.modifyCreative, me.token, { id, style_id: styles.text.id }),
      ),
    ).toMatchObject({ title: 'Required by the chosen style' });
  });

  it('sends a decided creative back to audit on a content edit, not on a rename', async () => {
    const me = await advertiser();
    const { id } = (await create(t.app, me.token, textBody(styles.text.id))).body.data;
    // Editing a creative still waiting keeps it pending.
    const waiting = await send(t.app, ENDPOINTS.modifyCreative, me.token, { id, title: 'New' });
    expect(waiting.body.data).toMatchObject({ review: 1, audit_state: 'pending' });
    const submitted = waiting.body.data.submitted_at;

    expectCode(await approve(id), 200, 200);
    const renamed = await send(t.app, ENDPOINTS.modifyCreative, me.token, { id, name: 'Renamed' });
    expect(renamed.body.data).toMatchObject({ review: 0, audit_state: 'approved' });

    const edited = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id,
      click_url: 'https://example.com/other',
    });
    expect(edited.body.data).toMatchObject({
      review: 1,
      audit_state: 'underAudit',
      reviewer: { id: auditor.user.id },
    });
    expect(Date.parse(edited.body.data.submitted_at)).toBeGreaterThan(Date.parse(submitted));
    expect((await changesOf(t.db, 'creative', id)).at(-1)).toMatchObject({
      method: 'modify',
      valueBefore: { click_url: 'https://example.com/spring', review: 0 },
      valueAfter: { click_url: 'https://example.com/other', review: 1 },
    });

    expectCode(await reject(id, 'Landing page is broken'), 200, 200);
    const fixed = await send(t.app, ENDPOINTS.modifyCreative, me.token, {
      id,
      click_url: 'https://example.com/fixed',
    });
    expect(fixed.body.data).toMatchObject({ review: 1, reject_reason: '' });
    expect((await changesOf(t.db, 'creative', id)).at(-1)).toMatchObject({
      valueBefore: { review: 2, reject_reason: 'Landing page is broken' },
      valueAfter: { review: 1, reject_reason: '' },
    });
  });
});

describe('shelving and deleting', () => {
  it('shelves, restores and deletes; a deleted creative leaves lists and stays deleted', async () => {
    const me = await advertiser();
    const { id } = (await create(t.app, me.token, textBody(styles.text.id))).body.data;
    const shelved = await send(t.app, ENDPOINTS.switchCreative, me.token, { id, status: 1 });
    expect(shelved.body.data).toMatchObject({ status: 1, audit_state: 'inactive', review: 1 });
    expectCode(await send(t.app, ENDPOINTS.switchCreative, me.token, { id, status: 1 }), -130, 400);
    const restored = await send(t.app, ENDPOINTS.switchCreative, me.token, { id, status: 0 });
    expect(restored.body.data.audit_state).toBe('pending');
    expectCode(await send(t.app, ENDPOINTS.switchCreative, me.token, { id, status: 3 }), -120, 400);
    const deleted = await send(t.app, ENDPOINTS.switchCreative, me.token, {
      id,
      status: 5,
      note: noteOf('campaign over', 'creative', 'switch'),
    });
    expect(deleted.body.data.audit_state).toBe('deleted');

    expect((await list(me.token)).body.data.total).toBe(0);
    expect((await list(me.token, 'status=5')).body.data.list.map((c) => c.id)).toEqual([id]);
    expect((await list(me.token, 'audit_state=deleted')).body.data.total).toBe(1);
    expect(
      issuesOf(await send(t.app, ENDPOINTS.modifyCreative, me.token, { id, name: 'Back' })),
    ).toEqual({ id: 'A deleted creative cannot be changed' });
    expect(
      issuesOf(await send(t.app, ENDPOINTS.switchCreative, me.token, { id, status: 0 })),
    ).toEqual({ status: 'A deleted creative cannot be changed' });
    const changes = await changesOf(t.db, 'creative', id);
    expect(changes.filter((c) => c.method === 'switch').map((c) => c.valueAfter)).toEqual([
      { status: 1 },
      { status: 0 },
      { status: 5 },
    ]);
    expect(changes.at(-1)?.comment).toBe('campaign over');
  });
});

describe('the list', () => {
  it('searches, filters, sorts and pages', async () => {
    const me = await advertiser();
    const picture = await image(t.db, me.user.id);
    const made = [];
    for (const [name, overrides] of [
      ['Beta shoes', { language: 'fr' }],
      ['Alpha boots', {}],
      ['Gamma hats', { title: 'Hats for winter' }],
    ] as const) {
      made.push(
        (await create(t.app, me.token, textBody(styles.text.id, { name, ...overrides }))).body.data,
      );
    }
    const big = (
      await create(
        t.app,
        me.token,
        textBody(styles.bigImage.id, { name: 'Delta', image_material_id: picture.id }),
      )
    ).body.data;
    const [beta, alpha, gamma] = made;
    const names = (page: { body: { data: Page } }) => page.body.data.list.map((c) => c.name);

    expect(names(await list(me.token))).toEqual([
      'Delta',
      'Gamma hats',
      'Alpha boots',
      'Beta shoes',
    ]);
    expect(names(await list(me.token, 'sort=name&order=asc'))).toEqual([
      'Alpha boots',
      'Beta shoes',
      'Delta',
      'Gamma hats',
    ]);
    expect(names(await list(me.token, 'keyword=winter'))).toEqual(['Gamma hats']);
    expect(names(await list(me.token, 'language=fr'))).toEqual(['Beta shoes']);
    expect(names(await list(me.token, `style_id=${styles.bigImage.id}`))).toEqual(['Delta']);
    const paged = await list(me.token, 'sort=name&size=10&page=1');
    expect(paged.body.data).toMatchObject({ total: 4, page: 1, size: 10 });
    expect(big.assets).toHaveLength(1);

    expectCode(await approve(alpha?.id ?? 0), 200, 200);
    expectCode(await reject(gamma?.id ?? 0), 200, 200);
    expect(names(await list(me.token, 'review=0'))).toEqual(['Alpha boots']);
    expect(names(await list(me.token, 'audit_state=failed'))).toEqual(['Gamma hats']);
    expect(names(await list(me.token, 'audit_state=pending&sort=name'))).toEqual([
      'Beta shoes',
      'Delta',
    ]);
    const failed = (await list(me.token, 'audit_state=failed')).body.data.list[0];
    expect(failed).toMatchObject({
      reject_reason: 'Misleading claim',
      reviewer: { id: auditor.user.id, username: auditor.user.username },
    });
    expect(beta).toBeDefined();
    expectCode(await list(me.token, 'audit_state=sideways'), -120, 400);
    expectCode(await list(me.token, 'sort=owner'), -120, 400);
  });
});
