/**
 * sharp (libvips), loaded on first use: libvips, its threads and its JavaScript cost an idle
 * server ~20 MB resident (docs/PERFORMANCE.md, "Idle memory"), and only uploads and the demo
 * seed need it.
 */
import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | undefined;

export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Files are read once each; libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
