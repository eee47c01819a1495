/// <reference types="vitest/config" />
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type ConfigEnv, type Plugin, type Rollup } from 'vite';
import { build as esbuild } from 'esbuild';
import { DAILY_PAGES } from '../../packages/shared/src/daily-pages.ts';
import { PAGE_BOOT_SCRIPT, ROUTE_BOOT_SCRIPT } from '../../packages/shared/src/page-boot.ts';

/**
 * Writes .br and .gz siblings of every text asset at build time, so the server sends them
 * compressed at maximum level without spending CPU per request (many users are on slow mobile data).
 */
function precompress(): Plugin {
  return {
    name: 'tavara-precompress',
    apply: clientBuild,
    // writeBundle, not generateBundle: only the written files have Vite's final chunk code
    // (its preload helper is filled in during generateBundle).
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (/\.(js|css|svg|json|txt|html)$/.test(fileName)) writeCompressed(join(outDir, fileName));
      }
    },
  };
}

function writeCompressed(path: string) {
  const buffer = readFileSync(path);
  if (buffer.length < 1024) return;
  writeFileSync(`${path}.br`, brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(buffer, { level: 9 }));
}

/** Set while the daily pages' chunks are worked out from a first build (dailyPagesChunks below). */
const CHUNK_PROBE = 'TAVARA_CHUNK_PROBE';

/** The browser build only: the prerender's SSR build (below) and the chunk probe run with the same config. */
const clientBuild = (_config: unknown, env: ConfigEnv) =>
  env.command === 'build' && !env.isSsrBuild && !process.env[CHUNK_PROBE];

const QUERY_LAYOUT = 'src/app/query-layout.tsx';
const ROLE_DASHBOARD = 'src/app/routes/dashboard/role-dashboard-route.tsx';
const BEING_BUILT = 'src/app/routes/being-built-page.tsx';

/**
 * The public pages built to HTML (issue 23, docs/decisions/028-prerendered-public-pages.md), each
 * with the modules of its lazily loaded route: their chunks (and what those import) are
 * preloaded by the page, so it hydrates without waiting for the entry to ask for them. The
 * floating chat and support buttons load after the load event (app/router.tsx `useLoaded`), so
 * no page preloads them; `/`'s list is the landing page's first load that
 * scripts/check-landing-size.mjs checks.
 */
const PRERENDERED_PAGES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/app/routes/home-page.tsx'],
  '/about': [QUERY_LAYOUT, 'src/app/routes/about-page.tsx'],
  '/faq': [QUERY_LAYOUT, 'src/app/routes/faq-page.tsx'],
  '/features': [QUERY_LAYOUT, 'src/app/routes/features-page.tsx'],
  '/family/features-overview': [QUERY_LAYOUT, 'src/app/routes/family-features-overview-page.tsx'],
  '/professional/features-overview': [QUERY_LAYOUT, 'src/app/routes/professional-features-overview-page.tsx'],
  '/community/features-overview': [QUERY_LAYOUT, 'src/app/routes/community-features-overview-page.tsx'],
  '/dashboard/family': [QUERY_LAYOUT, ROLE_DASHBOARD],
  '/dashboard/professional': [QUERY_LAYOUT, ROLE_DASHBOARD],
  '/dashboard/community': [QUERY_LAYOUT, ROLE_DASHBOARD],
  '/auth': ['src/app/routes/auth/sign-in-page.tsx'],
  '/terms': ['src/features/legal/terms-page.tsx'],
  '/privacy': ['src/features/legal/privacy-page.tsx'],
  '/legacy-stories': [QUERY_LAYOUT, BEING_BUILT],
};

/** The landing page's own modules: its first load (scripts/check-landing-size.mjs) and the chat launcher. */
const LANDING_MODULES = ['src/app/routes/home-page.tsx', 'src/features/registration-chat/chat-launcher.tsx'];

/**
 * The other pages whose first load has a budget (scripts/check-page-sizes.mjs) or a Lighthouse
 * goal, each as the modules it loads before it responds.
 */
const PUBLIC_FIRST_LOADS: Readonly<Record<string, readonly string[]>> = {
  auth: ['src/app/routes/auth/sign-in-page.tsx'],
  forms: ['src/features/auth/components/auth-page-body.tsx'],
  dashboards: [QUERY_LAYOUT, ROLE_DASHBOARD],
  public: Object.entries(PRERENDERED_PAGES).flatMap(([path, modules]) =>
    ['/', '/auth'].includes(path) || path.startsWith('/dashboard/') ? [] : modules,
  ),
};

