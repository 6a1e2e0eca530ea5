/** What a style asks of its creatives: the shapes the rules read, and the rules a style sets. */
import type { EnumValue } from '../enum.js';
import { StyleMeta } from '../enums-settings.js';
import { AdStyleType, MaterialKind, type CreativeAuditState } from '../enums.js';

/** A meta element of a style (StyleMeta): title, description, icon, image, … */
export type CreativeElement = EnumValue<typeof StyleMeta>;
export type CreativeAuditStateValue = EnumValue<typeof CreativeAuditState>;

/** A width and height in pixels; 0 in either means unlimited. */
export interface SizeLimit {
  width: number;
  height: number;
}

/** What the rules read of a style (an AdStyle of the settings contract fits). */
export interface StyleShape {
  type: number;
  meta: readonly string[];
  icon_size: SizeLimit | null;
  img_size: SizeLimit | null;
  img3_size: SizeLimit | null;
  video_size: SizeLimit | null;
  /** 0 = unlimited. */
  title_length: number;
  description_length: number;
}

/** What the rules read of a creative (the form's fields, as the wire names them). */
export interface CreativeContent {
  title: string;
  description: string;
  icon_material_id: number | null;
  image_material_id: number | null;
  group_material_ids: readonly number[];
  video_material_id: number | null;
  click_action: number;
  action_text: string;
  special_config: string;
  app_name: string;
  app_package: string;
  click_url: string;
  deeplink_url: string;
}

/** Three Images shows exactly this many group images. */
export const GROUP_IMAGE_COUNT = 3;

/** How far an image's proportions may stray from the style's: 1 %. */
export const ASPECT_TOLERANCE = 0.01;

/** The form field of each meta element. */
export const ELEMENT_FIELDS = {
  title: 'title',
  description: 'description',
  icon: 'icon_material_id',
  image: 'image_material_id',
  groupImages: 'group_material_ids',
  video: 'video_material_id',
  actionText: 'action_text',
  appName: 'app_name',
} as const satisfies Record<CreativeElement, keyof CreativeContent>;

/** The elements holding materials, with the kind they hold. */
export const MATERIAL_ELEMENTS = {
  icon: MaterialKind.image,
  image: MaterialKind.image,
  groupImages: MaterialKind.image,
  video: MaterialKind.video,
} as const;
export type MaterialElement = keyof typeof MATERIAL_ELEMENTS;

/** What each style type cannot do without, whatever its meta lists. */
const TYPE_NEEDS: Record<number, readonly CreativeElement[]> = {
  [AdStyleType.text]: ['title'],
  [AdStyleType.imageOnly]: ['image'],
  [AdStyleType.smallImage]: ['image'],
  [AdStyleType.bigImage]: ['image'],
  [AdStyleType.threeImages]: ['groupImages'],
  [AdStyleType.video]: ['video'],
};

/** The rules a style sets for its creatives. */
export interface StyleRules {
  /** The elements the form shows: the style's meta plus what its type needs. */
  elements: ReadonlySet<CreativeElement>;
  /** The elements a creative must fill: what the type needs, and the title when shown. */
  required: ReadonlySet<CreativeElement>;
  /** Longest title and description in characters; 0 = unlimited. */
  titleLength: number;
  descriptionLength: number;
  /** The size each material element must fit; null = any size. */
  sizes: Record<MaterialElement, SizeLimit | null>;
}

export function styleRules(style: StyleShape): StyleRules {
  const needs = TYPE_NEEDS[style.type] ?? [];
  const meta = style.meta.filter((value): value is CreativeElement => StyleMeta.has(value));
  const elements = new Set<CreativeElement>([...meta, ...needs]);
  const required = new Set<CreativeElement>(needs);
  if (elements.has('title')) required.add('title');
  return {
    elements,
    required,
    titleLength: style.title_length,
    descriptionLength: style.description_length,
    sizes: {
      icon: style.icon_size,
      image: style.img_size,
      groupImages: style.img3_size,
      video: style.video_size,
    },
  };
}
