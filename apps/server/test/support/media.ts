import sharp from 'sharp';

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