/** What every daily page also loads before it renders: the data layer and the route's prefetch. */
const DAILY_SHELL = [QUERY_LAYOUT, 'src/app/route-data.ts'];

/**
 * The daily pages' code in a few chunks (issue 35, decision 043). Left to itself Rolldown makes a
 * chunk of each set of lazy imports that share modules: a care page needed ~55 of them beyond the
 * entry, most under 1 kB (an icon, a helper), and on a phone's slow connection, six requests at a
 * time, their round trips — not their bytes — were most of the page's start.
 *
 * Which modules each page really loads is known only after tree-shaking (`import { Pill } from
 * 'lucide-react'` names a barrel of 1,500 icons and keeps one), so a first build with Rolldown's
 * own chunks (`CHUNK_PROBE`, in memory, a few seconds) is read: each module a daily page loads
 * before it renders (never a lazy one: a dialog's schema stays lazy) goes into the chunk of the
 * public first loads that load it too (PUBLIC_FIRST_LOADS) — `care` when none does,
 * `care-auth-forms` when /auth and its forms do, and so on. So every page that loads one of these
 * chunks uses every module in it: the public pages' first loads hold exactly the code they held
 * before, in fewer files. The landing page's modules are not moved.
 */
const dailyChunkOf = new Map<string, string>();

function dailyPagesChunks(): Plugin {
  return {
    name: 'tavara-daily-pages-chunks',
    apply: clientBuild,
    async configResolved(config) {
      process.env[CHUNK_PROBE] = '1';
      let output: Rollup.RollupOutput | Rollup.RollupOutput[];
      try {
        output = (await build({
          configFile: fileURLToPath(import.meta.url),
          mode: config.mode,
          logLevel: 'silent',
          build: { write: false, modulePreload: false, minify: false },
        })) as Rollup.RollupOutput | Rollup.RollupOutput[];
      } finally {
        delete process.env[CHUNK_PROBE];
      }
      const chunks = (Array.isArray(output) ? output : [output])
        .flatMap((result) => result.output)
        .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** The modules `paths`' chunks hold, with those of every chunk they import statically. */
      const loadedBy = (paths: readonly string[]) => {
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          byFile.get(file)?.imports.forEach(add);
        };
        for (const path of paths) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(path));
          if (!chunk) throw new Error(`daily chunks: no chunk for ${path}`);
          add(chunk.fileName);
        }
        return new Set([...files].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry?.facadeModuleId) throw new Error('daily chunks: the probe build has no entry');
      const landing = loadedBy([entry.facadeModuleId.replaceAll('\\', '/'), ...LANDING_MODULES]);
      const firstLoads = Object.entries(PUBLIC_FIRST_LOADS).map(([name, paths]) => ({
        name,
        modules: loadedBy(paths),
      }));
      // What is imported lazily keeps a chunk of its own: the pages themselves, and their dialogs' code.
      const lazy = new Set(chunks.flatMap((chunk) => (chunk.isDynamicEntry && chunk.facadeModuleId) || []));
      // Which daily pages load each module: a module only some of them load is in a chunk of
      // those pages' (`care-plan`, `care-medications-plan`…), so that a page does not download the
      // other daily pages' code before it can draw (decision 046).
      const byPage = DAILY_PAGES.map((route) => ({
        name: route.name,
        modules: loadedBy([route.module, ...DAILY_SHELL]),
      }));
      dailyChunkOf.clear();
      for (const id of loadedBy([...DAILY_PAGES.map((route) => route.module), ...DAILY_SHELL])) {
        if (landing.has(id) || lazy.has(id)) continue;
        const pages = byPage.filter((page) => page.modules.has(id)).map((page) => page.name);
        const sharers = firstLoads.filter((load) => load.modules.has(id)).map((load) => load.name);
        dailyChunkOf.set(id, ['care', ...(pages.length < byPage.length ? pages : []), ...sharers].join('-'));
      }
    },
  };
}

/** Where a prerendered path's HTML is written under dist/ (the server and the service worker agree). */
const pageFile = (path: string) => `pages${path === '/' ? '/index' : path}.html`;

/**
 * After the browser build: builds src/prerender/render.tsx for Node (Vite SSR, into
 * node_modules/.tavara-prerender), renders each of PRERENDERED_PAGES signed out, and writes
 * dist/pages/…html — index.html with the page's HTML in #root, its title, its chunks preloaded
 * and the stylesheet inline (11 kB gzip: one round trip less before the first paint, and no
 * render-blocking request). Then the service worker, whose precache lists these pages too.
 */
