import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/** A landscape photo-like PNG (a sky-to-field gradient and a sun), made for the test. */
export async function samplePhoto(hue = 30, width = 1200, height = 800): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue + 180},60%,70%)"/><stop offset="0.6" stop-color="hsl(${hue},80%,80%)"/>
      <stop offset="0.6" stop-color="hsl(${hue + 90},40%,40%)"/><stop offset="1" stop-color="hsl(${hue + 90},45%,25%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.1}" fill="hsl(${hue + 20},95%,60%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A short clip as a phone sends it (a MOV with sound), made with the ffmpeg npm brought. */
export async function sampleClip(seconds = 2, width = 1280, height = 720): Promise<Buffer> {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const dir = await mkdtemp(join(tmpdir(), 'candeia-e2e-clip-'));
  const out = join(dir, 'clip.mov');
  try {
    await promisify(execFile)(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${width}x${height}:rate=24`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-y',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
