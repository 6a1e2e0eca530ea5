import { describe, expect, it } from 'vitest';
import { ownAnswer, ownAnswerJson, preparedOwnAd, servedOwnAd, trackingUrls } from './answer.js';
import { creativeConfig, slotConfig } from './decision/test-kit.js';

const ORIGIN = 'https://ads.example.com';

describe('the prepared SDK answer of an own ad', () => {
  const creative = creativeConfig({
    title: 'Say "hi" </script> \u2028 与你',
    description: 'back\\slash',
    images: [{ url: 'https://cdn.example.com/b.png', width: 1200, height: 628 }],
    specialConfig: { countdown: 5, labels: ['a', 'b'] },
  });
  const slot = slotConfig();

  it('is, as JSON text, exactly the answer it describes', () => {
    const urls = trackingUrls(ORIGIN, 'payload.mac');
    const prepared = preparedOwnAd(ORIGIN, slot, creative, 300);
    const answer = ownAnswer('req-1', prepared, urls);
    expect(JSON.parse(ownAnswerJson('req-1', prepared, 'payload.mac'))).toEqual(answer);
    expect(answer).toEqual({
      fill: true,
      request_id: 'req-1',
      ad: servedOwnAd(ORIGIN, slot, creative, urls, 300),
      impression_urls: [`${ORIGIN}/track/imp?t=payload.mac`],
      notice_urls: [],
    });
  });

  it('is made once per origin, slot form and cache time, and never shared across them', () => {
    const first = preparedOwnAd(ORIGIN, slot, creative, 300);
    expect(preparedOwnAd(ORIGIN, slot, creative, 300)).toBe(first);
    const other = preparedOwnAd('http://10.0.0.1:3000', slot, creative, 300);
    expect(other.ad.image?.url).toBe('http://10.0.0.1:3000/files/a.png');
    expect(preparedOwnAd(ORIGIN, slotConfig({ adForm: 3 }), creative, 300).ad.ad_form).toBe(3);
    expect(preparedOwnAd(ORIGIN, slot, creative, 60).ad.cache_seconds).toBe(60);
  });

  it('stays right past the origins it remembers (Host headers are the client’s)', () => {
    const many = creativeConfig({ id: 5001 });
    for (let index = 0; index < 50; index += 1) {
      const origin = `http://host-${index}.example`;
      const prepared = preparedOwnAd(origin, slot, many, 0);
      const urls = trackingUrls(origin, 't.m');
      const answer = ownAnswer(`req-${index}`, prepared, urls);
      expect(JSON.parse(ownAnswerJson(`req-${index}`, prepared, 't.m'))).toEqual(answer);
      expect(answer.fill && answer.ad.image?.url).toBe(`${origin}/files/a.png`);
    }
  });
});
