/** A creative as the API shows it: its fields, owner, reviewer, audit state and material assets. */
import {
  auditStateOf,
  canonicalSpecialConfig,
  type Creative,
  type CreativeAsset,
  type CreativeFields,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../changes/noted.js';
import { materialAsset } from './assets.js';
import * as repo from './repo.js';
import type { CreativeRow, CreativeView } from './repo.js';

/** The fields of a stored creative as the form sends them: what is compared and logged. */
export function fieldsOf(row: CreativeRow): CreativeFields {
  return {
    name: row.name,
    style_id: row.styleId,
    language: row.language,
    os: row.os,
    title: row.title,
    description: row.description,
    icon_material_id: row.iconMaterialId,
    image_material_id: row.imageMaterialId,
    group_material_ids: row.groupMaterialIds,
    video_material_id: row.videoMaterialId,
    click_action: row.clickAction,
    action_text: row.actionText,
    special_config: canonicalSpecialConfig(row.specialConfig),
    app_name: row.appName,
    app_package: row.appPackage,
    click_url: row.clickUrl,
    deeplink_url: row.deeplinkUrl,
    impression_monitor_urls: row.impressionMonitorUrls,
    click_monitor_urls: row.clickMonitorUrls,
  };
}

/** The material ids a creative names, icon first, in preview order. */
function materialIdsOf(row: CreativeRow): number[] {
  return [
    row.iconMaterialId,
    row.imageMaterialId,
    ...row.groupMaterialIds,
    row.videoMaterialId,
  ].filter((id): id is number => id !== null);
}

function present(view: CreativeView, assets: Map<number, CreativeAsset>): Creative {
  const row = view.creative;
  const reviewedAt = row.reviewedAt?.toISOString() ?? null;
  return {
    id: row.id,
    ...fieldsOf(row),
    owner: { id: row.ownerId, username: view.ownerUsername, nickname: view.ownerNickname },
    style_name: view.styleName,
    style_type: view.styleType,
    assets: [...new Set(materialIdsOf(row))].flatMap((id) => {
      const asset = assets.get(id);
      return asset ? [asset] : [];
    }),
    review: row.review,
    audit_state: auditStateOf({ review: row.review, status: row.status, reviewed_at: reviewedAt }),
    reject_reason: row.rejectReason,
    reviewer:
      row.reviewerId === null
        ? null
        : {
            id: row.reviewerId,
            username: view.reviewerUsername ?? '',
            nickname: view.reviewerNickname ?? '',
          },
    reviewed_at: reviewedAt,
    submitted_at: row.submittedAt.toISOString(),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Presents views with their materials, read in one query. */
export async function presentAll(db: Database, views: CreativeView[]): Promise<Creative[]> {
  const ids = views.flatMap((view) => materialIdsOf(view.creative));
  const materials = await repo.findMaterials(db, ids);
  const assets = new Map(materials.map((material) => [material.id, materialAsset(material)]));
  return views.map((view) => present(view, assets));
}

export async function presentOne(db: Database, id: number): Promise<Creative> {
  const view = await repo.findCreativeView(db, id);
  if (!view) throw notFound('Creative', id);
  const [creative] = await presentAll(db, [view]);
  if (!creative) throw notFound('Creative', id);
  return creative;
}
