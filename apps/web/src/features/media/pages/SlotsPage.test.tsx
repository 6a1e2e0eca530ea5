import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { AD_MESSAGES, Ability, type AdStyle, type Media, type Slot } from '@adloom/domain';
import { configureApi } from '../../../lib/api';
import { setupI18n } from '../../../lib/i18n';
import { envelope, renderSignedIn } from '../../../test/render';
import { SlotsPage } from './SlotsPage';

const style: AdStyle = {
  id: 4,
  name: 'Text',
  type: 1,
  icon_size: null,
  img_size: null,
  img3_size: null,
  video_size: null,
  meta: ['title'],
  title_length: 30,
  description_length: 0,
  status: 0,
  created_at: '',
  updated_at: '',
};

const news: Media = {
  id: 2,
  owner: { id: 7, username: 'pub', nickname: 'Publisher' },
  name: 'News',
  os: 2,
  bundle: 'com.news',
  status: 0,
  slot_count: 1,
  created_at: '',
  updated_at: '',
};

const slot = (id: number, overrides: Partial<Slot> = {}): Slot => ({
  id,
  media_id: 2,
  media_name: 'News',
  media_status: 0,
  media_os: 2,
  media_bundle: 'com.news',
  owner: news.owner,
  name: `Slot ${id}`,
  code: null,
  lowest_bid: 1_500_000,
  style_ids: [4],
  ad_type_id: null,
  ad_type_name: null,
  ad_form: 1,
  countries: [],
  width: 0,
  height: 0,
  supply_type: 2,
  auction_type: 2,
  status: 0,
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
  ...overrides,
});

function server(list: Slot[], media: Media[] = [news]) {
  return (url: string) => {
    if (url.startsWith('/svc/ssp/slot/list'))
      return { list, total: list.length, page: 1, size: 20 };
    if (url.startsWith('/svc/ssp/media/all')) return media;
    if (url.startsWith('/svc/setting/style/list')) return [style];
    if (url.startsWith('/svc/ssp/slot/create')) {
      return envelope(-120, null, 'Some fields are not valid.');
    }
    return [];
  };
}

const SLOT_USER = Ability.login | Ability.slot;

beforeAll(async () => {
  await setupI18n('en');
  configure({ asyncUtilTimeout: 5000 });
  configureApi({ notifyError: () => undefined });
});

afterEach(() => vi.unstubAllGlobals());

