/**
 * Just enough of the ZIP format to unpack a SWORD module zip (CrossWire's "rawzip" packages):
 * the central directory, stored and deflated entries, CRC-32 checked. No ZIP64, no encryption.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { ContentError } from './types.ts';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export function readZip(zip: Buffer): ZipEntry[] {
  // End of central directory: the last signature 0x06054b50 within the final 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ContentError('Not a ZIP file (no end of central directory).');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw new ContentError('Corrupt ZIP central directory.');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString(flags & 0x800 ? 'utf8' : 'latin1');
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) continue; // a folder
    if (flags & 0x1) throw new ContentError(`ZIP entry ${name} is encrypted.`);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw new ContentError(`Corrupt ZIP entry ${name}.`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new ContentError(`ZIP entry ${name}: compression method ${method} is not supported.`);
    if (data.length !== size || crc32(data) >>> 0 !== crc >>> 0)
      throw new ContentError(`ZIP entry ${name} is damaged (size or CRC-32).`);
    entries.push({ name, data });
  }
  return entries;
}
