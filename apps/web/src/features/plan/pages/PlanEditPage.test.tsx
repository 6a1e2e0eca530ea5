import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  AD_MESSAGES,
  Ability,
  FULL_SCHEDULE,
  PlanStatus,
  ResponseCode,
  fieldIssue,
  type PlanDetail,
  type Strategy,
} from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { changeLanguage, setupI18n } from '../../../lib/i18n';
import { renderSignedIn } from '../../../test/render';
import { PlanEditPage } from './PlanEditPage';

const ADVERTISER = Ability.login | Ability.adManage;

function strategy(id: number, name: string, patch: Partial<Strategy> = {}): Strategy {
  return {
    id,
    plan_id: 5,
    name,
    bid: null,
    targeting: [{ key: 'country', mode: 'include', values: ['US'] }],
    style_ids: [1],
    languages: ['en'],
    creative_ids: [11],
    status: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

function detail(patch: Partial<PlanDetail> = {}): PlanDetail {
  return {
    id: 5,
    owner: { id: 1, username: 'root', nickname: 'Root' },
    name: 'Autumn',
    budget: 50_000_000,
    bid: 1_000_000,
    billing: 2,
    schedule: FULL_SCHEDULE,
    start_at: '2026-03-01T08:00:00Z',
    end_at: null,
    times_per_user: 0,
    frequency_per_user: 0,
    interval_seconds: 0,
    cache_seconds: 0,
    iab_category: null,
    status: PlanStatus.unlive,
    creation_step: 3,
    published_at: null,
    strategy_count: 2,
    created_at: '2026-02-01T00:00:00Z',
    updated_at: '2026-02-03T04:05:06Z',
    strategies: [strategy(21, 'North'), strategy(22, 'South')],
    ...patch,
  };
}

/** The page at `path`; the setting lists and the creatives answer empty unless told. */
function renderAt(path: string, answer: (url: string) => unknown) {
  return renderSignedIn(
    <Routes>
      <Route path="/ad/plan/:id" element={<PlanEditPage />} />
    </Routes>,
    (url) => {
      const data = answer(url);
      if (data !== null) return data;
      if (url.startsWith('/svc/setting/style/list')) return [];
      if (url.startsWith('/svc/ad/idea/list')) return { list: [], total: 0, page: 1, size: 500 };
      return null;
    },
    { ability: ADVERTISER, path },
  );
}

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('PlanEditPage', { timeout: 20_000 }, () => {
  it('resumes at the plan’s creation step with the four steps of docs/product/console.md#plan-creation-flow', async () => {
    renderAt('/ad/plan/5', (url) => (url.startsWith('/svc/ad/plan/detail') ? detail() : null));
    expect(await screen.findByText('Strategy: North')).toBeTruthy();
    const steps = document.querySelector('.ant-steps') as HTMLElement;
    for (const title of [
      'Create plan',
      'Add strategies',
      'Configure creatives',
      'Complete plan creation',
    ]) {
      expect(within(steps).getByText(title)).toBeTruthy();
    }
  });

  it('names what is missing before completing, beside the strategy, with a link to fix it', async () => {
    const requests = renderAt('/ad/plan/5?step=4', (url) =>
      url.startsWith('/svc/ad/plan/detail')
        ? detail({
            strategies: [strategy(21, 'North'), strategy(22, 'South', { creative_ids: [] })],
          })
        : null,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Complete plan creation' }));
    const problems = await screen.findByTestId('completion-problems');
    expect(problems.textContent).toContain(AD_MESSAGES.followPrompts.en);
    expect(problems.textContent).toContain(`South: ${AD_MESSAGES.needCreative.en}`);
    expect(
      within(problems).getByRole('button', { name: 'Choose creatives of “South”' }),
    ).toBeTruthy();
    // The console's own check: nothing was sent.
    expect(requests.some((request) => request.url.includes('/plan/complete'))).toBe(false);
  });

  it('shows the server’s problems in the interface language', async () => {
    await changeLanguage('zh');
    const requests = renderAt('/ad/plan/5?step=4', (url) => {
      if (url.startsWith('/svc/ad/plan/detail')) return detail();
      if (url.startsWith('/svc/ad/plan/complete')) {
        // As the server answers (plan/completion.ts): the message's code and coded fields.
        return new Response(
          JSON.stringify({
            code: ResponseCode.validation,
            msg: AD_MESSAGES.followPrompts.en,
            msgCode: 'ad.followPrompts',
            data: { fields: [fieldIssue('strategies.1.creative_ids.0', 'ad.unspecifiedCreative')] },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        );
      }
      return null;
    });
    fireEvent.click(await screen.findByRole('button', { name: '完成计划创建' }));
    const problems = await screen.findByTestId('completion-problems');
    expect(problems.textContent).toContain(AD_MESSAGES.followPrompts.zh);
    expect(problems.textContent).toContain(`South: ${AD_MESSAGES.unspecifiedCreative.zh}`);
    expect(requests.some((request) => request.url.includes('/plan/complete'))).toBe(true);
    const south = screen.getAllByText('South').at(-1)?.closest('tr') as HTMLElement;
    expect(within(south).getByText(AD_MESSAGES.unspecifiedCreative.zh)).toBeTruthy();
  });

  it('shows a completed plan as complete, with Start', async () => {
    renderAt('/ad/plan/5?step=4', (url) =>
      url.startsWith('/svc/ad/plan/detail')
        ? detail({ creation_step: 4, published_at: '2026-02-05T10:00:00Z' })
        : null,
    );
    expect(await screen.findByText('Plan creation complete')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete plan creation' })).toBeNull();
  });

  it('ticks step 3 once every strategy has creatives, before completion', async () => {
    renderAt('/ad/plan/5?step=4', (url) =>
      url.startsWith('/svc/ad/plan/detail') ? detail({ creation_step: 3 }) : null,
    );
    await screen.findByRole('button', { name: 'Complete plan creation' });
    const items = Array.from(document.querySelectorAll('.ant-steps-item'));
    expect(items.map((item) => /ant-steps-item-(\w+)/.exec(item.className)?.[1])).toEqual([
      'finish',
      'finish',
      'finish',
      'process',
    ]);
  });

  it('leaves step 3 unticked while a strategy has no creatives', async () => {
    renderAt('/ad/plan/5?step=4', (url) =>
      url.startsWith('/svc/ad/plan/detail')
        ? detail({
            creation_step: 3,
            strategies: [strategy(21, 'North'), strategy(22, 'South', { creative_ids: [] })],
          })
        : null,
    );
    await screen.findByRole('button', { name: 'Complete plan creation' });
    const third = document.querySelectorAll('.ant-steps-item')[2] as HTMLElement;
    expect(third.className).toContain('ant-steps-item-wait');
  });

  it('removes a strategy only once its removal is confirmed', async () => {
    const requests = renderAt('/ad/plan/5?step=2', (url) => {
      if (url.startsWith('/svc/ad/plan/detail')) return detail();
      if (url.startsWith('/svc/ad/strategy/delete')) return null;
      return null;
    });
    const row = (await screen.findByText('South')).closest('tr') as HTMLElement;
    const deletes = () => requests.filter((request) => request.url.includes('strategy/delete'));

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    let dialog = (await screen.findByText('Delete the strategy “South”?')).closest(
      '[role=dialog]',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    dialog = (await screen.findAllByText('Delete the strategy “South”?'))
      .at(-1)
      ?.closest('[role=dialog]') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Please note something')).toBeTruthy();
    expect(deletes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'Merged into North' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    const body = JSON.parse(String(deletes()[0]?.body)) as { id: number; note: string };
    expect(body.id).toBe(22);
    expect(JSON.parse(body.note)).toMatchObject({
      target_type: 'strategy',
      method: 'delete',
      target: 22,
      comment: 'Merged into North',
    });
  });

  it('names a strategy’s creatives, styles and languages in its history, not their ids', async () => {
    const creative = {
      id: 11,
      name: 'Autumn banner',
      style_id: 1,
      language: 'en',
      os: 0,
      title: 'Autumn',
      description: '',
      icon_material_id: null,
      image_material_id: null,
      group_material_ids: [],
      video_material_id: null,
      click_action: 2,
      action_text: '',
      special_config: '',
      app_name: '',
      app_package: '',
      click_url: 'https://example.com',
      deeplink_url: '',
      impression_monitor_urls: [],
      click_monitor_urls: [],
      owner: { id: 1, username: 'root', nickname: 'Root' },
      style_name: 'Text',
      style_type: 1,
      assets: [],
      review: 0,
      audit_state: 'approved',
      reject_reason: '',
      reviewer: null,
      reviewed_at: null,
      submitted_at: '2026-11-20T08:00:00Z',
      status: 0,
      created_at: '2026-11-20T08:00:00Z',
      updated_at: '2026-11-20T08:00:00Z',
    };
    renderAt('/ad/plan/5?step=2', (url) => {
      if (url.startsWith('/svc/ad/plan/detail')) return detail();
      if (url.startsWith('/svc/ad/idea/list'))
        return { list: [creative], total: 1, page: 1, size: 500 };
      if (url.startsWith('/svc/sys/change/list')) {
        return {
          list: [
            {
              id: 1,
              target_type: 'strategy',
              target_id: 22,
              method: 'modify',
              value_before: { creative_ids: [], languages: ['en'] },
              value_after: { creative_ids: [11, 99], languages: ['en', 'fr'] },
              comment: 'creatives chosen',
              actor: { id: 1, username: 'root', nickname: 'Root' },
              acting_user: { id: 1, username: 'root', nickname: 'Root' },
              created_at: '2026-11-22T08:05:09Z',
            },
          ],
          total: 1,
          page: 1,
          size: 10,
        };
      }
      return null;
    });
    const row = (await screen.findByText('South')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'History' }));
    // A creative still listed by its name; one no longer listed by its id.
    expect(await screen.findByText('Autumn banner (#11), #99')).toBeTruthy();
    expect(screen.getByText('English, French')).toBeTruthy();
    expect(screen.queryByText('[11,99]')).toBeNull();
  });
});
