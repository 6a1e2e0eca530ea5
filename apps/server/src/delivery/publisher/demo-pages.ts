/**
 * The demo publisher site (issue 17): one page per ad form under /demo/publisher, each
 * putting the web SDK on a page the way a publisher would (two lines: the script and a
 * marked element, or a call for the overlay forms), so a person sees ads render, impressions
 * counted after a second in view, clicks recorded in the reports. Each page takes the first
 * active SDK slot of its form (the seeded demo slots on a fresh install), or the one `?slot=`
 * names. A page logs the SDK's events on screen and in `window.adloomDemo.events`.
 */
import {
  AdForm,
  DEMO_PUBLISHER_PATH,
  SDK_PATH,
  SupplyType,
  demoPageName,
  unreachable,
  type EnumValue,
} from '@adloom/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { media, slots } from '../../db/schema.js';

interface DemoForm {
  page: string;
  /** Every form but unlimited has a page. */
  adForm: Exclude<EnumValue<typeof AdForm>, typeof AdForm.unlimited>;
  title: string;
}

/** The forms with a page, in the order the site lists them; each page named by the domain. */
export const DEMO_FORMS: readonly DemoForm[] = (
  [
    [AdForm.banner, 'Banner'],
    [AdForm.interstitial, 'Interstitial'],
    [AdForm.splash, 'Splash'],
    [AdForm.feed, 'Feed'],
    [AdForm.rewardedVideo, 'Rewarded video'],
  ] as const
).map(([adForm, title]) => ({ adForm, title, page: demoPageName(adForm) ?? 'banner' }));

interface DemoSlot {
  id: number;
  name: string;
  os: number;
  bundle: string;
  countries: string[];
}

const ACTIVE = 0;

/** The slot a page shows: `?slot=` when it names an active slot, else the first of the form. */
async function slotFor(
  db: Database,
  adForm: number,
  named: number | null,
): Promise<DemoSlot | null> {
  const rows = await db
    .select({
      id: slots.id,
      name: slots.name,
      os: media.os,
      bundle: media.bundle,
      countries: slots.countries,
    })
    .from(slots)
    .innerJoin(media, eq(media.id, slots.mediaId))
    .where(
      and(
        eq(slots.status, ACTIVE),
        eq(media.status, ACTIVE),
        named === null ? eq(slots.adForm, adForm) : eq(slots.id, named),
      ),
    )
    // The demo is an SDK page: a slot sold through the SDK first, then the oldest.
    .orderBy(desc(eq(slots.supplyType, SupplyType.sdk)), asc(slots.id))
    .limit(1);
  return rows[0] ?? null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a <script>: no `</script>` or `<!--` can close or open anything. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What the demo tells /serve/ad about its reader: the slot's app, a country it serves. */
function paramsOf(slot: DemoSlot): Record<string, string> {
  return {
    os: String(slot.os || 1),
    ...(slot.bundle ? { app: slot.bundle } : {}),
    country: slot.countries[0] ?? 'US',
    lang: 'en',
  };
}

const dataAttributes = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => ` data-adloom-${name.replace(/_/g, '-')}="${escapeHtml(value)}"`)
    .join('');

const ARTICLE = `<p>Adloom News is a demo publisher: this page carries the Adloom web SDK as a
publisher's page would, and the ad below comes from the slot named above through
<code>GET /serve/ad</code>. Its impression is counted only once at least half of it has been
in view for one continuous second (two for video), and a click goes through the signed click
URL: both show in the console's reports within a few seconds.</p>`;

const FILLER = Array.from(
  { length: 6 },
  (_, i) =>
    `<p class="filler">Paragraph ${i + 1} of the article. The ad waits further down the page; scroll to it and keep it in view for a second to count its impression.</p>`,
).join('\n');