function prerender(): Plugin {
  let chunks: Rollup.OutputChunk[] = [];
  let outDir = 'dist';
  let mode = 'production';
  return {
    name: 'tavara-prerender',
    apply: clientBuild,
    configResolved(config) {
      mode = config.mode;
    },
    writeBundle(options, bundle) {
      outDir = options.dir ?? 'dist';
      chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const ssrDir = fileURLToPath(new URL('./node_modules/.tavara-prerender', import.meta.url));
        await build({
          configFile: fileURLToPath(import.meta.url),
          mode,
          logLevel: 'warn',
          build: {
            ssr: 'src/prerender/render.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
          },
        });
        const rendered = renderPages(join(ssrDir, 'render.js'), Object.keys(PRERENDERED_PAGES));

        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const stylesheet = /\s*<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/.exec(template);
        if (!stylesheet?.[1]) throw new Error('prerender: index.html links no stylesheet');
        const css = readFileSync(join(outDir, stylesheet[1]), 'utf8');
        // The shell's entry script and its preloads, in order, taken out of the head.
        const templateModules: string[] = [];
        const templateHead = template.replace(
          /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)">(?:<\/script>)?/g,
          (_tag, url: string) => {
            templateModules.push(url);
            return '';
          },
        );
        if (!templateModules[0]?.includes('/index-'))
          throw new Error('prerender: index.html has no entry script first');
        if (!templateHead.includes('  </body>')) throw new Error('prerender: index.html has no </body>');

        /** The chunks of `modules` with every chunk they import, less what the entry loads. */
        const chunkFiles = (modules: readonly string[]) => {
          const files = new Set<string>();
          const add = (fileName: string) => {
            if (files.has(fileName) || alreadyLoaded.has(fileName)) return;
            files.add(fileName);
            chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(add);
          };
          for (const module of modules) {
            const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
            if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
            add(chunk.fileName);
          }
          return [...files];
        };

        rmSync(join(outDir, 'pages'), { recursive: true, force: true });
        for (const [path, modules] of Object.entries(PRERENDERED_PAGES)) {
          const files = chunkFiles(modules);
          const { app, title } = rendered[path]!;
          if (!app.includes('<h1')) throw new Error(`prerender: ${path} rendered no heading`);
          if (/<script|<template|<!--\$[?!]/.test(app))
            throw new Error(`prerender: ${path} has a boundary not rendered`);
          // The entry and every chunk to preload are requested by PAGE_BOOT_SCRIPT once the page
          // has painted (packages/shared/src/page-boot.ts), not from the head.
          const pageModules = [...templateModules, ...files.map((file) => `/${file}`)];
          const boot = `    <script data-modules="${pageModules.join(' ')}">${PAGE_BOOT_SCRIPT}</script>\n  </body>`;
          const html = templateHead
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
            .replace(stylesheet[0], `\n    <style>${css.replaceAll('</style', '<\\/style')}</style>`)
            .replace('<div id="root"></div>', `<div id="root">${app}</div>`)
            .replace('  </body>', () => boot);
          const file = join(outDir, pageFile(path));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, html);
          writeCompressed(file);
        }
        // The app shell (every page not prerendered): the daily pages' chunks and data are asked
        // for as its HTML is read (ROUTE_BOOT_SCRIPT, decision 043).
        const routes = DAILY_PAGES.map((route) => ({
          p: route.pattern,
          m: chunkFiles([...DAILY_SHELL, route.dataModule, route.module]).map((file) => `/${file}`),
          d: route.data,
        }));
        const routeBoot = `    <script data-routes="${escapeHtml(JSON.stringify(routes))}">${ROUTE_BOOT_SCRIPT}</script>\n  </body>`;
        writeFileSync(
          join(outDir, 'index.html'),
          template.replace('  </body>', () => routeBoot),
        );
        writeCompressed(join(outDir, 'index.html'));
        await writeServiceWorker(outDir);
      },
    },
  };
}

/**
 * Renders the pages in a child Node process that exits when done: the app's modules start timers
 * (the data cache's clean-up, polling) that would keep the build itself from ever exiting.
 */
