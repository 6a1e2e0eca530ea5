/**
 * The GPP decoder and the privacy verdict under GPP: headers from the IAB's examples and
 * strings built here bit by bit (the US national section's layout, state sections, the TCF
 * EU v2 section carrying a consent string made with @iabtechlabtcf/core).
 */
import { describe, expect, it } from 'vitest';
import {
  GPP_SECTION,
  bitsOf,
  fibonacciBits,
  gppHeader,
  headerSections,
  readGpp,
  textOf,
} from './gpp.js';
import { privacySignalsOf, privacyVerdict } from './privacy.js';
import { tcfString } from './test-kit.js';

const two = (value: number) => value.toString(2).padStart(2, '0');

/** A US national core segment: version 1, every notice given (1), then the opt-outs. */
function usNational(optOuts: { sale: number; sharing: number; targeted: number }): string {
  const notices = two(1).repeat(6);
  const rest = two(0).repeat(12 + 2) + two(0) + two(2) + two(2) + two(2);
  return textOf(
    '000001' + notices + two(optOuts.sale) + two(optOuts.sharing) + two(optOuts.targeted) + rest,
  );
}

/** A California core segment: version 1, three notices, sale and sharing opt-outs. */
function california(sale: number, sharing: number): string {
  return textOf('000001' + two(1).repeat(3) + two(sale) + two(sharing) + two(0).repeat(12));
}

/** A Virginia core segment: version 1, three notices, sale and targeted advertising opt-outs. */
function virginia(sale: number, targeted: number): string {
  return textOf('000001' + two(1).repeat(3) + two(sale) + two(targeted) + two(0).repeat(10));
}

describe('GPP headers', () => {
  it.each([
    ['DBABM', [2]],
    ['DBABMA', [2]],
    ['DBABTA', [6]],
    ['DBACNYA', [2, 6]],
  ])('reads the IAB example %s as sections %j', (header, ids) => {
    expect(headerSections(header)).toEqual(ids);
  });

  it('writes and reads back any set of sections', () => {
    for (const ids of [[7], [2, 7], [6, 7, 8, 9, 10, 11, 12], [1, 2, 3]]) {
      expect(headerSections(gppHeader(ids))).toEqual(ids);
    }
    expect(gppHeader([2, 6])).toBe('DBACNY');
  });

  it('reads a range of sections', () => {
    // Type 3, version 1, one entry: a range from 7 (offset 7) to 9 (offset 2).
    const bits = '000011' + '000001' + '000000000001' + '1' + fibonacciBits(7) + fibonacciBits(2);
    expect(headerSections(textOf(bits))).toEqual([7, 8, 9]);
  });

  it('refuses what is not a GPP v1 header', () => {
    expect(headerSections('')).toBeNull();
    expect(headerSections('CPXxRfAPXxRfAAfKABENB')).toBeNull();
    expect(headerSections('DB!')).toBeNull();
    expect(bitsOf('A*')).toBeNull();
  });
});

