/**
 * The 2.6 answer validator finds what it must: a suite that checks every answer with it
 * is only as good as the answers it refuses. Each case breaks one rule of a valid answer.
 */
import { describe, expect, it } from 'vitest';
import { bidResponseIssues } from './conformance.js';
import { nativeAnswerIssues } from './native-conformance.js';

const nativeRequest = JSON.stringify({
  ver: '1.2',
  assets: [
    { id: 11, required: 1, title: { len: 10 } },
    { id: 12, required: 1, img: { type: 3, w: 600, h: 300 } },
    { id: 13, data: { type: 2, len: 20 } },
  ],
});

const request = {
  id: 'r-1',
  cur: ['USD', 'EUR'],
  imp: [
    {
      id: 'b',
      banner: {
        format: [
          { w: 300, h: 250 },
          { w: 320, h: 50 },
        ],
      },
      bidfloor: 1,
    },
    { id: 'v', video: { mimes: ['video/mp4'], protocols: [2, 3] } },
    { id: 'n', native: { request: nativeRequest } },
  ],
};

const nativeAdm = (assets: unknown[]) =>
  JSON.stringify({ ver: '1.2', assets, link: { url: 'https://a.example/c' } });

const goodNative = [
  { id: 11, required: 1, title: { text: 'Short one' } },
  { id: 12, img: { url: 'https://a.example/i.jpg', w: 600, h: 300 } },
];

function answer(bids: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return { id: 'r-1', cur: 'USD', seatbid: [{ seat: 'adloom', bid: bids }], ...extra };
}

const banner = {
  id: 'x1',
  impid: 'b',
  price: 1.5,
  adm: '<a href="#">ad</a>',
  mtype: 1,
  w: 300,
  h: 250,
};
const video = {
  id: 'x2',
  impid: 'v',
  price: 2,
  adm: '<VAST version="3.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile type="video/mp4"></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>',
  mtype: 2,
  w: 640,
  h: 360,
};
const native = {
  id: 'x3',
  impid: 'n',
  price: 2,
  adm: nativeAdm(goodNative),
  mtype: 4,
  w: 600,
  h: 300,
};

const pathsOf = (issues: { path: string }[]) => issues.map((issue) => issue.path);

