import { describe, expect, it } from 'vitest';
import { ZBidRequest, ZBidResponse, bidsOf } from './openrtb.js';

describe('OpenRTB 2.6 schemas', () => {
  it('keep unknown fields (ext, later minor versions) and require the core ones', () => {
    const request = ZBidRequest.parse({
      id: 'r1',
      imp: [{ id: '1', banner: { w: 320, h: 50 }, ext: { prebid: true } }],
      regs: { coppa: 0 },
    });
    expect(request.imp[0]).toMatchObject({ ext: { prebid: true } });
    expect(request).toMatchObject({ regs: { coppa: 0 } });
    expect(ZBidRequest.safeParse({ id: 'r1', imp: [] }).success).toBe(false);
    expect(ZBidRequest.safeParse({ id: '', imp: [{ id: '1' }] }).success).toBe(false);
  });

  it('read a response seat by seat and refuse a bid without a numeric price', () => {
    const response = ZBidResponse.parse({
      id: 'r1',
      seatbid: [
        { seat: 'a', bid: [{ id: 'b1', impid: '1', price: 1.5 }] },
        { bid: [{ id: 'b2', impid: '1', price: 0.5, crid: 'c' }] },
      ],
    });
    expect(bidsOf(response).map(({ seat, bid }) => [seat, bid.id])).toEqual([
      ['a', 'b1'],
      [undefined, 'b2'],
    ]);
    expect(bidsOf(ZBidResponse.parse({ id: 'r1', nbr: 2 }))).toEqual([]);
    const wrong = ZBidResponse.safeParse({
      id: 'r1',
      seatbid: [{ bid: [{ id: 'b', impid: '1', price: '1.5' }] }],
    });
    expect(wrong.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'seatbid.0.bid.0.price',
    ]);
  });
});
