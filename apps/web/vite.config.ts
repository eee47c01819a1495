/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz siblings of every text asset at build time, so the server sends them
 * compressed at maximum level without spending CPU per request (many users are on slow mobile data).
 */
function precompress(): Plugin {
  return {
    name: 'tavara-precompress',
    apply: 'build',
    // writeBundle, not generateBundle: only the written files have Vite's final chunk code
    // (its preload helper is filled in during generateBundle).
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|txt|html)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const buffer = readFileSync(path);
        if (buffer.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(buffer, { level: 9 }));
      }
    },
  };
}

/** Modules whose chunks the landing page always loads: its route and the chat launcher. */
const LANDING_ENTRIES = ['src/app/routes/home-page.tsx', 'src/features/registration-chat/chat-launcher.tsx'];

/**
 * Writes dist/landing.html: index.html plus `<link rel="modulepreload">` for the chunks the
 * landing page loads lazily (its route and the chat launcher, with their imports). The server
 * answers `/` with it, so those downloads start with the entry script instead of after it has
 * run — one round trip less on slow mobile data. Other paths keep index.html and load nothing
 * extra.
 */
function landingPreload(): Plugin {
  return {
    name: 'tavara-landing-preload',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const files = new Set<string>();
      const add = (fileName: string) => {
        if (files.has(fileName) || alreadyLoaded.has(fileName)) return;
        files.add(fileName);
        chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(add);
      };
      for (const module of LANDING_ENTRIES) {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
        if (!chunk) throw new Error(`landing preload: no chunk for ${module}`);
        add(chunk.fileName);
      }
      const links = [...files].map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`).join('\n');
      const html = readFileSync(join(outDir, 'index.html'), 'utf8').replace('  </head>', `${links}\n  </head>`);
      writeFileSync(join(outDir, 'landing.html'), html);
    },
  };
}

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), landingPreload()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 modules but Firefox < 115 supports modulepreload natively;
    // the polyfill would cost every first load ~0.5 kB gzip for none of our users.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 500,
  },
});
