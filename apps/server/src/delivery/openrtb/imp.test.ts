/**
 * Which creative answers which impression, and how (imp.ts): the media type the creative
 * really is among those the impression offers, sizes among its formats, Native over its
 * asset list, VAST within its video rules. Pure: creatives as the snapshot holds them.
 */
import { AdStyleType } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { creativeConfig } from '../decision/test-kit.js';
import { ImpSpec } from './imp.js';

const image = creativeConfig({
  id: 1,
  styleType: AdStyleType.imageOnly,
  width: 300,
  height: 250,
  image: { url: '/files/i.png', width: 300, height: 250 },
});
const text = creativeConfig({
  id: 2,
  styleType: AdStyleType.text,
  width: 0,
  height: 0,
  image: null,
  title: 'Text ad',
});
const feed = creativeConfig({
  id: 3,
  styleType: AdStyleType.bigImage,
  width: 1200,
  height: 627,
  title: 'A feed ad title',
  description: 'What it is about',
  image: { url: '/files/m.jpg', width: 1200, height: 627 },
  icon: { url: '/files/i.png', width: 64, height: 64 },
});
const clip = creativeConfig({
  id: 4,
  styleType: AdStyleType.video,
  width: 1280,
  height: 720,
  image: null,
  video: { url: '/files/v.mp4', width: 1280, height: 720, durationMs: 15_000 },
});

const nativeOf = (assets: unknown[]) => ({ request: JSON.stringify({ ver: '1.2', assets }) });

describe('ImpSpec', () => {
  it('takes no audio-only impression and none without a media object', () => {
    expect(new ImpSpec({ id: '1', audio: { mimes: ['audio/mp4'] } }).answerable).toBe(false);
    expect(new ImpSpec({ id: '1' }).answerable).toBe(false);
    expect(new ImpSpec({ id: '1', native: { request: 'not json' } }).answerable).toBe(false);
  });

  it('answers a video-or-banner impression with banner HTML (mtype 1) from a non-video creative', () => {
    const spec = new ImpSpec({
      id: '1',
      video: { mimes: ['video/mp4'] },
      banner: { w: 300, h: 250 },
    });
    expect(spec.formFor(image)).toEqual({ mtype: 1, w: 300, h: 250 });
    expect(spec.formFor(text)).toEqual({ mtype: 1, w: 300, h: 250 });
    expect(spec.formFor(clip)).toMatchObject({ mtype: 2, w: 1280, h: 720, vastVersion: '4.0' });
  });

  it('keeps banner sizes among the formats, a text ad at the first of them', () => {
    const spec = new ImpSpec({
      id: '1',
      banner: {
        format: [
          { w: 728, h: 90 },
          { w: 970, h: 250 },
        ],
      },
    });
    expect(spec.formFor(image)).toBeNull();
    expect(spec.formFor(text)).toEqual({ mtype: 1, w: 728, h: 90 });
    // A text ad without any size stated cannot say its size: no bid.
    expect(new ImpSpec({ id: '1', banner: {} }).formFor(text)).toBeNull();
    expect(new ImpSpec({ id: '1', banner: {} }).formFor(image)).toEqual({
      mtype: 1,
      w: 300,
      h: 250,
    });
  });

  it('honours blocked banner types and flex formats', () => {
    expect(
      new ImpSpec({ id: '1', banner: { w: 300, h: 250, btype: [2] } }).formFor(image),
    ).toBeNull();
    expect(
      new ImpSpec({ id: '1', banner: { w: 300, h: 250, btype: [1] } }).formFor(text),
    ).toBeNull();
    const flex = new ImpSpec({
      id: '1',
      banner: { format: [{ wratio: 6, hratio: 5, wmin: 250 }] },
    });
    expect(flex.formFor(image)).toEqual({ mtype: 1, w: 300, h: 250 });
    const tooWide = new ImpSpec({
      id: '1',
      banner: { format: [{ wratio: 6, hratio: 5, wmin: 320 }] },
    });
    expect(tooWide.formFor(image)).toBeNull();
  });

  it('offers VAST only within mimes, durations, exact durations and protocols', () => {
    const form = (video: Record<string, unknown>) => new ImpSpec({ id: '1', video }).formFor(clip);
    expect(form({ mimes: ['video/webm'] })).toBeNull();
    expect(form({ mimes: ['video/mp4'], maxduration: 10 })).toBeNull();
    expect(form({ mimes: ['video/mp4'], minduration: 20 })).toBeNull();
    expect(form({ mimes: ['video/mp4'], rqddurs: [6, 30] })).toBeNull();
    expect(form({ mimes: ['video/mp4'], rqddurs: [15] })).toMatchObject({ mtype: 2 });
    expect(form({ mimes: ['video/mp4'], protocols: [5, 6] })).toBeNull();
    expect(form({ mimes: ['video/mp4'], protocols: [2, 3] })).toMatchObject({ vastVersion: '3.0' });
    expect(form({ mimes: ['video/mp4'], protocols: [3, 7, 13] })).toMatchObject({
      vastVersion: '4.2',
    });
    expect(form({ mimes: ['video/mp4'], linearity: 2 })).toBeNull();
    // A video creative makes no banner.
    expect(new ImpSpec({ id: '1', banner: { w: 1280, h: 720 } }).formFor(clip)).toBeNull();
  });

  it('fills the native request’s own assets, and declines when a required one cannot be', () => {
    const spec = new ImpSpec({
      id: '1',
      native: nativeOf([
        { id: 41, required: 1, title: { len: 6 } },
        { id: 42, required: 1, img: { type: 3, wmin: 600, hmin: 300 } },
        { id: 43, img: { type: 1, w: 50, h: 50 } },
        { id: 44, data: { type: 2 } },
      ]),
    });
    const form = spec.formFor(feed);
    expect(form?.mtype).toBe(4);
    if (form?.mtype !== 4) return;
    // The 50×50 icon is exact and ours is 64×64: the optional asset is left out.
    expect(form.assets.map((asset) => asset.id)).toEqual([41, 42, 44]);
    expect(form.assets[0]).toMatchObject({ kind: 'title', text: 'A feed' });
    const rating = new ImpSpec({
      id: '1',
      native: nativeOf([{ id: 1, required: 1, data: { type: 3 } }]),
    });
    expect(rating.formFor(feed)).toBeNull();
    expect(rating.answerable).toBe(true);
  });

  it('prefers native for feed-shaped creatives and banner for image-only ones', () => {
    const both = new ImpSpec({
      id: '1',
      banner: {
        format: [
          { w: 300, h: 250 },
          { w: 1200, h: 627 },
        ],
      },
      native: nativeOf([
        { id: 1, required: 1, title: { len: 30 } },
        { id: 2, img: { type: 3 } },
      ]),
    });
    expect(both.formFor(feed)?.mtype).toBe(4);
    expect(both.formFor(image)?.mtype).toBe(1);
  });
});
