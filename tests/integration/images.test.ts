/**
 * Pictures (issue 10 part 4), through the real server and real sharp: a phone photo carrying GPS EXIF tags, uploaded
 * as a board member's photo, is served in every width as WebP with no EXIF or XMP left (its location is not
 * published), and /more/meetboard offers it with srcset, width, height and lazy loading. The same for the
 * association's logo uploaded on /admin/settings: shown at once in the header of cached pages, with priority; kept
 * when the form is saved without a file, removed with its files. A text file named
 * photo.jpg, a truncated JPEG, a picture over 20 MB (by a byte, too), an alt text over 1,000 characters and a picture
 * without alt text are refused with a clear message (a picture of exactly 20 MB with 1,000 characters is kept),
 * what was typed comes back, and nothing is stored: no image row, no file under $DATA_DIR/images. sharp's libvips
 * is not in the server's memory until the first picture is processed.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startServer, type RunningServer } from "../support/server.ts";

const ADMIN = { email: "pictures@example.org", password: "a long enough password" };
const dir = mkdtempSync(path.join(tmpdir(), "shoreline-images-"));
let server: RunningServer;
let cookie = "";

/** The GPS position written into the test photo: 43° 4′ 0″ N, 89° 23′ 0″ W. */
const GPS = { GPSLatitudeRef: "N", GPSLatitude: "43/1 4/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "89/1 23/1 0/1" };

/** Whether `bytes` hold the latitude's 43/1 as an EXIF rational (big- or little-endian), as the GPS IFD writes it. */
function holdsLatitude(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from([0, 0, 0, 43, 0, 0, 0, 1])) || bytes.includes(Buffer.from([43, 0, 0, 0, 1, 0, 0, 0]));
}

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED: "none" });
  cookie = await signInCookie(server.url, ADMIN.email, ADMIN.password);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A 2000 × 1500 JPEG as a phone writes it: camera make and model, and where it was taken. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 40, g: 110, b: 160 } } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15", Software: "Camera 1.0" }, IFD3: GPS })
    .toBuffer();
}

/** Posts the board's edit form as a browser does: multipart, with the file under `photo`. */
function postMember(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("photo", file ? new Blob([new Uint8Array(file.bytes)], { type: file.type }) : new Blob([], { type: "application/octet-stream" }), file?.name ?? "");
  return fetch(`${server.url}/admin/board?edit=new`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body: form });
}

async function page(pathname: string): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** What is stored: the image rows (read from the SQLite file beside the running server) and the image files. */
function stored(): { rows: number; files: string[] } {
  const db = new Database(path.join(dir, "shoreline.db"), { readonly: true });
  try {
    const { n } = db.prepare("select count(*) as n from image").get() as { n: number };
    let files: string[] = [];
    try {
      files = readdirSync(path.join(dir, "images"));
    } catch {
      files = [];
    }
    return { rows: n, files };
  } finally {
    db.close();
  }
}

/** Whether the server process has sharp's libvips in its memory map (Linux: /proc/<pid>/maps). */
function libvipsLoaded(): boolean {
  return readFileSync(`/proc/${server.pid}/maps`, "utf8").includes("libvips");
}

describe("sharp is loaded on the first picture, not at start-up", () => {
  it("is not in the server's memory after the public pages and the tab and home-screen icons are served (about 10 MB of RSS)", async () => {
    for (const pathname of ["/", "/the-lake", "/news-events", "/more/meetboard", "/favicon.png", "/apple-touch-icon.png"]) {
      expect((await fetch(`${server.url}${pathname}`)).status).toBe(200);
    }
    expect(libvipsLoaded()).toBe(false);
  });
});

