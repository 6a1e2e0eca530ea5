/**
 * The business demo's material libraries: for each advertiser with picture creatives, an
 * icon, the style-sized pictures and (where ffmpeg is there) the product video with its
 * poster, drawn once and stored per owner.
 */
import type { MaterialStorage } from '../../../modules/material/storage.js';
import type { Database } from '../../client.js';
import { addImage, addVideo, drawPng, makeVideo, type DemoPicture } from '../assets.js';

export interface OwnerMaterials {
  icon: number;
  big: number;
  small: number;
  poster: number;
  group: number[];
  /** 0 when no video could be made. */
  video: number;
}
export type DemoMaterials = Map<number, OwnerMaterials>;

const BRANDS: Record<string, { from: string; to: string; headline: string; line: string }> = {
  adv_gamma: {
    from: '#ff7a45',
    to: '#722ed1',
    headline: 'Puzzle Quest',
    line: '300 levels, play free',
  },
  adv_delta: { from: '#13c2c2', to: '#1d39c4', headline: 'Fly south', line: 'Fares from 39' },
  advertiser: {
    from: '#52c41a',
    to: '#006d75',
    headline: 'Adloom Pro',
    line: 'Every campaign, one console',
  },
};
const CITIES = ['Rome', 'Lisbon', 'Athens'];

export interface MaterialsResult {
  library: DemoMaterials;
  /** Whether the video was made (ffmpeg found and working). */
  video: boolean;
  files: number;
}

export async function seedBusinessMaterials(
  tx: Database,
  ids: Map<string, number>,
  storage: MaterialStorage | null,
): Promise<MaterialsResult> {
  const clip = await makeVideo();
  const library: DemoMaterials = new Map();
  let files = 0;
  for (const [username, brand] of Object.entries(BRANDS)) {
    const ownerId = ids.get(username);
    if (ownerId === undefined) continue;
    const picture = (
      name: string,
      width: number,
      height: number,
      headline = brand.headline,
      line?: string,
    ): DemoPicture => ({
      name,
      width,
      height,
      from: brand.from,
      to: brand.to,
      headline,
      ...(line ? { line } : {}),
    });
    const shapes = {
      icon: picture(`${brand.headline} icon`, 120, 120, brand.headline.slice(0, 1)),
      big: picture(`${brand.headline} 1200x628`, 1200, 628, brand.headline, brand.line),
      small: picture(`${brand.headline} 480x320`, 480, 320, brand.headline, brand.line),
      poster: picture(`${brand.headline} poster`, 1280, 720, brand.headline, brand.line),
    };
    const group = CITIES.map((city) => picture(`${city} 360x240`, 360, 240, city));
    const all = [shapes.icon, shapes.big, shapes.small, shapes.poster, ...group];
    const bytes = await Promise.all(all.map(drawPng));
    const added: number[] = [];
    for (const [index, shape] of all.entries()) {
      added.push(await addImage(tx, storage, ownerId, shape, bytes[index] ?? Buffer.alloc(0)));
    }
    files += all.length;
    const video = clip
      ? await addVideo(tx, storage, ownerId, clip, bytes[3] ?? Buffer.alloc(0))
      : 0;
    if (clip) files += 3;
    library.set(ownerId, {
      icon: added[0] ?? 0,
      big: added[1] ?? 0,
      small: added[2] ?? 0,
      poster: added[3] ?? 0,
      group: added.slice(4),
      video,
    });
  }
  return { library, video: clip !== null, files };
}
