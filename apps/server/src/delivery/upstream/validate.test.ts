/**
 * Which partner bids may enter our auction, and the reason given for each that may not.
 */
import type { Bid, BidRequest } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { bidProblem, bidRefusal, currencyRefusal } from './validate.js';

const REQUEST: BidRequest = {
  id: 'r',
  imp: [
    {
      id: '1',
      banner: {
        format: [
          { w: 300, h: 250 },
          { w: 320, h: 50 },
        ],
      },
      secure: 1,
    },
    { id: '2', video: { mimes: ['video/mp4'] } },
  ],
  badv: ['blocked.example'],
  bcat: ['IAB25'],
};

const GOOD: Bid = {
  id: 'b',
  impid: '1',
  price: 1.2,
  crid: 'cr',
  adm: '<img src="https://cdn.example/a.png">',
  adomain: ['brand.example'],
  w: 320,
  h: 50,
  mtype: 1,
};

describe('bidProblem', () => {
  it('takes a bid that fits the impression and the request', () => {
    expect(bidProblem(GOOD, REQUEST)).toBeNull();
    expect(
      bidProblem({ ...GOOD, impid: '2', mtype: 2, adm: '<VAST/>', w: 0, h: 0 }, REQUEST),
    ).toBeNull();
  });

  it('takes any markup type on a size-unlimited slot of any form (a bare banner)', () => {
    const anyForm: BidRequest = { id: 'r', imp: [{ id: '1', banner: {} }] };
    expect(bidProblem({ ...GOOD, mtype: 2, adm: '<VAST/>', w: 640, h: 360 }, anyForm)).toBeNull();
  });

  it.each([
    [{ price: 0 }, 'has no price above 0'],
    [{ impid: '9' }, 'names impid "9", which the request does not have'],
    [{ crid: '' }, 'has no creative id (crid)'],
    [{ adm: undefined }, 'has no markup (adm); markup on the win notice is not taken'],
    [{ mtype: 4 }, 'is markup type 4, which the impression does not ask for'],
    [{ w: 728, h: 90 }, 'is 728×90, not a size the impression lists'],
    [
      { adm: '<img src="http://cdn.example/a.png">' },
      'loads insecure (http) resources on a secure impression',
    ],
    [
      { adomain: ['Blocked.example'] },
      'advertises Blocked.example, which the request blocks (badv)',
    ],
    [{ cat: ['IAB25'] }, 'is in category IAB25, which the request blocks (bcat)'],
  ])('refuses %o: it %s', (change, reason) => {
    expect(bidProblem({ ...GOOD, ...change } as Bid, REQUEST)).toBe(reason);
  });

  it.each([
    [{ price: 0 }, 'noPrice'],
    [{ impid: '9' }, 'unknownImp'],
    [{ crid: ' ' }, 'noCreativeId'],
    [{ adm: '' }, 'noMarkup'],
    [{ mtype: 4 }, 'markupType'],
    [{ w: 728, h: 90 }, 'size'],
    [{ adm: '<img src=http://cdn.example/a.png>' }, 'insecure'],
    [{ adomain: ['blocked.example'] }, 'blockedAdvertiser'],
    [{ cat: ['IAB25'] }, 'blockedCategory'],
  ])('names the reason partner health counts for %o: %s', (change, reason) => {
    expect(bidRefusal({ ...GOOD, ...change } as Bid, REQUEST)?.reason).toBe(reason);
  });
});

describe('currencyRefusal', () => {
  const rates = new Map([['EUR', 920_000]]);

  it('takes US dollars (named or not) and a currency the rate table holds', () => {
    expect(currencyRefusal(undefined, rates)).toBeNull();
    expect(currencyRefusal('usd', new Map())).toBeNull();
    expect(currencyRefusal('EUR', rates)).toBeNull();
  });

  it('refuses a currency without a rate, naming it', () => {
    expect(currencyRefusal('chf', rates)).toEqual({
      reason: 'currency',
      text: 'is priced in CHF, which has no rate in the currency table',
    });
  });
});