describe("a board member's phone photo", () => {
  it("really carries GPS EXIF tags before upload", async () => {
    const meta = await sharp(await phonePhoto()).metadata();
    expect(meta.exif).toBeDefined();
    const exif = meta.exif!.toString("latin1");
    expect(exif).toContain("PhoneMaker");
    // GPSLatitudeRef "N" and the rational 43/1 are in the GPS IFD.
    expect(meta.exif!.includes(Buffer.from([0, 0, 0, 43, 0, 0, 0, 1])) || meta.exif!.includes(Buffer.from([43, 0, 0, 0, 1, 0, 0, 0]))).toBe(true);
  });

  it("is served in every width as WebP without EXIF, XMP or the GPS values, with srcset, width and height on /more/meetboard", async () => {
    const before = stored();
    const response = await postMember({ intent: "save", name: "Ada Lindqvist", title: "Secretary", photoAlt: "Ada smiling on the dock" }, { bytes: await phonePhoto(), name: "IMG_0042.jpg", type: "image/jpeg" });
    expect(response.status).toBe(302);
    const after = stored();
    expect(after.rows).toBe(before.rows + 1);

    const html = await page("/more/meetboard");
    const img = /<img[^>]*alt="Ada smiling on the dock"[^>]*>/.exec(html)?.[0];
    expect(img, "the photo's img element").toBeDefined();
    const srcset = /srcSet="([^"]+)"|srcset="([^"]+)"/.exec(img!);
    const urls = (srcset?.[1] ?? srcset?.[2] ?? "").split(", ").map((entry) => entry.split(" "));
    // 2000 px wide: 320, 640, 960, 1280 and 1920, none wider than the original.
    expect(urls.map(([, w]) => w)).toEqual(["320w", "640w", "960w", "1280w", "1920w"]);
    expect(img).toMatch(/width="1920"/);
    expect(img).toMatch(/height="1440"/);
    // The first row of the board is fetched at once, later rows lazily (decision 013; tests/e2e/paint-first.spec.ts).
    expect(img).toMatch(/loading="(eager|lazy)"/);
    expect(img).toMatch(/decoding="async"/);
    expect(img).toMatch(/sizes="8rem"/);
    expect(img).toMatch(/src="\/images\/[0-9a-f]{32}\/960\.webp"/);
    expect(after.files).toHaveLength(before.files.length + 5);

    for (const [url, descriptor] of urls) {
      const served = await fetch(`${server.url}${url}`);
      expect(served.status, url).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(`${meta.width}w`).toBe(descriptor);
      expect(meta.exif, `${url} has no EXIF`).toBeUndefined();
      expect(meta.xmp, `${url} has no XMP`).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(bytes.includes("EXIF")).toBe(false);
      expect(bytes.includes("PhoneMaker")).toBe(false);
      expect(bytes.includes(Buffer.from([0, 0, 0, 43, 0, 0, 0, 1]))).toBe(false);
      expect(bytes.includes(Buffer.from([43, 0, 0, 0, 1, 0, 0, 0]))).toBe(false);
    }
    // A width the picture was not made at, and an unknown picture, are not found.
    const id = /\/images\/([0-9a-f]{32})\//.exec(urls[0]![0]!)![1];
    expect((await fetch(`${server.url}/images/${id}/100.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/images/${"0".repeat(32)}/320.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/images/..%2Fshoreline.db/320.webp`)).status).toBe(404);
  });
});

describe("sharp once a picture was processed", () => {
  it("is in the server's memory (the check above can see it)", () => {
    expect(libvipsLoaded()).toBe(true);
  });
});

const MB = 1024 * 1024;

/**
 * A real JPEG of exactly `size` bytes: a small photo with comment segments (COM, at most 65,533 bytes of text each)
 * after its start marker, which every decoder skips.
 */
async function jpegOfSize(size: number): Promise<Uint8Array> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 110, b: 160 } } }).jpeg().toBuffer();
  const segments: Buffer[] = [];
  let missing = size - photo.length;
  while (missing > 0) {
    // A segment is 4 bytes of marker and length at least; the last but one leaves room for the last.
    let length = Math.min(65_537, missing);
    if (missing - length > 0 && missing - length < 4) length -= 4;
    const segment = Buffer.alloc(length, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(length - 2, 2);
    segments.push(segment);
    missing -= length;
  }
  const bytes = Buffer.concat([photo.subarray(0, 2), ...segments, photo.subarray(2)]);
  expect(bytes.length).toBe(size);
  return new Uint8Array(bytes);
}

describe("pictures at their limits", () => {
  it("a picture of exactly 20 MB with an alt text of 1,000 characters is kept and shown", async () => {
    const before = stored();
    const alt = `Exactly twenty megabytes ${"a".repeat(975)}`;
    expect(alt).toHaveLength(1000);
    const response = await postMember({ intent: "save", name: "Exact Size", title: "Member at Large", photoAlt: alt }, { bytes: await jpegOfSize(20 * MB), name: "exact.jpg", type: "image/jpeg" });
    expect(response.status).toBe(302);
    expect(stored().rows).toBe(before.rows + 1);
    expect(await page("/more/meetboard")).toContain(`alt="${alt}"`);
  });
});

