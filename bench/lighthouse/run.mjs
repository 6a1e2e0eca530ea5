// Lighthouse mobile (its default preset: simulated slow 4G, 4× CPU slowdown) on console pages of
// a running, built server, signed in as a demo role by its two token cookies in a fresh Chromium
// profile (nothing cached), as docs/decisions/dashboard-first-load.md measures it. Several
// servers (builds) can be given: runs interleave them, one run of each in turn, and the medians
// come out per server. Lighthouse is not a dependency of the project; install it aside:
//
//   npm install --prefix /tmp/lh lighthouse@12
//   LIGHTHOUSE_MODULES=/tmp/lh/node_modules node bench/lighthouse/run.mjs \
//     --url http://127.0.0.1:3101 --url http://127.0.0.1:3102 \
//     --path /dashboard --role admin --role advertiser --runs 5 [--out /tmp/lh/reports]
//
// --role anonymous opens the page without signing in (/login). Chromium: CHROME_PATH, else
// /usr/bin/chromium. Wrap it in `flock -x /tmp/adloom-quiet.lock` on a shared machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', multiple: true, default: ['http://127.0.0.1:3000'] },
    path: { type: 'string', default: '/dashboard' },
    role: { type: 'string', multiple: true, default: ['admin'] },
    runs: { type: 'string', default: '5' },
    password: { type: 'string', default: 'adloom123' },
    out: { type: 'string' },
  },
});

const modules = process.env.LIGHTHOUSE_MODULES;
const require = createRequire(modules ? join(modules, 'x.js') : import.meta.url);
const load = (name) => import(pathToFileURL(require.resolve(name)).href);
const { default: lighthouse } = await load('lighthouse');
const chromeLauncher = await load('chrome-launcher');
const { default: puppeteer } = await load('puppeteer-core');

const encode = (value) => `b64:${Buffer.from(value, 'utf8').toString('base64')}`;

/** Signs in as `username` through the account service and the service: both tokens. */
async function signIn(base, username) {
  const form = () => {
    const body = new FormData();
    body.set('username', encode(username));
    body.set('password', encode(values.password));
    return body;
  };
  const ask = async (path, field) => {
    const res = await fetch(base + path, { method: 'POST', body: form() });
    const envelope = await res.json();
    const token = envelope?.data?.[field];
    if (typeof token !== 'string') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
    return token;
  };
  return {
    'Admin-Token': await ask('/user/login', 'token'),
    'Go-Token': await ask('/svc/sys/user/login', 'access_token'),
  };
}

async function runOnce(base, role) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    if (role !== 'anonymous') {
      const cookies = await signIn(base, role);
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const { hostname } = new URL(base);
      await browser.setCookie(
        ...Object.entries(cookies).map(([name, value]) => ({
          name,
          value,
          domain: hostname,
          path: '/',
        })),
      );
      await browser.disconnect();
    }
    const result = await lighthouse(base + values.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const ms = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const runs = Number(values.runs);
const results = new Map();
for (let run = 0; run < runs; run += 1) {
  for (const role of values.role) {
    for (const base of values.url) {
      // A run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP on a busy machine)
      // scores 0 with no metrics: run it again rather than count it in the medians.
      let lhr = await runOnce(base, role);
      for (let retry = 0; lhr.runtimeError && retry < 2; retry += 1) {
        console.log(`run ${run + 1} ${role} ${base}: ${lhr.runtimeError.code}, again`);
        lhr = await runOnce(base, role);
      }
      const row = {
        score: Math.round(lhr.categories.performance.score * 100),
        fcp: ms(lhr, 'first-contentful-paint'),
        lcp: ms(lhr, 'largest-contentful-paint'),
        tbt: ms(lhr, 'total-blocking-time'),
        si: ms(lhr, 'speed-index'),
        requests: lhr.audits['network-requests']?.details?.items?.length ?? NaN,
        finalUrl: lhr.finalDisplayedUrl,
      };
      const key = `${role} ${base}`;
      results.set(key, [...(results.get(key) ?? []), row]);
      console.log(
        `run ${run + 1} ${key}: ${row.score} FCP ${(row.fcp / 1000).toFixed(2)} s LCP ${(row.lcp / 1000).toFixed(2)} s TBT ${Math.round(row.tbt)} ms SI ${(row.si / 1000).toFixed(2)} s (${row.finalUrl})`,
      );
      if (values.out) {
        mkdirSync(values.out, { recursive: true });
        const name = `${role}-${new URL(base).port}-${run + 1}.json`;
        writeFileSync(join(values.out, name), JSON.stringify(lhr));
      }
    }
  }
}

console.log(`\nmedians of ${runs} (${values.path}):`);
for (const [key, rows] of results) {
  const pick = (field) => median(rows.map((row) => row[field]));
  console.log(
    `${key}: score ${pick('score')} (${rows.map((row) => row.score).join(', ')}), FCP ${(pick('fcp') / 1000).toFixed(2)} s, LCP ${(pick('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(pick('tbt'))} ms, SI ${(pick('si') / 1000).toFixed(2)} s`,
  );
}
