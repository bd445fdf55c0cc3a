import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { PHOTO_TYPES, VIDEO_TYPES } from '@candeia/shared/schemas/media';

export type Inspected = { kind: 'photo' | 'video'; type: string } | { refused: 'type' | 'markup' };

/**
 * Markup a browser could run if it ever took the file for a page: HTML, SVG, XML, script. A
 * picture or film has no business holding it (a polyglot: valid JPEG and valid HTML at once).
 */
const MARKUP = /<(?:script|html|svg|iframe|object|embed|body|head|meta|!doctype|\?xml)[\s>/]/i;

/** How much of the file is searched for markup (photos whole; the start and end of a video). */
const SCAN_BYTES = 4 * 1024 * 1024;

async function readParts(path: string, size: number): Promise<string[]> {
  const handle = await open(path, 'r');
  try {
    const read = async (position: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, position);
      return buf.subarray(0, bytesRead).toString('latin1');
    };
    if (size <= SCAN_BYTES) return [await read(0, size)];
    return [await read(0, SCAN_BYTES / 2), await read(size - SCAN_BYTES / 2, SCAN_BYTES / 2)];
  } finally {
    await handle.close();
  }
}

/**
 * The file's real type from its bytes (`file-type`), against the allow-list (SECURITY.md 24):
 * JPEG, PNG, WebP, GIF, MP4, WebM, MOV. What the browser claimed is never asked. SVG and HTML
 * have no magic bytes file-type accepts for these, and a file of an allowed type that also holds
 * markup is refused as a polyglot.
 */
export async function inspectUpload(path: string, size: number): Promise<Inspected> {
  const found = await fileTypeFromFile(path);
  const mime = found?.mime ?? '';
  const kind = (PHOTO_TYPES as readonly string[]).includes(mime)
    ? 'photo'
    : (VIDEO_TYPES as readonly string[]).includes(mime)
      ? 'video'
      : null;
  if (!kind) return { refused: 'type' };
  for (const part of await readParts(path, size)) if (MARKUP.test(part)) return { refused: 'markup' };
  return { kind, type: mime };
}
