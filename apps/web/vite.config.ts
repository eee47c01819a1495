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

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