describe('GPP sections', () => {
  it('reads the US national opt-outs of sale, sharing and targeted advertising', () => {
    const header = gppHeader([GPP_SECTION.usNational]);
    const of = (sale: number, sharing: number, targeted: number) =>
      readGpp(`${header}~${usNational({ sale, sharing, targeted })}`)?.usOptOut;
    expect(of(2, 2, 2)).toEqual([]);
    expect(of(0, 0, 0)).toEqual([]);
    expect(of(1, 2, 2)).toEqual([7]);
    expect(of(2, 1, 2)).toEqual([7]);
    expect(of(2, 2, 1)).toEqual([7]);
  });

  it('reads the state sections at their own layouts, a GPC segment after the core', () => {
    const header = gppHeader([GPP_SECTION.california, GPP_SECTION.virginia]);
    expect(readGpp(`${header}~${california(2, 2)}.YA~${virginia(2, 2)}`)?.usOptOut).toEqual([]);
    expect(readGpp(`${header}~${california(2, 1)}~${virginia(2, 2)}`)?.usOptOut).toEqual([8]);
    expect(readGpp(`${header}~${california(2, 2)}~${virginia(2, 1)}`)?.usOptOut).toEqual([9]);
  });

  it('keeps only the sections gpp_sid applies', () => {
    const header = gppHeader([GPP_SECTION.usNational, GPP_SECTION.california]);
    const gpp = `${header}~${usNational({ sale: 1, sharing: 1, targeted: 1 })}~${california(2, 2)}`;
    expect(readGpp(gpp)?.usOptOut).toEqual([7]);
    expect(readGpp(gpp, [8])?.usOptOut).toEqual([]);
  });

  it('carries the TCF EU v2 and US privacy v1 sections as their strings', () => {
    const consent = tcfString({ purposes: [1, 2], vendors: [77] });
    const reading = readGpp(`${gppHeader([2, 6])}~${consent}~1YNN`);
    expect(reading).toMatchObject({ tcfEuV2: consent, usPrivacy: '1YNN', usOptOut: [] });
  });

  it('does not read a string whose sections are missing or broken', () => {
    expect(readGpp(gppHeader([2, 6]))).toBeNull();
    expect(readGpp(`${gppHeader([7])}~not*base64`)).toBeNull();
  });
});

describe('the privacy verdict under GPP', () => {
  const verdictOf = (regs: Record<string, unknown>, vendorId?: number) =>
    privacyVerdict(privacySignalsOf({ regs }), vendorId);

  it('strips personal data on a US opt-out in an applicable section', () => {
    const gpp = `${gppHeader([7])}~${usNational({ sale: 1, sharing: 2, targeted: 2 })}`;
    expect(verdictOf({ gpp, gpp_sid: [7] })).toMatchObject({
      personalData: false,
      deviceId: false,
      reason: 'GPP: opted out of sale, sharing or targeted ads (section 7)',
    });
    // 2.5 placement: regs.ext.
    expect(verdictOf({ ext: { gpp, gpp_sid: '7' } }).personalData).toBe(false);
    // The section does not apply to this request.
    expect(verdictOf({ gpp, gpp_sid: [8] }).personalData).toBe(true);
    const stayed = `${gppHeader([7])}~${usNational({ sale: 2, sharing: 2, targeted: 2 })}`;
    expect(verdictOf({ gpp: stayed, gpp_sid: [7] })).toMatchObject({
      personalData: true,
      deviceId: true,
    });
  });

  it('reads the US privacy v1 section like regs.us_privacy', () => {
    const gpp = `${gppHeader([6])}~1YYN`;
    expect(verdictOf({ gpp, gpp_sid: [6] }).reason).toBe('GPP: US privacy opted out of sale');
    expect(verdictOf({ gpp: `${gppHeader([6])}~1YNN`, gpp_sid: [6] }).personalData).toBe(true);
  });

  it("applies the GDPR with the TCF EU section's consent", () => {
    const consented = tcfString({ purposes: [1, 2], vendors: [77] });
    const gpp = `${gppHeader([2])}~${consented}`;
    expect(verdictOf({ gpp, gpp_sid: [2] }, 77).personalData).toBe(true);
    expect(verdictOf({ gpp, gpp_sid: [2] }, 78)).toMatchObject({
      personalData: false,
      reason: 'GDPR: no TCF consent for vendor 78',
    });
    expect(verdictOf({ gpp, gpp_sid: [2] }).reason).toBe('GDPR: the partner has no GVL vendor id');
  });

  it('reads a string that does not decode, with sections said to apply, as an opt-out', () => {
    expect(verdictOf({ gpp: 'garbage', gpp_sid: [7] })).toMatchObject({
      personalData: false,
      reason: 'GPP: the string does not decode',
    });
    expect(verdictOf({ gpp: 'garbage' }).personalData).toBe(true);
  });
});
