/**
 * A referenced material as a creative presents it (enough for a preview), with the URLs the
 * materials module serves it at: the web-playable MP4 once a video is transcoded, else the
 * original; the thumbnail when made.
 */
import type { CreativeAsset } from '@adloom/domain';
import { fileUrl } from '../material/service.js';
import type { MaterialRow } from './repo.js';

export function materialAsset(material: MaterialRow): CreativeAsset {
  return {
    id: material.id,
    kind: material.kind,
    url: fileUrl(material.transcodedKey ?? material.storageKey),
    thumbnail_url: material.thumbnailKey ? fileUrl(material.thumbnailKey) : null,
    width: material.width,
    height: material.height,
  };
}
