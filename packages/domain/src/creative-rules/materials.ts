/** How a referenced material fits the element and the style's size. */
import { MaterialKind, TranscodeState, WideStatus } from '../enums.js';
import {
  type SizeLimit,
  type StyleShape,
  ASPECT_TOLERANCE,
  MATERIAL_ELEMENTS,
  type MaterialElement,
  styleRules,
} from './style.js';
import type { CreativeIssue } from './issues.js';

/** What the rules read of a referenced material. */
export interface MaterialFacts {
  kind: string;
  width: number;
  height: number;
  status: number;
  transcode_state: number | null;
}

export function formatSizeLimit(size: SizeLimit): string {
  const side = (value: number) => (value > 0 ? String(value) : '*');
  return `${side(size.width)} x ${side(size.height)}`;
}

/**
 * Whether a material of `actual` size fits `limit`: with both sides limited, at least that
 * size in the same proportions (±1 %); with one side limited (the other 0), at least that
 * side; no limit (null, or 0 x 0), any size.
 */
export function sizeFits(limit: SizeLimit | null, actual: SizeLimit): boolean {
  if (!limit) return true;
  const { width, height } = limit;
  if (width > 0 && actual.width < width) return false;
  if (height > 0 && actual.height < height) return false;
  if (width > 0 && height > 0) {
    if (actual.height <= 0) return false;
    const wanted = width / height;
    return Math.abs(actual.width / actual.height - wanted) <= wanted * ASPECT_TOLERANCE;
  }
  return true;
}

/**
 * What is wrong with `material` in `element` of a creative of `style`; undefined when it
 * fits. `material` undefined: not found in the owner's library.
 */
export function materialIssue(
  element: MaterialElement,
  material: MaterialFacts | undefined,
  style: StyleShape,
): Omit<CreativeIssue, 'path'> | undefined {
  if (!material) return { rule: 'materialMissing' };
  const kind = MATERIAL_ELEMENTS[element];
  if (material.kind !== kind) {
    return { rule: kind === MaterialKind.video ? 'materialVideo' : 'materialImage' };
  }
  if (material.status !== WideStatus.active) return { rule: 'materialInactive' };
  if (kind === MaterialKind.video) {
    if (material.transcode_state === TranscodeState.failed) return { rule: 'videoFailed' };
    if (material.transcode_state !== TranscodeState.transcoded) return { rule: 'videoTranscoding' };
  }
  const limit = styleRules(style).sizes[element];
  if (limit && !sizeFits(limit, material)) {
    const both = limit.width > 0 && limit.height > 0;
    return {
      rule: both ? 'sizeMismatch' : 'sizeTooSmall',
      params: { size: formatSizeLimit(limit), actual: `${material.width} x ${material.height}` },
    };
  }
  return undefined;
}
