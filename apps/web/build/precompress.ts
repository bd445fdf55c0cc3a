import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(name)) yield p;
  }
}

/**
 * Writes `.gz` (zopfli, the smallest gzip) and `.br` (brotli, quality 11) beside every text
 * asset of the build, so the server sends them as they are (no compression per request).
 */
export function precompress(opts: { before?: (root: string, outDir: string) => Promise<void> } = {}): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'candeia-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async closeBundle() {
      // Files written at the end of the build (the prerendered landing) are compressed too.
      await opts.before?.(root, resolve(root, outDir));
      for (const file of files(outDir)) {
        const data = readFileSync(file);
        if (data.length < 512) continue;
        writeFileSync(`${file}.gz`, await gzipAsync(data, { numiterations: 15 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
      }
    },
  };
}
