/**
 * The demo partners answer in this process (transport.ts's in-process partners): a call to
 * one never reaches the network, bids at about its bid rate within its price range and echoes
 * the impression; once stopped, its host (under .invalid) does not resolve.
 */
import type { BidRequest } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { postToPartner } from '../upstream/transport.js';
import { answerDemoPartners, DEMO_PARTNERS } from './demo-partners.js';

const request = (index: number): BidRequest => ({
  id: `auction-${index}`,
  imp: [{ id: '1', banner: {}, bidfloor: 0.3 }],
});

const options = { timeoutMs: 200, allowPrivate: false, headers: {} };

describe('the demo partners', () => {
  it('answer in-process while registered, at their bid rate and prices', async () => {
    const partner = DEMO_PARTNERS[0];
    if (!partner) throw new Error('no demo partner');
    const stop = answerDemoPartners(3);
    let bids = 0;
    let late = 0;
    const calls = 400;
    try {
      for (let index = 0; index < calls; index += 1) {
        const answer = await postToPartner(partner.requestUrl, request(index), options);
        if (answer.kind === 'timeout') {
          late += 1;
          continue;
        }
        if (answer.kind !== 'answered') throw new Error(`not answered: ${answer.kind}`);
        if (answer.status === 204) continue;
        const body = JSON.parse(answer.body.toString('utf8')) as {
          id: string;
          seatbid: { seat: string; bid: { impid: string; price: number; adm: string }[] }[];
        };
        const bid = body.seatbid[0]?.bid[0];
        expect(body.id).toBe(`auction-${index}`);
        expect(body.seatbid[0]?.seat).toBe(partner.seat);
        expect(bid?.impid).toBe('1');
        expect(bid?.price).toBeGreaterThanOrEqual(partner.price[0]);
        expect(bid?.price).toBeLessThanOrEqual(partner.price[1]);
        expect(bid?.adm).toContain(partner.advertiserDomain);
        bids += 1;
      }
    } finally {
      stop();
    }
    const answered = calls - late;
    expect(late).toBeLessThan(calls * 0.06);
    expect(bids / answered).toBeGreaterThan(partner.bidRate - 0.08);
    expect(bids / answered).toBeLessThan(partner.bidRate + 0.08);

    const after = await postToPartner(partner.requestUrl, request(0), options);
    expect(after.kind).toBe('failed');
  });
});
