import { describe, expect, it } from 'vitest';
import { prebidSnippet } from './prebid.js';
import { slotReference } from './serving.js';

/** The snippet's two calls, as the objects they pass. */
function parse(snippet: string) {
  const [config, adUnits] = [
    /pbjs\.setConfig\(([\s\S]*?)\);\npbjs/.exec(snippet)?.[1],
    /pbjs\.addAdUnits\(([\s\S]*)\);$/.exec(snippet)?.[1],
  ];
  return { config: JSON.parse(config ?? 'null'), adUnits: JSON.parse(adUnits ?? 'null') };
}

describe('the Prebid.js set-up of a slot', () => {
  it('names the slot by its code, else its id', () => {
    expect(slotReference({ id: 7, code: 'home-top' })).toBe('home-top');
    expect(slotReference({ id: 7, code: null })).toBe('7');
    expect(slotReference({ id: 7 })).toBe('7');
  });

  it('makes Adloom the Prebid Server of an ad unit of the slot’s size', () => {
    const { config, adUnits } = parse(
      prebidSnippet('https://ads.example.com/', {
        id: 7,
        code: 'home-top',
        width: 320,
        height: 50,
      }),
    );
    expect(config.s2sConfig[0]).toMatchObject({
      bidders: ['adloom'],
      adapter: 'prebidServer',
      enabled: true,
      endpoint: 'https://ads.example.com/openrtb2/auction',
      syncEndpoint: 'https://ads.example.com/cookie_sync',
      timeout: 1000,
    });
    expect(adUnits).toEqual([
      {
        code: 'adloom-slot-7',
        mediaTypes: { banner: { sizes: [[320, 50]] } },
        bids: [{ bidder: 'adloom', params: { slot: 'home-top' } }],
      },
    ]);
    // A slot of unlimited size asks for an example size; the timeout can be given.
    const unlimited = parse(
      prebidSnippet('https://a.example', { id: 8, width: 0, height: 0 }, 3000),
    );
    expect(unlimited.adUnits[0].mediaTypes.banner.sizes).toEqual([[300, 250]]);
    expect(unlimited.adUnits[0].bids[0].params.slot).toBe('8');
    expect(unlimited.config.s2sConfig[0].timeout).toBe(3000);
  });
});
