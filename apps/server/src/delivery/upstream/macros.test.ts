/** OpenRTB 2.6 §4.4 substitution macros in partners' notice URLs and markup. */
import { describe, expect, it } from 'vitest';
import { fillAuctionMacros, unitsText } from './macros.js';

describe('fillAuctionMacros', () => {
  it('fills the clearing price per mille in currency units, and the ids and currency', () => {
    const url =
      'https://win.example.com/n?p=${AUCTION_PRICE}&id=${AUCTION_ID}&imp=${AUCTION_IMP_ID}&c=${AUCTION_CURRENCY}';
    expect(fillAuctionMacros(url, 1_125_000, { auctionId: 'req-1', impId: '1' })).toBe(
      'https://win.example.com/n?p=1.125&id=req-1&imp=1&c=USD',
    );
  });

  it('replaces every occurrence, in markup as well as URLs', () => {
    const adm =
      '<img src="https://a.example/i?p=${AUCTION_PRICE}"><img src="/b?p=${AUCTION_PRICE}">';
    expect(fillAuctionMacros(adm, 2_000_000)).toBe(
      '<img src="https://a.example/i?p=2"><img src="/b?p=2">',
    );
  });

  it('URL-encodes ids and leaves macros without a value as they are', () => {
    const url = 'https://x.example/?id=${AUCTION_ID}&seat=${AUCTION_SEAT_ID}&l=${AUCTION_LOSS}';
    expect(fillAuctionMacros(url, 10_000, { auctionId: 'a b&c' })).toBe(
      'https://x.example/?id=a%20b%26c&seat=${AUCTION_SEAT_ID}&l=${AUCTION_LOSS}',
    );
  });

  it("tells prices in the bid's currency at the rate it was converted at", () => {
    // 1.984126 USD at 151.2 JPY per USD: 299.999851 JPY; min-to-win 1.00 USD = 151.2 JPY.
    const url =
      'https://x.example/?p=${AUCTION_PRICE}&c=${AUCTION_CURRENCY}&m=${AUCTION_MIN_TO_WIN}';
    expect(
      fillAuctionMacros(url, 1_984_126, {
        currency: 'JPY',
        perUsdMicros: 151_200_000,
        minToWin: 1_000_000,
      }),
    ).toBe('https://x.example/?p=299.999851&c=JPY&m=151.2');
  });

  it('leaves text without macros untouched', () => {
    expect(fillAuctionMacros('https://x.example/win', 1)).toBe('https://x.example/win');
  });
});

describe('unitsText', () => {
  it.each([
    [0, '0'],
    [10_000, '0.01'],
    [1, '0.000001'],
    [1_500_000, '1.5'],
    [3_000_000, '3'],
    [1_000_000_000, '1000'],
    [-500_000, '-0.5'],
  ])('writes %i micros as %s', (micros, text) => {
    expect(unitsText(micros)).toBe(text);
  });
});