describe('bidResponseIssues', () => {
  it('passes a valid answer of all three markup types', () => {
    expect(
      bidResponseIssues(request, answer([banner, video, native]), { requireSize: true }),
    ).toEqual([]);
  });

  it.each([
    ['another request id', answer([banner], { id: 'r-2' }), 'id'],
    ['a currency the request does not allow', answer([banner], { cur: 'JPY' }), 'cur'],
    ['no seat bid', { id: 'r-1', seatbid: [] }, 'seatbid'],
    [
      'an impression the request does not have',
      answer([{ ...banner, impid: 'zz' }]),
      'seatbid.0.bid.0.impid',
    ],
    ['a price below the floor', answer([{ ...banner, price: 0.5 }]), 'seatbid.0.bid.0.price'],
    ['a negative price', answer([{ ...banner, price: -1 }]), 'seatbid.0.bid.0.price'],
    ['no mtype', answer([{ ...banner, mtype: undefined }]), 'seatbid.0.bid.0.mtype'],
    [
      'video markup on a banner-only impression',
      answer([{ ...video, impid: 'b' }]),
      'seatbid.0.bid.0.mtype',
    ],
    ['a size not among the formats', answer([{ ...banner, w: 728, h: 90 }]), 'seatbid.0.bid.0.w'],
    [
      'a banner without a size',
      answer([{ ...banner, w: undefined, h: undefined }]),
      'seatbid.0.bid.0.w',
    ],
    [
      'a VAST version outside the protocols',
      answer([{ ...video, adm: video.adm.replace('3.0', '4.0') }]),
      'seatbid.0.bid.0.adm',
    ],
    ['a non-integer width', answer([{ ...banner, w: 300.5 }]), 'seatbid.0.bid.0.w'],
    [
      'adomain as a string',
      answer([{ ...banner, adomain: 'a.example' }]),
      'seatbid.0.bid.0.adomain',
    ],
    ['two bids with one id', answer([banner, { ...native, id: 'x1' }]), 'seatbid.0.bid.1.id'],
    [
      'two bids for one impression in a seat',
      answer([banner, { ...banner, id: 'x9' }]),
      'seatbid.0.bid.1.impid',
    ],
  ])('finds %s', (_what, response, path) => {
    expect(pathsOf(bidResponseIssues(request, response, { requireSize: true }))).toContain(path);
  });

  const dealImp = (privateAuction: 0 | 1) => ({
    ...request,
    imp: [{ ...request.imp[0], pmp: { private_auction: privateAuction, deals: [{ id: 'D-7' }] } }],
  });
  it.each([
    ['a bid without a deal in a private auction', dealImp(1), answer([banner]), 'dealid'],
    [
      'a deal the impression does not have',
      dealImp(0),
      answer([{ ...banner, dealid: 'D-8' }]),
      'dealid',
    ],
    [
      'an advertiser the request blocks, or its subdomain',
      { ...request, badv: ['outdoor-shop.example'] },
      answer([{ ...banner, adomain: ['eu.outdoor-shop.example'] }]),
      'adomain',
    ],
    [
      'a category the request blocks',
      { ...request, bcat: ['IAB7', 'IAB25'] },
      answer([{ ...banner, cat: ['IAB7'], cattax: 1 }]),
      'cat',
    ],
  ])('finds %s', (_what, withRules, response, field) => {
    expect(pathsOf(bidResponseIssues(withRules, response))).toContain(`seatbid.0.bid.0.${field}`);
  });

  it('passes a deal bid in a private auction, an open bid beside deals, and other blocks', () => {
    expect(bidResponseIssues(dealImp(1), answer([{ ...banner, dealid: 'D-7' }]))).toEqual([]);
    expect(bidResponseIssues(dealImp(0), answer([banner]))).toEqual([]);
    const blocking = { ...request, badv: ['shop.example'], bcat: ['IAB7-39'] };
    const clean = { ...banner, adomain: ['outdoor-shop.example'], cat: ['IAB7'], cattax: 1 };
    expect(bidResponseIssues(blocking, answer([clean]))).toEqual([]);
    // Codes of another taxonomy than the request's are not compared.
    const otherTaxonomy = { ...request, bcat: ['IAB7'], cattax: 2 };
    expect(bidResponseIssues(otherTaxonomy, answer([{ ...banner, cat: ['IAB7'] }]))).toEqual([]);
  });
});

describe('nativeAnswerIssues', () => {
  it.each([
    [
      'an asset id the request does not have',
      [...goodNative, { id: 1, title: { text: 'x' } }],
      'assets.2.id',
    ],
    ['fixed ids 1/2/3 instead of the request’s', [{ id: 1, title: { text: 'x' } }], 'assets.0.id'],
    ['a missing required asset', [goodNative[0]], 'assets'],
    [
      'a title over its length',
      [{ id: 11, title: { text: 'Much too long a title' } }, goodNative[1]],
      'assets.0.title.text',
    ],
    [
      'an image of another size',
      [goodNative[0], { id: 12, img: { url: 'https://a.example/i', w: 300, h: 250 } }],
      'assets.1.img',
    ],
    ['an asset of another kind', [goodNative[0], { id: 12, data: { value: 'x' } }], 'assets.1'],
    ['an asset answered twice', [...goodNative, goodNative[0]], 'assets.2.id'],
  ])('finds %s', (_what, assets, path) => {
    expect(pathsOf(nativeAnswerIssues(nativeRequest, nativeAdm(assets)))).toContain(path);
  });

  it('finds markup that is not JSON, and a missing link', () => {
    expect(nativeAnswerIssues(nativeRequest, '<div>')).not.toEqual([]);
    const noLink = JSON.stringify({ assets: goodNative });
    expect(pathsOf(nativeAnswerIssues(nativeRequest, noLink))).toContain('link.url');
  });
});
