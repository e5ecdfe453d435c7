// Writes precompressed siblings of the hashed assets after the build: dist/assets/x.js.gz and
// x.js.br (and the same for .css), so that a server can send them as they are, with
// Content-Encoding, to browsers that accept them (Accept-Encoding), without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist', 'assets');
let raw = 0;
let gz = 0;
let br = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = join(assets, name);
  const data = readFileSync(file);
  if (data.length < 512) continue; // not worth a round of decompression
  const gzData = gzipSync(data, { level: 9 });
  const brData = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size },
  });
  writeFileSync(`${file}.gz`, gzData);
  writeFileSync(`${file}.br`, brData);
  raw += data.length;
  gz += gzData.length;
  br += brData.length;
}
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(`compress: assets ${kB(raw)} -> gzip ${kB(gz)}, brotli ${kB(br)} (.gz and .br beside each file)`);
