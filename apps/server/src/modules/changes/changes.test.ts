import { Ability, ENDPOINTS, type ChangeEntry } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { expectCode } from '../../test/http.js';
import { buildActor, call, noteOf, type Actor } from '../../test/settings.js';
import { buildBrand } from '../../test/settings-factories.js';

interface Page {
  list: ChangeEntry[];
  total: number;
  page: number;
  size: number;
}

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildActor(t.db);
});
afterAll(async () => {
  await t.close();
});

const history = (token: string, query: string) =>
  call<Page>(t.app, ENDPOINTS.listChanges, token, { query });

describe('GET /svc/sys/change/list', () => {
  it("pages one object's history, newest first, with actor and acting user", async () => {
    const brand = await buildBrand(t.db, { name: 'Name 0' });
    for (let index = 1; index <= 12; index += 1) {
      const result = await call(t.app, ENDPOINTS.modifyBrand, admin.token, {
        body: { id: brand.id, name: `Name ${index}`, note: noteOf(`step ${index}`, 'brand') },
      });
      expectCode(result, 200, 200);
    }
    const first = await history(admin.token, `target_type=brand&target_id=${brand.id}&size=10`);
    expectCode(first, 200, 200);
    expect(first.body.data).toMatchObject({ total: 12, page: 1, size: 10 });
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0]).toEqual({
      id: expect.any(Number),
      target_type: 'brand',
      target_id: brand.id,
      method: 'modify',
      value_before: { name: 'Name 11' },
      value_after: { name: 'Name 12' },
      comment: 'step 12',
      actor: { id: admin.user.id, username: admin.user.username, nickname: expect.any(String) },
      acting_user: {
        id: admin.user.id,
        username: admin.user.username,
        nickname: expect.any(String),
      },
      created_at: expect.any(String),
    });
    expect(ENDPOINTS.listChanges.response.safeParse(first.body.data).success).toBe(true);
    const second = await history(
      admin.token,
      `target_type=brand&target_id=${brand.id}&size=10&page=2`,
    );
    expect(second.body.data.list.map((entry) => entry.comment)).toEqual(['step 2', 'step 1']);

    const ofType = await history(admin.token, 'target_type=brand&size=10');
    expect(ofType.body.data.total).toBeGreaterThanOrEqual(12);
  });

  it('keeps settings histories to the system role', async () => {
    const advertiser = await buildActor(t.db, Ability.login | Ability.adManage);
    const manager = await buildActor(t.db, Ability.login | Ability.userManage);
    for (const actor of [advertiser, manager]) {
      expectCode(await history(actor.token, 'target_type=country'), -110, 403);
      expectCode(await history(actor.token, 'target_type=brand&target_id=1'), -110, 403);
    }
  });

  it("shows a user's history to the user itself, a user manager and the system role", async () => {
    const user = await buildActor(t.db, Ability.login | Ability.adManage);
    const other = await buildUser(t.db);
    const manager = await buildActor(t.db, Ability.login | Ability.userManage);
    const profile = await call(t.app, ENDPOINTS.updateProfile, user.token, {
      body: { nickname: 'Changed', avatar: '', introduction: '' },
    });
    expectCode(profile, 200, 200);

    const own = await history(user.token, `target_type=user&target_id=${user.user.id}`);
    expectCode(own, 200, 200);
    expect(own.body.data.list[0]).toMatchObject({
      method: 'modify',
      value_after: { nickname: 'Changed' },
      comment: null,
    });
    expect(own.body.data.list[0]?.value_before).not.toHaveProperty('avatar');
    expectCode(await history(user.token, `target_type=user&target_id=${other.id}`), -110, 403);
    expectCode(await history(user.token, 'target_type=user'), -110, 403);
    expectCode(
      await history(manager.token, `target_type=user&target_id=${user.user.id}`),
      200,
      200,
    );
    expectCode(await history(admin.token, 'target_type=user'), 200, 200);
  });

  it("shows an account's history to its agent, never another tenant's", async () => {
    const agent = await buildActor(t.db, Ability.login | Ability.userAgent);
    const own = await buildUser(t.db, {
      ability: Ability.login | Ability.adManage,
      parentId: agent.user.id,
    });
    const otherAgent = await buildUser(t.db, { ability: Ability.login | Ability.userAgent });
    const foreign = await buildUser(t.db, {
      ability: Ability.login | Ability.adManage,
      parentId: otherAgent.id,
    });
    expectCode(await history(agent.token, `target_type=user&target_id=${own.id}`), 200, 200);
    expectCode(await history(agent.token, `target_type=user&target_id=${foreign.id}`), -110, 403);
    expectCode(await history(agent.token, 'target_type=user'), -110, 403);
  });

  it('validates its query', async () => {
    expectCode(await history(admin.token, 'target_type=planet'), -120, 400);
    expectCode(await history(admin.token, 'target_type=brand&target_id=abc'), -120, 400);
    expectCode(await history(admin.token, 'target_type=brand&size=7'), -120, 400);
    expectCode(await call(t.app, ENDPOINTS.listChanges, ''), -100, 401);
  });
});
