import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress';

/**
 * zod and the module switching off its eval() probe share one chunk, so the switch runs
 * before any schema is built (chunks a module imports are evaluated before its own body).
 * The Chinese zod messages stay in the lazy Chinese language pack.
 */
function isZodChunkModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  if (path.endsWith('/src/lib/zodConfig.ts')) return true;
  return path.includes('/node_modules/zod/') && !path.includes('/locales/zh');
}

/**
 * Ant Design's core and the parts of it the console shell and the dashboard render (layout,
 * menu, dropdown, button, space, message, tooltip, segmented, empty, the rc-* components and
 * the icons beneath them), in one chunk instead of some thirty of 0.1
 * to 45 KB, each a request on the dashboard's path (docs/decisions/dashboard-first-load.md).
 * The group takes only the modules it names (`includeDependenciesRecursively: false`): taking
 * their dependencies too pulled React and the sign-in page's shared chunk into it, and /login
 * loaded 211 KB. The Chinese locales stay in the lazy Chinese pack.
 */
const SHELL_ICONS =
  'LoadingOutlined|ExclamationCircleFilled|CloseCircleFilled|InfoCircleFilled|CheckCircleFilled|CloseOutlined|BarsOutlined|EllipsisOutlined|PlusOutlined|SearchOutlined|FileImageOutlined|PictureOutlined|LeftOutlined|RightOutlined';
const SHELL_ANTD = new RegExp(
  [
    String.raw`/node_modules/antd/es/(_util|style|theme|config-provider|locale|button|space|dropdown|menu|layout|message|notification|tooltip|app|segmented|empty)/`,
    String.raw`/node_modules/@ant-design/(cssinjs|cssinjs-utils|fast-color|colors)/`,
    String.raw`/node_modules/@ant-design/icons/es/(components|utils|colorUtils|cssUtils|refUtils|renderUtils|icons/(${SHELL_ICONS})\.)`,
    String.raw`/node_modules/@ant-design/icons-svg/es/asn/(${SHELL_ICONS})\.`,
    String.raw`/node_modules/@rc-component/(util|motion|trigger|portal|resize-observer|menu|dropdown|overflow|notification|segmented|context|form|async-validator)/`,
    String.raw`/node_modules/antd/es/(version|form/context|form/hooks/useVariants|form/validateMessagesContext|modal/locale|time-picker/locale/en_US|date-picker/locale/en_US|calendar/locale/en_US)`,
    String.raw`/node_modules/@rc-component/(pagination|picker)/es/locale/en_US`,
    String.raw`/node_modules/antd/es/(color-picker/(color|util|components/ColorPresets)|table/TableMeasureRowContext)\.`,
    String.raw`/node_modules/@rc-component/(tooltip|color-picker)/`,
    String.raw`/node_modules/(stylis|clsx|react-is|is-mobile|@emotion|@babel/runtime)/`,
  ].join('|'),
);

function isShellAntdModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  return SHELL_ANTD.test(path) && !/zh_CN|zh_TW|\/locale\/zh/.test(path);
}

/**
 * index.html starts fetching the console shell's chunk, the antd chunk and the dashboard's
 * page at once, beside the entry, instead of once the entry has run `preloadConsolePage`
 * (docs/decisions/dashboard-first-load.md). The sign-in page's login.html gets none.
 */
function preloadShell(): Plugin {
  return {
    name: 'adloom-preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return [];
        return Object.values(ctx.bundle)
          .filter(
            (chunk) =>
              chunk.type === 'chunk' &&
              (chunk.name === 'antd-shell' ||
                /\/(ConsoleLayout|DashboardPage)\.tsx$/.test(chunk.facadeModuleId ?? '')),
          )
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** The API the dev server forwards to: the Fastify server of apps/server. */
const api = process.env.ADLOOM_API ?? 'http://127.0.0.1:3000';
const forward = { target: api, changeOrigin: true };

export default defineConfig({
  plugins: [react(), precompress(), preloadShell()],
  server: {
    port: 5173,
    proxy: {
      // Only the account service's calls: /user/index and friends are console pages.
      '^/user/(login|logout)': forward,
      '/svc': forward,
      '/docs': forward,
      '/healthz': forward,
    },
  },
  preview: { port: 4173 },
  build: {
    // bench/bundle-size.mjs reads the manifest to measure what /login loads.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Two pages: the console, and the sign-in page the server answers /login with, whose
      // first load carries none of the console's router, query client, antd or zod.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        login: fileURLToPath(new URL('login.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'zod', test: isZodChunkModule },
            { name: 'antd-shell', test: isShellAntdModule, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
