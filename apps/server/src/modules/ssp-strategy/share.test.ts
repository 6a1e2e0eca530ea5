/**
 * An SSP strategy's share (docs/decisions/partner-pricing.md): set through the API, checked
 * 0-1000 or null, changed with a note that the history keeps before and after.
 */
import { ENDPOINTS, type SspStrategy } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { changesOf, noteOf } from '../../test/settings.js';
import { buildOperator, buildSupply, send, strategyBody, strategyRow } from './test-kit.js';

let t: TestApp;
let operator: Signed;
beforeAll(async () => {
  t = await createTestApp();
  operator = await buildOperator(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('an SSP strategy share', () => {
  it('is saved, refused outside 0-1000, and changed back to the partners’ own with a note', async () => {
    const supply = await buildSupply(t.db, operator.user.id);
    const created = await send<SspStrategy>(t.app, ENDPOINTS.createSspStrategy, operator, {
      body: strategyBody(supply, { percent: 700 }),
    });
    expectCode(created, 200, 200);
    const strategy = created.body.data as SspStrategy;
    expect(strategy.percent).toBe(700);
    expect((await strategyRow(t.db, strategy.id)).percent).toBe(700);

    for (const percent of [1001, -1, 2.5]) {
      const refused = await send(t.app, ENDPOINTS.modifySspStrategy, operator, {
        body: { id: strategy.id, percent },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('percent');
    }
    expect((await strategyRow(t.db, strategy.id)).percent).toBe(700);

    const changed = await send<SspStrategy>(t.app, ENDPOINTS.modifySspStrategy, operator, {
      body: {
        id: strategy.id,
        percent: null,
        note: noteOf('partners set their own', 'sspStrategy'),
      },
    });
    expectCode(changed, 200, 200);
    expect((changed.body.data as SspStrategy).percent).toBeNull();
    const changes = await changesOf(t.db, 'sspStrategy', strategy.id);
    expect(changes.at(-1)).toMatchObject({
      method: 'modify',
      comment: 'partners set their own',
      valueBefore: { percent: 700 },
      valueAfter: { percent: null },
    });
  });
});
