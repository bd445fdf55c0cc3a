import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { bundledFfmpeg } from '../../src/modules/media/videos.ts';

/** A multipart body with one file, as a browser's FormData sends it. */
export function multipartFile(file: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----candeia${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small PNG of one colour. */
export const testPng = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/**
 * A small clip made with ffmpeg: a test pattern with a tone, of the size, length and container
 * asked, carrying a device name in its metadata and, in a MOV, a GPS location (as a phone writes them).
 */
export async function testClip(
  opts: {
    width?: number;
    height?: number;
    seconds?: number;
    rate?: number;
    format?: 'mp4' | 'webm' | 'mov';
    audio?: boolean;
    /** Filmed with the phone upright: the frames stored on their side, with a rotation tag. */
    rotated?: boolean;
  } = {},
): Promise<Buffer> {
  const { width = 640, height = 480, seconds = 2, rate = 15, format = 'mp4', audio = true, rotated = false } = opts;
  const out = join(tmpdir(), `candeia-clip-${Math.random().toString(16).slice(2)}.${format}`);
  const codecs =
    format === 'webm'
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k', ...(audio ? ['-c:a', 'libvorbis'] : [])]
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac'] : [])];
  await promisify(execFile)(bundledFfmpeg(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=${rate}`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : []),
    '-t',
    String(seconds),
    ...codecs,
    '-metadata',
    'location=-23.5505-046.6333/',
    '-metadata',
    'title=Phone 9',
    '-y',
    out,
  ]);
  const tagged = `${out}.r.${format}`;
  if (rotated) {
    await promisify(execFile)(bundledFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      out,
      '-c',
      'copy',
      '-metadata:s:v:0',
      'rotate=90',
      '-y',
      tagged,
    ]);
  }
  try {
    return await readFile(rotated ? tagged : out);
  } finally {
    await Promise.all([rm(out, { force: true }), rm(tagged, { force: true })]);
  }
}
