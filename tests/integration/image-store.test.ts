/**
 * The picture store itself (`storeImage`, `getImage`, `setImageAlt`, `deleteImage` in app/platform/files/images.server.ts) on
 * SQLite and PostgreSQL, with the real disk store and real sharp: the widths kept for small and large pictures, a
 * phone photo turned upright by its EXIF orientation, a Display P3 picture converted to sRGB with no ICC profile left,
 * SVG only for the seed, and all-or-nothing: a store or database failure halfway leaves no file and no row.
 * (Uploads through the real server, GPS stripping and the refusals' messages: tests/integration/images.test.ts.)
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteImage, getImage, IMAGE_MESSAGES, ImageRefused, setImageAlt, storeImage, variantFile, type ImageServices } from "#app/platform/files/images.server.ts";
import { createDiskStorage, IMAGE_FILE_ID, type Storage } from "#app/platform/files/storage.server.ts";
import { backends, type TestDatabase } from "../support/databases.ts";

const BY = "store-test@example.org";

/** A flat picture `width` × `height` pixels as a JPEG. */
function jpeg(width: number, height: number, background = "#4a7fa5"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
}

/** RGB of one pixel of a stored variant. */
async function pixel(bytes: Uint8Array, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe.each(backends)("the picture store on $name", ({ create, available }) => {
  let database: TestDatabase | undefined;
  let services: ImageServices;
  let folder: string;

  beforeAll(async () => {
    if (!(await available())) return;
    database = await create();
    folder = path.join(database.dir, "images");
    services = { db: database.db, images: createDiskStorage(folder, IMAGE_FILE_ID) };
  });
  afterAll(async () => {
    await database?.drop();
  });

  const files = (): string[] => {
    try {
      return readdirSync(folder).sort();
    } catch {
      return [];
    }
  };
  const rows = async (): Promise<number> => Number((await services.db.selectFrom("image").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  const variant = (id: string, width: number) => readFileSync(path.join(folder, variantFile(id, width)));

  it("keeps the widths of 320, 640, 960, 1280 and 1920 px not above the picture's, or the picture's own when narrower", async (context) => {
    if (!database) return context.skip();
    for (const [width, widths] of [
      [200, [200]],
      [319, [319]],
      [320, [320]],
      [321, [320]],
      [700, [320, 640]],
      [1919, [320, 640, 960, 1280]],
      [1920, [320, 640, 960, 1280, 1920]],
      [1921, [320, 640, 960, 1280, 1920]],
      [2600, [320, 640, 960, 1280, 1920]],
    ] as const) {
      const image = await storeImage(services, await jpeg(width, 100), "A flat blue picture", BY);
      expect(image.widths, `${width} px`).toEqual(widths);
      expect(image.width).toBe(widths.at(-1));
      expect(image.height).toBe(Math.round((100 * widths.at(-1)!) / width));
      expect(await getImage(services.db, image.id)).toEqual(image);
      for (const w of widths) {
        const meta = await sharp(variant(image.id, w)).metadata();
        expect([meta.format, meta.width]).toEqual(["webp", w]);
      }
    }
  });

  it("turns a phone photo upright by its EXIF orientation and drops the tag", async (context) => {
    if (!database) return context.skip();
    // As the sensor wrote it: 2000 × 1000, red on the left, blue on the right; orientation 6 says "turn 90° clockwise
    // to show", so upright it is 1000 wide and 2000 high, red on top.
    const sideways = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#0000ff" } })
      .composite([{ input: { create: { width: 1000, height: 1000, channels: 3, background: "#ff0000" } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const image = await storeImage(services, sideways, "A red and blue card", BY);
    expect(image.widths).toEqual([320, 640, 960]);
    expect([image.width, image.height]).toEqual([960, 1920]);
    const largest = variant(image.id, 960);
    const meta = await sharp(largest).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([960, 1920, undefined]);
    const [topR, , topB] = await pixel(largest, 480, 100);
    const [bottomR, , bottomB] = await pixel(largest, 480, 1820);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it("converts a Display P3 picture to sRGB and leaves no ICC profile", async (context) => {
    if (!database) return context.skip();
    // sRGB green written in Display P3: the file holds about (117, 251, 76) and a P3 profile.
    const p3 = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 255, b: 0 } } }).withIccProfile("p3").png().toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const asStored = await sharp(p3).keepIccProfile().raw().toBuffer();
    expect(asStored[0]).toBeGreaterThan(90);
    const image = await storeImage(services, p3, "A green square", BY);
    const served = variant(image.id, 320);
    expect((await sharp(served).metadata()).icc).toBeUndefined();
    const [r, g, b] = await pixel(served, 160, 120);
    expect(r).toBeLessThan(30);
    expect(g).toBeGreaterThan(230);
    expect(b).toBeLessThan(30);
  });

  it("takes an SVG only from the seed (allowSvg), drawn at 640 px or more", async (context) => {
    if (!database) return context.skip();
    const svg = readFileSync(new URL("../../content/images/logo.svg", import.meta.url));
    const before = { rows: await rows(), files: files() };
    await expect(storeImage(services, svg, "The heron logo", BY)).rejects.toThrow(new ImageRefused(IMAGE_MESSAGES.type));
    expect({ rows: await rows(), files: files() }).toEqual(before);
    const image = await storeImage(services, svg, "The heron logo", BY, { allowSvg: true });
    expect(image.widths[0]).toBe(320);
    expect(image.width).toBeGreaterThanOrEqual(640);
  });

  it("refuses an empty alt text before reading the picture", async (context) => {
    if (!database) return context.skip();
    const refusal = await storeImage(services, await jpeg(400, 300), " \n ", BY).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImageRefused);
    expect(refusal).toMatchObject({ message: IMAGE_MESSAGES.alt, part: "alt" });
  });

  it("leaves no file and no row when the store fails at the third width", async (context) => {
    if (!database) return context.skip();
    const before = { rows: await rows(), files: files() };
    let puts = 0;
    const failing: Storage = {
      ...services.images,
      put: async (id, bytes) => {
        if (++puts === 3) throw new Error("disk full");
        await services.images.put(id, bytes);
      },
    };
    await expect(storeImage({ db: services.db, images: failing }, await jpeg(1500, 1000), "A picture", BY)).rejects.toThrow("disk full");
    expect(puts).toBe(3);
    expect({ rows: await rows(), files: files() }).toEqual(before);
  });

  it("removes the files it wrote when the row cannot be written", async (context) => {
    if (!database) return context.skip();
    const before = { rows: await rows(), files: files() };
    await services.db.schema.alterTable("image").renameTo("image_away").execute();
    try {
      await expect(storeImage(services, await jpeg(1000, 800), "A picture", BY)).rejects.toThrow();
    } finally {
      await services.db.schema.alterTable("image_away").renameTo("image").execute();
    }
    expect({ rows: await rows(), files: files() }).toEqual(before);
  });

  it("changes the alt text, and deletes the row and every file", async (context) => {
    if (!database) return context.skip();
    const image = await storeImage(services, await jpeg(700, 500), "First words", BY);
    expect(await setImageAlt(services.db, image.id, "  Better words ")).toBe(true);
    expect(await setImageAlt(services.db, image.id, "Better words")).toBe(false);
    await expect(setImageAlt(services.db, image.id, "")).rejects.toThrow(IMAGE_MESSAGES.alt);
    expect((await getImage(services.db, image.id))?.alt).toBe("Better words");
    expect(files()).toEqual(expect.arrayContaining([variantFile(image.id, 320), variantFile(image.id, 640)]));
    expect(await deleteImage(services, image.id)).toBe(true);
    expect(await getImage(services.db, image.id)).toBeUndefined();
    expect(files().filter((name) => name.startsWith(image.id))).toEqual([]);
    expect(await deleteImage(services, image.id)).toBe(false);
    expect(await getImage(services.db, "../shoreline.db")).toBeUndefined();
  });
});
