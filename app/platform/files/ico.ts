/**
 * A Windows icon file (`.ico`) holding PNG images, as browsers and crawlers ask for at `/favicon.ico`. An ICO entry
 * may be a whole PNG file (supported since Windows Vista, and by every browser), so no bitmap is re-encoded: the file
 * is a 6-byte header, a 16-byte directory entry per image, then the PNG files one after the other.
 */

/** One image of an icon: a PNG file and its width and height in pixels (square, 1 to 256). */
export interface IcoImage {
  png: Uint8Array;
  size: number;
}

/**
 * The `.ico` file of `images`, smallest first as written.
 * @throws RangeError when there is no image, or a size is not a whole number from 1 to 256
 */
export function icoFile(images: readonly IcoImage[]): Buffer {
  if (images.length === 0) throw new RangeError("An icon needs at least one image");
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ png, size }, i) => {
    if (!Number.isInteger(size) || size < 1 || size > 256) throw new RangeError(`An icon image is 1 to 256 pixels, not ${size}`);
    const at = 6 + 16 * i;
    header.writeUInt8(size === 256 ? 0 : size, at); // width (0 means 256)
    header.writeUInt8(size === 256 ? 0 : size, at + 1); // height
    header.writeUInt8(0, at + 2); // colours in the palette: none
    header.writeUInt8(0, at + 3); // reserved
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => Buffer.from(i.png))]);
}