function renderPages(entry: string, paths: string[]): Record<string, { app: string; title: string }> {
  const script = `
    const { render, pageTitle } = await import(${JSON.stringify(pathToFileURL(entry).href)});
    const pages = {};
    for (const path of ${JSON.stringify(paths)}) pages[path] = { app: await render(path), title: pageTitle(path) };
    process.stdout.write(JSON.stringify(pages), () => process.exit(0));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output) as Record<string, { app: string; title: string }>;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Chunks of the landing page's first load whose lazy imports go without preload lists (below). */
const FIRST_LOAD_HOSTS = /(^|\/)(index|home-page|chat-launcher)-[\w-]+\.js$/;

const apiPort = process.env.PORT ?? '3000';

/** What the service worker precaches: every chunk, style, icon, the shell and the prerendered pages. */
const PRECACHE = /\.(js|css|html|svg|png|webmanifest|txt)$/;

/**
 * The installable app's service worker (docs/decisions/014-offline-and-pwa.md): sw/service-worker.ts
 * on Workbox's runtime modules, bundled to dist/sw.js with the list of every built file, so a
 * second visit starts on a bad connection and an open tab keeps finding the chunks of the build it
 * started with after a deploy. (Built here rather than by vite-plugin-pwa, whose build-time
 * workbox-build brought ~270 packages — babel, terser, a second rollup — into every `npm ci`.)
 * Files under assets/ carry a content hash in their names; the others get one as their revision.
 */
async function writeServiceWorker(outDir: string) {
  const manifest = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => PRECACHE.test(file) && file !== 'sw.js')
    .sort()
    .map((url) => ({
      url,
      revision: url.startsWith('assets/')
        ? null
        : createHash('sha256')
            .update(readFileSync(join(outDir, url)))
            .digest('hex')
            .slice(0, 16),
    }));
  // Navigations to these paths get their prerendered page from the precache, any other the shell.
  const pages = Object.fromEntries(Object.keys(PRERENDERED_PAGES).map((path) => [path, `/${pageFile(path)}`]));
  await esbuild({
    entryPoints: [fileURLToPath(new URL('./sw/service-worker.ts', import.meta.url))],
    outfile: join(outDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    // Workbox logs only when NODE_ENV is not production.
    define: {
      'self.__WB_MANIFEST': JSON.stringify(manifest),
      'self.__PRERENDERED_PAGES': JSON.stringify(pages),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  });
}

export default defineConfig({
  plugins: [react(), tailwindcss(), dailyPagesChunks(), precompress(), prerender()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    // Lesson illustrations are served by the API too (apps/api/src/features/training/training-images.routes.ts).
    // xfwd: the proxy adds X-Forwarded-For with the browser's address, so the API never takes a
    // request proxied from another device (`vite --host`) for one from this machine — the dev
    // outbox answers only requests without that header from loopback (issue 13).
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, xfwd: true },
      '/training-images': { target: `http://127.0.0.1:${apiPort}`, xfwd: true },
    },
  },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 modules but Firefox < 115 supports modulepreload natively;
    // the polyfill would cost every first load ~0.5 kB gzip for none of our users.
    modulePreload: {
      polyfill: false,
      // The lazy imports of the landing page's first load (the entry's pages and overlays, the
      // landing page, the chat launcher) carry no list of chunks to preload with them: the
      // entry's list named every chunk of the app, and together they cost the first load ~3.6 kB
      // gzip of its 100 kB (decision 014). Each prerendered page preloads its own chunks instead
      // (PRERENDERED_PAGES, decision 028); another page's (or the chat's) shared chunks load one round trip
      // later on a first visit, and the service worker serves all of them from then on. Imports
      // made by every other chunk keep their preload lists.
      resolveDependencies: (_filename, deps, { hostId, hostType }) =>
        hostType === 'js' && FIRST_LOAD_HOSTS.test(hostId) ? [] : deps,
    },
    // PROFILE_SOURCEMAP=1: maps beside the chunks (no comment in them, so the same files and
    // hashes) to read a CPU profile of the built app by source (scripts/bench/offline-profile.mjs).
    sourcemap: process.env.PROFILE_SOURCEMAP ? 'hidden' : false,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // Every module the entry imports statically goes into the entry chunk. Left to itself,
          // Rolldown tries to merge such shared modules into the entry one by one, and whether a
          // merge passes its cycle check depends on the order of the app's dynamic imports: adding
          // one lazy import for /auth or the dashboards (issue 23 item 2) split React, jsx-runtime,
          // `cn` and others off into six tiny chunks the landing page then fetched (+0.4 kB gzip
          // of its 100). One group for `$initial` modules makes the entry the same whatever is lazy
          // elsewhere (and 0.8 kB smaller than before); lazy chunks import what they share with it.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The daily pages' code (dailyPagesChunks above). Only the modules each group names:
            // Rolldown's default would pull each one's imports in too, public pages' modules with them.
            { name: (id) => dailyChunkOf.get(id) ?? null, priority: 1 },
          ],
        },
      },
    },
  },
});