describe("refused pictures", () => {
  async function refused(file: { bytes: Uint8Array; name: string; type: string }, message: string, alt = "A picture") {
    const before = stored();
    const response = await postMember({ intent: "save", name: "Refused Person", title: "Member at Large", photoAlt: alt }, file);
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(message);
    // What was typed comes back.
    expect(html).toContain('value="Refused Person"');
    expect(stored()).toEqual(before);
    expect(await page("/more/meetboard")).not.toContain("Refused Person");
  }

  it("a text file named photo.jpg", async () => {
    await refused({ bytes: new TextEncoder().encode("just some words, not a picture\n"), name: "photo.jpg", type: "image/jpeg" }, "This file is not a JPEG, PNG or WebP picture.");
  });

  it("an HTML page named photo.png", async () => {
    await refused({ bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"), name: "photo.png", type: "image/png" }, "This file is not a JPEG, PNG or WebP picture.");
  });

  it("a truncated JPEG", async () => {
    const whole = await phonePhoto();
    await refused({ bytes: whole.subarray(0, Math.floor(whole.length / 2)), name: "cut.jpg", type: "image/jpeg" }, "The picture could not be read: it may be damaged.");
  });

  it("a picture larger than 20 MB", async () => {
    // A real JPEG start, padded past the limit.
    const start = await phonePhoto();
    const big = new Uint8Array(20 * 1024 * 1024 + 1024);
    big.set(start);
    await refused({ bytes: big, name: "huge.jpg", type: "image/jpeg" }, "The picture is larger than 20 MB.");
  });

  it("a picture of 20 MB and a byte", async () => {
    await refused({ bytes: await jpegOfSize(20 * MB + 1), name: "a-byte-over.jpg", type: "image/jpeg" }, "The picture is larger than 20 MB.");
  });

  it("a new picture's alt text of 1,001 characters", async () => {
    await refused({ bytes: await phonePhoto(), name: "IMG_0044.jpg", type: "image/jpeg" }, "Please describe the picture in at most 1000 characters.", "a".repeat(1001));
  });

  it("a photo without alt text", async () => {
    await refused({ bytes: await phonePhoto(), name: "IMG_0043.jpg", type: "image/jpeg" }, "Please describe the picture for people who cannot see it.", "   ");
  });
});

describe("the association's logo (/admin/settings)", () => {
  const SETTINGS = {
    name: "Loon Lake Property Owners",
    shortName: "Loon Lake",
    timeZone: "America/Chicago",
    contactEmail: "board@loonlake.example.org",
    socialUrl: "",
    socialLabel: "",
    beachName: "Loon Lake Town Beach",
  };

  /** Posts the settings form as a browser does: multipart, the logo file under `logo` (empty when none is chosen). */
  function saveSettings(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...SETTINGS, ...fields })) form.set(name, value);
    form.set("logo", file ? new Blob([new Uint8Array(file.bytes)], { type: file.type }) : new Blob([], { type: "application/octet-stream" }), file?.name ?? "");
    return fetch(`${server.url}/admin/settings`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body: form });
  }

  /** What the header's logo link of a public page holds. */
  async function logoLink(pathname: string): Promise<string> {
    return /<a[^>]*class="logo"[^>]*>([\s\S]*?)<\/a>/.exec(await page(pathname))?.[1] ?? "";
  }

  /** The bundled logo is drawn in the markup itself (decision 018): no image request, no SVG document of its own. */
  async function expectBundledLogo(pathname: string): Promise<void> {
    const link = await logoLink(pathname);
    expect(link).toContain('<span class="logo-mark" aria-hidden="true"><svg');
    expect(link).not.toContain("<img");
    expect(link, "no tooltip with the demo association's name").not.toContain("<title>");
  }

  /** The header's logo img of a public page. */
  async function headerLogo(pathname: string): Promise<string> {
    const img = /<img[^>]*>/.exec(await logoLink(pathname))?.[0];
    expect(img, `the header's logo on ${pathname}`).toBeDefined();
    return img!;
  }

  /** The bundled heron icons, as public/ holds them. */
  const HERON = { "/favicon.png": readFileSync("public/favicon.png"), "/apple-touch-icon.png": readFileSync("public/apple-touch-icon.png") };

  /** The tab and home-screen icons as served: bytes, size, ETag, and the colour of their middle pixel. */
  async function icon(pathname: keyof typeof HERON) {
    const response = await fetch(`${server.url}${pathname}`);
    expect(response.status, pathname).toBe(200);
    expect(response.headers.get("content-type"), pathname).toBe("image/png");
    const bytes = Buffer.from(await response.arrayBuffer());
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return { bytes, width: info.width, height: info.height, etag: response.headers.get("etag"), middle: [...data.subarray(middle, middle + 3)] };
  }

  /** A square phone photo of the association's sign, with where it was taken. */
  function signPhoto(): Promise<Buffer> {
    return sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: 20, g: 90, b: 60 } } })
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15" }, IFD3: GPS })
      .toBuffer();
  }

  it("is uploaded with GPS EXIF, shown in the header of cached pages with priority, and served without the location", async () => {
    await expectBundledLogo("/");
    for (const pathname of ["/favicon.png", "/apple-touch-icon.png"] as const) expect((await icon(pathname)).bytes.equals(HERON[pathname]), pathname).toBe(true);
    // Fill the page cache, so that the new logo must come through the change counters.
    await page("/contact-us");
    const before = stored();
    const photo = await signPhoto();
    expect(holdsLatitude((await sharp(photo).metadata()).exif ?? Buffer.alloc(0)), "the photo carries its GPS latitude").toBe(true);
    const response = await saveSettings({ logoAlt: "The Loon Lake sign" }, { bytes: photo, name: "IMG_0100.jpg", type: "image/jpeg" });
    expect(response.status).toBe(302);
    expect(stored().rows).toBe(before.rows + 1);
    expect(stored().files).toHaveLength(before.files.length + 3);

    for (const pathname of ["/", "/contact-us"]) {
      const img = await headerLogo(pathname);
      // The link names the site, so the picture inside it is decorative.
      expect(img).toContain('alt=""');
      expect(img).toMatch(/srcSet="\/images\/[0-9a-f]{32}\/320\.webp 320w, \/images\/[0-9a-f]{32}\/640\.webp 640w, \/images\/[0-9a-f]{32}\/960\.webp 960w"/i);
      expect(img).toMatch(/width="960"/);
      expect(img).toMatch(/height="960"/);
      expect(img).toMatch(/sizes="40px"/);
      expect(img).toMatch(/fetchpriority="high"/i);
      expect(img).not.toMatch(/loading="lazy"/);
    }
    const img = await headerLogo("/");
    const urls = [...img.matchAll(/(\/images\/[0-9a-f]{32}\/\d+\.webp) \d+w/g)].map((match) => match[1]!);
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const served = await fetch(`${server.url}${url}`);
      expect(served.status, url).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif, `${url} has no EXIF`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes("PhoneMaker")).toBe(false);
      expect(holdsLatitude(bytes), `${url} holds no latitude`).toBe(false);
    }
    const screen = await (await fetch(`${server.url}/admin/settings`, { headers: { Cookie: cookie } })).text();
    expect(screen).toContain(">The Loon Lake sign</textarea>");
  });

  it("becomes the tab and home-screen icon, drawn square from the logo", async () => {
    for (const [pathname, size] of [["/favicon.png", 32], ["/apple-touch-icon.png", 180]] as const) {
      const drawn = await icon(pathname);
      expect(drawn.bytes.equals(HERON[pathname]), `${pathname} is no longer the heron`).toBe(false);
      expect([drawn.width, drawn.height]).toEqual([size, size]);
      // The sign's green (20, 90, 60), give or take the WebP and PNG round trip.
      drawn.middle.forEach((channel, i) => expect(Math.abs(channel - [20, 90, 60][i]!), `${pathname} channel ${i}`).toBeLessThanOrEqual(4));
      expect(drawn.etag).toMatch(/^"[0-9a-f]{32}-\d+"$/);
      // As a browser revalidates (fetch would add Cache-Control: no-cache to a conditional request).
      const status = await new Promise<number | undefined>((resolve, reject) => {
        get(`${server.url}${pathname}`, { headers: { "If-None-Match": drawn.etag! } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        }).on("error", reject);
      });
      expect(status, "the same logo: not modified").toBe(304);
    }
  });

  it("keeps the logo when the form is saved without a file, and refuses a disguised one with the fields as typed", async () => {
    const current = await headerLogo("/");
    const before = stored();
    expect((await saveSettings({ logoAlt: "The Loon Lake sign at the landing" })).status).toBe(302);
    expect(await headerLogo("/")).toBe(current);
    expect(stored()).toEqual(before);
    const screen = await (await fetch(`${server.url}/admin/settings`, { headers: { Cookie: cookie } })).text();
    expect(screen).toContain(">The Loon Lake sign at the landing</textarea>");

    const refused = await saveSettings({ shortName: "Typed Name", logoAlt: "A logo" }, { bytes: new TextEncoder().encode("GIF89a? no, just words"), name: "logo.png", type: "image/png" });
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("This file is not a JPEG, PNG or WebP picture.");
    expect(html).toContain('value="Typed Name"');
    expect(stored()).toEqual(before);
    expect(await headerLogo("/")).toBe(current);
  });

  it("is removed with its files, and the bundled logo is back", async () => {
    const id = /\/images\/([0-9a-f]{32})\//.exec(await headerLogo("/"))![1]!;
    const before = stored();
    expect((await saveSettings({ logoAlt: "", logoRemove: "on" })).status).toBe(302);
    await expectBundledLogo("/");
    for (const pathname of ["/favicon.png", "/apple-touch-icon.png"] as const) expect((await icon(pathname)).bytes.equals(HERON[pathname]), pathname).toBe(true);
    expect(stored().rows).toBe(before.rows - 1);
    expect(stored().files.filter((name) => name.startsWith(id))).toEqual([]);
    expect((await fetch(`${server.url}/images/${id}/320.webp`)).status).toBe(404);
  });
});
