import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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
 * Ant Design's core and the parts of it the console shell and the dashboard bring after their
 * first paint (layout, menu, dropdown, button, space, message, tooltip, segmented, empty, the
 * rc-* components beneath them), in one chunk instead of some thirty of 0.1
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
    String.raw`/node_modules/@ant-design/(cssinjs|cssinjs-utils)/`,
    String.raw`/node_modules/@rc-component/(util|motion|trigger|portal|resize-observer|menu|dropdown|overflow|notification|segmented|context|form|async-validator)/`,
    String.raw`/node_modules/antd/es/(version|form/context|form/hooks/useVariants|form/validateMessagesContext|modal/locale|time-picker/locale/en_US|date-picker/locale/en_US|calendar/locale/en_US)`,
    String.raw`/node_modules/@rc-component/(pagination|picker)/es/locale/en_US`,
    String.raw`/node_modules/antd/es/(color-picker/(color|util|components/ColorPresets)|table/TableMeasureRowContext)\.`,
    String.raw`/node_modules/@rc-component/(tooltip|color-picker)/`,
    String.raw`/node_modules/(stylis|react-is|is-mobile|@emotion|@babel/runtime)/`,
  ].join('|'),
);

/**
 * The icons the shell and antd's own components draw, with what draws them, in a chunk of
 * their own that imports nothing of antd: the shell's first paint (plain markup with antd's
 * icons) then waits for no antd (docs/decisions/dashboard-first-load.md).
 */
const FIRST_PAINT_ICONS = `${SHELL_ICONS}|MenuFoldOutlined|MenuUnfoldOutlined|MenuOutlined|UserSwitchOutlined`;
const SHELL_ICON_MODULES = new RegExp(
  [
    String.raw`/node_modules/@ant-design/icons/es/(components|utils|colorUtils|cssUtils|refUtils|renderUtils|icons/(${FIRST_PAINT_ICONS})\.)`,
    String.raw`/node_modules/@ant-design/icons-svg/es/asn/(${FIRST_PAINT_ICONS})\.`,
    String.raw`/node_modules/@ant-design/(fast-color|colors)/`,
    String.raw`/node_modules/clsx/`,
  ].join('|'),
);

function isShellIconModule(id: string): boolean {
  return SHELL_ICON_MODULES.test(id.replaceAll('\\', '/'));
}

/**
 * The console shell's and the dashboard's own modules (what they import that neither the
 * console's entry nor /login does) in one chunk: they were seven files of 1-4 KB, as many
 * requests before the first paint, each waiting its turn on the six connections of HTTP/1.1
 * (docs/decisions/dashboard-first-load.md). Found from the module graph once it is built, so
 * the list follows the code.
 */
function firstScreenGraph(): Plugin & { has(id: string): boolean } {
  const screen = new Set<string>();
  const entries = new Set<string>();
  return {
    name: 'adloom-first-screen-graph',
    apply: 'build',
    buildEnd() {
      const walk = (seen: Set<string>, id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        this.getModuleInfo(id)?.importedIds.forEach((next) => walk(seen, next));
      };
      for (const id of this.getModuleIds()) {
        const path = id.replaceAll('\\', '/');
        if (
          /\/src\/(app\/layout\/ConsoleLayout|features\/dashboard\/pages\/DashboardPage)\.tsx$/.test(
            path,
          )
        ) {
          walk(screen, id);
        } else if (/\/apps\/web\/src\/(main|login)\.tsx$/.test(path)) {
          walk(entries, id);
        }
      }
    },
    has: (id) =>
      screen.has(id) && !entries.has(id) && id.replaceAll('\\', '/').includes('/apps/web/src/'),
  };
}

const firstScreen = firstScreenGraph();

function isShellAntdModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  return SHELL_ANTD.test(path) && !/zh_CN|zh_TW|\/locale\/zh/.test(path);
}

type OutputChunk = Rolldown.OutputChunk;

/**
 * index.html starts fetching the console shell's chunk and the dashboard's page, with every
 * chunk and stylesheet they import, at once beside the entry, instead of once the entry has
 * run `preloadConsolePage` (docs/decisions/dashboard-first-load.md). Neither imports antd:
 * the shell's first paint is plain markup, and antd comes with the parts that use it. The
 * sign-in page's login.html gets none.
 */
function preloadShell(): Plugin {
  return {
    name: 'adloom-preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return [];
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(ctx.bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        // The shell's and the dashboard's chunks with every chunk and stylesheet they import
        // statically, which the entry would otherwise ask for only once it has run.
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || scripts.has(chunk.fileName)) return;
          scripts.add(chunk.fileName);
          chunk.viteMetadata?.importedCss.forEach((file) => styles.add(file));
          chunk.imports.forEach((file) => visit(chunks.get(file)));
        };
        for (const chunk of chunks.values()) {
          if (chunk.moduleIds.some((id) => /\/(ConsoleLayout|DashboardPage)\.tsx$/.test(id))) {
            visit(chunk);
          }
        }
        const links = (rel: string, files: Set<string>) =>
          [...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => ({
              tag: 'link',
              attrs: { rel, crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            }));
        return [...links('stylesheet', styles), ...links('modulepreload', scripts)];
      },
    },
  };
}

/** The API the dev server forwards to: the Fastify server of apps/server. */
const api = process.env.ADLOOM_API ?? 'http://127.0.0.1:3000';
const forward = { target: api, changeOrigin: true };

export default defineConfig({
  plugins: [react(), precompress(), preloadShell(), firstScreen],
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
            { name: 'shell-icons', test: isShellIconModule, includeDependenciesRecursively: false },
            { name: 'first-screen', test: firstScreen.has, includeDependenciesRecursively: false },
            { name: 'antd-shell', test: isShellAntdModule, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
