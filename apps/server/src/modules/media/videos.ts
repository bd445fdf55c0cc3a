import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

/** The longest side of a transcoded video's shorter side: at most 720p. */
export const VIDEO_SHORT_SIDE_MAX = 720;

/** How long one ffmpeg run may take before it is killed (a transcode of the longest video allowed). */
const FFMPEG_TIMEOUT_MS = 10 * 60 * 1000;

/** The ffmpeg the npm install brought (`@ffmpeg-installer/ffmpeg`), unless FFMPEG_PATH names another. */
export function bundledFfmpeg(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export class VideoError extends Error {
  constructor(
    /** The error code its author is told (MEDIA_VIDEO_TOO_LONG, MEDIA_UNREADABLE…). */
    readonly code: 'MEDIA_VIDEO_TOO_LONG' | 'MEDIA_UNREADABLE' | 'MEDIA_VIDEO_FAILED',
    message: string,
  ) {
    super(message);
  }
}

/** The demuxer for each allowed type: ffmpeg is never left to guess a format from the bytes. */
const DEMUXER: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
};

/**
 * ffmpeg's input options for an upload: the demuxer its checked type names, and no protocol but
 * the local file (a crafted container cannot make ffmpeg open a URL or another file).
 */
function inputArgs(path: string, type: string): string[] {
  const format = DEMUXER[type];
  if (!format) throw new VideoError('MEDIA_UNREADABLE', `no demuxer for ${type}`);
  return ['-hide_banner', '-nostdin', '-protocol_whitelist', 'file', '-f', format, '-i', `file:${path}`];
}

/** Runs ffmpeg; resolves with its standard error (where it reports), rejects on failure or timeout. */
function run(ffmpeg: string, args: string[], okCodes = [0]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // The start (stream descriptions) and the end (the error) are what matter.
      err = err.length < 64_000 ? err + chunk : err.slice(0, 32_000) + chunk.slice(-32_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== null && okCodes.includes(code)) resolve(err);
      else reject(new Error(`ffmpeg ${signal ?? `exited ${code}`}: ${err.slice(-2000)}`));
    });
  });
}

export interface VideoInfo {
  seconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * What ffmpeg reads of a file: its length and its first video stream's size (from `ffmpeg -i`,
 * which exits 1 for having no output but describes the input first).
 */
export async function probeVideo(ffmpeg: string, path: string, type: string): Promise<VideoInfo> {
  let out: string;
  try {
    out = await run(ffmpeg, inputArgs(path, type), [0, 1]);
  } catch (err) {
    throw new VideoError('MEDIA_UNREADABLE', (err as Error).message);
  }
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(out);
  const video = /Stream #\d+:\d+.*?: Video: .*?, (\d{2,5})x(\d{2,5})/.exec(out);
  if (!duration || !video) throw new VideoError('MEDIA_UNREADABLE', 'no duration or no video stream');
  const rotated = /rotate\s*:\s*-?(90|270)/.test(out) || /rotation of -?(90|270)/.test(out);
  const w = Number(video[1]);
  const h = Number(video[2]);
  return {
    seconds: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
    width: rotated ? h : w,
    height: rotated ? w : h,
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(out),
  };
}

/** The transcoded size: the shorter side at most 720, both sides even (H.264 wants it). */
export function targetSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, VIDEO_SHORT_SIDE_MAX / Math.min(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

export interface TranscodedVideo {
  width: number;
  height: number;
  seconds: number;
  poster: Buffer;
  placeholder: string;
}

/**
 * Transcodes a checked upload to what every browser plays: H.264 (yuv420p) and AAC in an MP4 whose
 * index comes first (it starts playing before it is all loaded), at most 720p, no longer than
 * `maxSeconds` (a longer one is refused), with no metadata kept (no place, no device). The
 * poster is the first frame, as WebP, plus a 16 px placeholder.
 */
export async function transcodeVideo(
  ffmpeg: string,
  input: { path: string; type: string },
  outPath: string,
  posterPath: string,
  maxSeconds: number,
): Promise<TranscodedVideo> {
  const info = await probeVideo(ffmpeg, input.path, input.type);
  if (info.seconds > maxSeconds + 0.5) throw new VideoError('MEDIA_VIDEO_TOO_LONG', `${info.seconds}s`);
  const size = targetSize(info.width, info.height);
  try {
    await run(ffmpeg, [
      ...inputArgs(input.path, input.type),
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-map',
      '0:v:0',
      ...(info.hasAudio ? ['-map', '0:a:0'] : []),
      '-t',
      String(maxSeconds),
      '-vf',
      `scale=${size.width}:${size.height}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '24',
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'high',
      '-threads',
      '2',
      ...(info.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an']),
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      `file:${outPath}`,
    ]);
    await run(ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-protocol_whitelist',
      'file',
      '-f',
      'mp4',
      '-i',
      `file:${outPath}`,
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      '-y',
      `file:${posterPath}`,
    ]);
  } catch (err) {
    throw new VideoError('MEDIA_VIDEO_FAILED', (err as Error).message);
  }
  const frame = await readFile(posterPath);
  const [poster, tiny] = await Promise.all([
    sharp(frame).webp({ quality: 75 }).toBuffer(),
    sharp(frame).resize({ width: 16, height: 16, fit: 'inside' }).webp({ quality: 40 }).toBuffer(),
  ]);
  return {
    ...size,
    seconds: Math.min(info.seconds, maxSeconds),
    poster,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}