function layout(form: DemoForm, slot: DemoSlot | null, body: string): string {
  const nav = DEMO_FORMS.map(
    (f) =>
      `<a href="${DEMO_PUBLISHER_PATH}/${f.page}"${f === form ? ' aria-current="page"' : ''}>${f.title}</a>`,
  ).join(' · ');
  const slotLine = slot
    ? `Slot <b>${slot.id}</b> (${escapeHtml(slot.name)})`
    : `No active ${form.title.toLowerCase()} slot: create one in the console (Media → Slots) or open this page with <code>?slot=ID</code>.`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Adloom demo publisher — ${form.title}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header,main{max-width:720px;margin:0 auto;padding:12px 16px}
header{border-bottom:1px solid #ddd}nav a{margin-right:4px}
.filler{min-height:180px}.slot{margin:16px 0;min-height:50px}
#events{font:12px/1.4 monospace;background:#fff;border:1px solid #ddd;padding:8px 8px 8px 28px}
.story{background:#fff;border:1px solid #eee;border-radius:8px;padding:12px;margin:12px 0}
button{font:inherit;padding:6px 14px}
</style>
<script>
window.adloomDemo = { events: [] };
function adloomDemoLog(type, detail) {
  window.adloomDemo.events.push({ type: type, detail: detail });
  var item = document.createElement('li');
  item.textContent = new Date().toISOString().slice(11, 19) + ' ' + type +
    (typeof detail === 'string' ? ' ' + detail : detail && detail.creative_id ? ' creative ' + detail.creative_id : '');
  var list = document.getElementById('events');
  if (list) list.appendChild(item);
}
['render', 'impression', 'click', 'nofill', 'error', 'close', 'reward'].forEach(function (type) {
  document.addEventListener('adloom:' + type, function (event) { adloomDemoLog(type, event.detail); });
});
function adloomDemoCallbacks() {
  var callbacks = {};
  ['Render', 'Impression', 'Click', 'NoFill', 'Error', 'Close', 'Reward'].forEach(function (name) {
    callbacks['on' + name] = function (detail) {
      adloomDemoLog(name.toLowerCase(), detail instanceof Error ? detail.message : detail);
    };
  });
  return callbacks;
}
</script>
<script src="${SDK_PATH}" async></script>
</head><body>
<header><b>Adloom News</b> — demo publisher · ${nav}<br><small>${slotLine}</small></header>
<main>
<h1>${form.title}</h1>
${body}
<h2>SDK events</h2>
<ol id="events"></ol>
</main>
</body></html>`;
}

/** Calls adloom.render once the SDK has loaded (it loads async). */
const whenSdk = (code: string) => `<script>
(function run() {
  if (!window.adloom) return void setTimeout(run, 20);
  ${code}
})();
</script>`;

function pageBody(form: DemoForm, slot: DemoSlot | null): string {
  if (!slot) return ARTICLE;
  const params = paramsOf(slot);
  const call = (target: string) =>
    `window.adloom.render(${target}, Object.assign({ slot: ${slot.id}, params: ${scriptJson(params)} }, adloomDemoCallbacks()));`;
  switch (form.adForm) {
    case AdForm.banner:
      return `${ARTICLE}\n${FILLER}\n<div class="slot" id="ad" data-adloom-slot="${slot.id}"${dataAttributes(params)}></div>\n${FILLER}`;
    case AdForm.feed:
      return `${ARTICLE}
<div class="story"><b>Local team wins the cup</b><p>A late goal settles the final.</p></div>
<div class="story"><b>Rain all week</b><p>Bring an umbrella, the forecast says.</p></div>
<div class="slot" id="ad" data-adloom-slot="${slot.id}"${dataAttributes(params)}></div>
<div class="story"><b>New library opens</b><p>Forty thousand books on the shelves.</p></div>`;
    case AdForm.interstitial:
      return `${ARTICLE}<p><button id="show">Open the next article</button></p>
${whenSdk(`document.getElementById('show').onclick = function () { ${call('document.body')} };`)}`;
    case AdForm.splash:
      return `${ARTICLE}${whenSdk(call('document.body'))}`;
    case AdForm.rewardedVideo:
      return `${ARTICLE}<p>Coins: <b id="coins">0</b> <button id="show">Watch an ad for 10 coins</button></p>
${whenSdk(`document.getElementById('show').onclick = function () {
    var callbacks = adloomDemoCallbacks();
    var reward = callbacks.onReward;
    callbacks.onReward = function (ad) {
      var coins = document.getElementById('coins');
      coins.textContent = String(Number(coins.textContent) + 10);
      reward(ad);
    };
    window.adloom.render(document.body, Object.assign({ slot: ${slot.id}, params: ${scriptJson(params)} }, callbacks));
  };`)}`;
    default:
      return unreachable(form.adForm);
  }
}

function indexPage(): string {
  const list = DEMO_FORMS.map(
    (f) => `<li><a href="${DEMO_PUBLISHER_PATH}/${f.page}">${f.title}</a></li>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Adloom demo publisher</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px">
<h1>Adloom demo publisher</h1>
<p>One page per ad form, each showing the Adloom web SDK (<code>${SDK_PATH}</code>) on the first
active slot of that form. Add <code>?slot=ID</code> to show another slot. The SDK's reference:
docs/SDK.md.</p><ul>${list}</ul></body></html>`;
}

const SLOT_QUERY = /^[1-9]\d{0,9}$/;

export function registerDemoPages(app: FastifyInstance, db: () => Database): void {
  const options = { schema: { hide: true } };
  const html = 'text/html; charset=utf-8';
  app.get(DEMO_PUBLISHER_PATH, options, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type(html).send(indexPage()),
  );
  for (const form of DEMO_FORMS) {
    app.get<{ Querystring: { slot?: string } }>(
      `${DEMO_PUBLISHER_PATH}/${form.page}`,
      options,
      async (request, reply) => {
        const named = request.query.slot;
        const slot = await slotFor(
          db(),
          form.adForm,
          typeof named === 'string' && SLOT_QUERY.test(named) ? Number(named) : null,
        );
        return reply
          .header('cache-control', 'no-cache')
          .type(html)
          .send(layout(form, slot, pageBody(form, slot)));
      },
    );
  }
}
