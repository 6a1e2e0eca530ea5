/**
 * A creative's markup in its style (AdStyleType: text, image only, small image, big image,
 * three images, video), built with DOM calls from the answer's fields: the creative's text is
 * text, never HTML, and only http(s) URLs are loaded. A partner's markup goes into a sandboxed
 * iframe without same-origin rights, so its scripts run in an opaque origin and cannot reach
 * the page.
 */
import { AdStyleType, unreachable } from '@adloom/domain/sdk';
import type { ServedAd, ServedAsset } from '@adloom/domain';

type Children = (Node | null | undefined | false)[];

export function el(tag: string, className: string, ...children: Children): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

export function text(tag: string, className: string, value: string): HTMLElement | null {
  if (!value) return null;
  const node = el(tag, className);
  node.textContent = value;
  return node;
}

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

function image(asset: ServedAsset | null, className: string): HTMLElement | null {
  if (!asset || !isWebUrl(asset.url)) return null;
  const img = el('img', className) as HTMLImageElement;
  img.src = asset.url;
  img.alt = '';
  img.decoding = 'async';
  return img;
}

/** The ad's video element (muted so browsers let it autoplay, inline on phones). */
export function videoOf(ad: ServedAd): HTMLVideoElement | null {
  if (!ad.video || !isWebUrl(ad.video.url)) return null;
  const video = el('video', 'v') as HTMLVideoElement;
  video.src = ad.video.url;
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.preload = 'auto';
  return video;
}

/** The style the ad is drawn in: the server's, else what its assets suggest. */
export function styleOf(ad: ServedAd): number {
  if (ad.style_type) return ad.style_type;
  if (ad.video) return AdStyleType.video;
  if (ad.images.length >= 3) return AdStyleType.threeImages;
  if (ad.image) return ad.title ? AdStyleType.bigImage : AdStyleType.imageOnly;
  if (ad.icon) return AdStyleType.smallImage;
  return AdStyleType.text;
}

function action(ad: ServedAd): HTMLElement | null {
  return text('span', 'cta', ad.action_text);
}

/** The creative's body in its style; `video` is the element when the style plays one. */
export function creativeBody(ad: ServedAd): { body: HTMLElement; video: HTMLVideoElement | null } {
  const title = () => text('div', 't', ad.title);
  const description = () => text('div', 'd', ad.description);
  // A style this SDK does not know shows as text: title, description, action.
  const wire = styleOf(ad);
  const style = AdStyleType.has(wire) ? wire : AdStyleType.text;
  switch (style) {
    case AdStyleType.imageOnly:
      return {
        body: el('div', 's-image', image(ad.image ?? ad.images[0] ?? null, 'full')),
        video: null,
      };
    case AdStyleType.smallImage:
      return {
        body: el(
          'div',
          's-small',
          image(ad.icon ?? ad.image, 'thumb'),
          el('div', 'col', title(), description()),
          action(ad),
        ),
        video: null,
      };
    case AdStyleType.bigImage:
      return {
        body: el('div', 's-big', title(), image(ad.image, 'full'), description(), action(ad)),
        video: null,
      };
    case AdStyleType.threeImages:
      return {
        body: el(
          'div',
          's-three',
          title(),
          el('div', 'row', ...ad.images.slice(0, 3).map((asset) => image(asset, 'third'))),
          description(),
          action(ad),
        ),
        video: null,
      };
    case AdStyleType.video: {
      const video = videoOf(ad);
      return { body: el('div', 's-video', video, title(), action(ad)), video };
    }
    case AdStyleType.text:
      return {
        body: el('div', 's-text', title(), description(), action(ad)),
        video: null,
      };
    default:
      return unreachable(style);
  }
}

/** A partner's HTML markup, isolated: scripts may run, but in an opaque origin of their own. */
export function partnerFrame(ad: ServedAd): HTMLIFrameElement {
  const frame = el('iframe', 'frame') as HTMLIFrameElement;
  frame.setAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
  frame.setAttribute('scrolling', 'no');
  frame.title = 'Advertisement';
  frame.width = String(ad.width || 320);
  frame.height = String(ad.height || 50);
  frame.srcdoc = ad.adm;
  return frame;
}

/** Whether a partner's markup is VAST (a video player's to read) rather than HTML. */
export const isVast = (adm: string) => /^\s*(<\?xml[^>]*>\s*)?<VAST/i.test(adm);

export const CREATIVE_CSS = `
:host{all:initial;display:block;font:14px/1.4 system-ui,sans-serif;color:#1f1f1f}
a.ad{display:block;color:inherit;text-decoration:none;position:relative;cursor:pointer}
.lbl{position:absolute;top:2px;right:2px;background:rgba(0,0,0,.55);color:#fff;font-size:10px;padding:0 4px;border-radius:2px}
.t{font-weight:600}.d{color:#555}.cta{display:inline-block;margin-top:6px;padding:4px 10px;border-radius:4px;background:#1677ff;color:#fff}
img.full,video.v{display:block;width:100%;height:auto;max-height:100%;object-fit:contain}
.s-small{display:flex;gap:8px;align-items:center}.s-small .col{flex:1;min-width:0}
img.thumb{width:64px;height:64px;object-fit:cover;border-radius:4px}
.s-three .row{display:flex;gap:4px;margin:6px 0}img.third{flex:1;min-width:0;width:33%;object-fit:cover}
.s-text,.s-small,.s-big,.s-three,.s-video{padding:8px}
.card{border:1px solid #e5e5e5;border-radius:8px;background:#fff;overflow:hidden}
.ov{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.7)}
.ov.splash{background:#fff}.ov.rewarded{background:#000;color:#fff}
.ov .box{max-width:min(92vw,640px);max-height:92vh;overflow:auto;background:#fff;color:#1f1f1f;border-radius:8px}
.ov.splash .box{max-width:100vw;max-height:100vh;width:100%;border-radius:0}
.ov.rewarded .box{background:#000;color:#fff}
.x{position:absolute;top:12px;right:12px;border:0;border-radius:16px;padding:6px 12px;background:rgba(0,0,0,.6);color:#fff;font:inherit;cursor:pointer}
.x[hidden]{display:none}
iframe.frame{border:0;display:block;max-width:100%}
`;