describe('SlotsPage', { timeout: 30_000 }, () => {
  it('lists slots: 0 x 0 as Unlimited, no countries as All countries, styles by name', async () => {
    renderSignedIn(
      <SlotsPage />,
      server([
        slot(1),
        slot(2, { width: 320, height: 50, countries: ['US', 'GB'], media_status: 1, ad_form: 4 }),
      ]),
      { ability: SLOT_USER },
    );
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await screen.findByText('Slot 1');
    expect(within(row('Slot 1')).getByText('Unlimited')).toBeTruthy();
    expect(within(row('Slot 1')).getByText('All countries')).toBeTruthy();
    expect(within(row('Slot 1')).getByText('Text')).toBeTruthy();
    expect(within(row('Slot 1')).getByText('SDK')).toBeTruthy();
    expect(within(row('Slot 1')).getByText('$1.50')).toBeTruthy();
    expect(within(row('Slot 2')).getByText('320 × 50')).toBeTruthy();
    // Countries by name in the interface language, the code in the tag's title.
    expect(within(row('Slot 2')).getByText('United States').getAttribute('title')).toBe('US');
    expect(within(row('Slot 2')).getByText('United Kingdom')).toBeTruthy();
    expect(within(row('Slot 2')).getByText('Media inactive')).toBeTruthy();
    expect(within(row('Slot 2')).getByText('Feed')).toBeTruthy();
  });

  it('reads the media filter from the URL', async () => {
    const requests = renderSignedIn(<SlotsPage />, server([slot(1)]), {
      ability: SLOT_USER,
      path: '/ssp/slot?media_id=2',
    });
    await screen.findByText('Slot 1');
    expect(requests.some((request) => request.url.includes('media_id=2'))).toBe(true);
  });

  it('asks for a media first when there is none', async () => {
    renderSignedIn(<SlotsPage />, server([], []), { ability: SLOT_USER });
    expect(await screen.findByText('Add a media first, then its slots.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to media' }).getAttribute('href')).toBe(
      '/ssp/media',
    );
  });

  it('opens the integration snippets of a slot, named by its code', async () => {
    renderSignedIn(<SlotsPage />, server([slot(5, { code: 'news-top' })]), {
      ability: SLOT_USER,
    });
    const row = (await screen.findByText('Slot 5')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Integration' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/delivery engine/)).toBeTruthy();
    const url =
      within(dialog).getByLabelText('GET /serve/ad', { selector: 'pre' }).textContent ?? '';
    expect(url).toContain('/serve/ad?slot_id=5&os=2');
    expect(url).toContain('app=com.news');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'OpenRTB 2.6' }));
    const json = await within(dialog).findByLabelText('BidRequest', { selector: 'pre' });
    expect(JSON.parse(json.textContent ?? '{}')).toMatchObject({
      imp: [{ tagid: 'news-top', bidfloor: 1.5, banner: {} }],
      app: { bundle: 'com.news' },
    });
    expect(within(dialog).getByText('This slot is named by: news-top')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Prebid.js' }));
    const prebid = await within(dialog).findByLabelText('Prebid.js', { selector: 'pre' });
    expect(prebid.textContent).toContain(`${window.location.origin}/openrtb2/auction`);
    expect(prebid.textContent).toContain(`${window.location.origin}/cookie_sync`);
    expect(prebid.textContent).toContain('"bidder": "adloom"');
    expect(prebid.textContent).toContain('"slot": "news-top"');
  });

  it('gives the web SDK two lines for a slot and links its demo page', async () => {
    renderSignedIn(<SlotsPage />, server([slot(5, { code: 'news-top' })]), {
      ability: SLOT_USER,
    });
    const row = (await screen.findByText('Slot 5')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Integration' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Web SDK' }));
    const snippet = await within(dialog).findByLabelText('Web SDK', { selector: 'pre' });
    expect(snippet.textContent).toBe(
      `<script src="${window.location.origin}/sdk/v1/adloom.js" async></script>\n<div data-adloom-slot="5"></div>`,
    );
    const demo = within(dialog).getByRole('link', {
      name: 'See this slot on the demo publisher site',
    });
    expect(demo.getAttribute('href')).toBe('/demo/publisher/banner?slot=5');
  });

  it('checks the supported styles on the form before sending anything', async () => {
    const requests = renderSignedIn(<SlotsPage />, server([]), { ability: SLOT_USER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add slot' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0 means unlimited: any width or height fits.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Width (px)')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Top' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    expect(await within(dialog).findByText(AD_MESSAGES.confirmStyle.en)).toBeTruthy();
    expect(requests.some((request) => request.url.startsWith('/svc/ssp/slot/create'))).toBe(false);
  });

  it('shows the lowest bid as money: the currency and two decimals, never "0.0"', async () => {
    renderSignedIn(<SlotsPage />, server([]), { ability: SLOT_USER });
    fireEvent.click(await screen.findByRole('button', { name: 'Add slot' }));
    const dialog = await screen.findByRole('dialog');
    const bid = within(dialog).getByLabelText('Lowest bid (CPM)') as HTMLInputElement;
    expect(bid.value).toBe('0.00');
    expect(bid.closest('.ant-input-number')?.textContent).toContain('$');
    fireEvent.change(bid, { target: { value: '0.125' } });
    fireEvent.blur(bid);
    expect(await within(dialog).findByText('At most 2 decimals')).toBeTruthy();
  });
});
