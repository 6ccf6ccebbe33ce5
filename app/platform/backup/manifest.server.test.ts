/**
 * Which archive entries a restore accepts (`entryRefusal`) and which file paths a manifest may list: exactly what
 * `createBackup` writes, and nothing that unpacking could turn into another path (".", "..", empty or doubled parts,
 * a folder where a file belongs or the other way round). The archives themselves are tested in
 * tests/integration/backup.test.ts.
 */
import { describe, expect, it } from "vitest";
import { entryRefusal, parseManifest } from "./manifest.server.ts";

const DOCUMENT = "data/documents/1717171717171.pdf";
const PICTURE = "data/images/0123456789abcdef0123456789abcdef-640.webp";

describe("entryRefusal", () => {
  it("accepts every entry a backup writes", () => {
    for (const file of ["manifest.json", "database/shoreline.db", "database/shoreline.pgdump", "data/auth-secret", DOCUMENT, "data/documents/1717171717171", PICTURE]) {
      expect(entryRefusal(file, "File"), file).toBeUndefined();
    }
    for (const folder of ["database", "data/", "data/documents", "data/images/"]) expect(entryRefusal(folder, "Directory"), folder).toBeUndefined();
  });

  it("refuses odd names in the stored files' folders, saying why", () => {
    for (const name of [".", "..", " ", "1717171717171.PDF", "1717171717171.pdf ", ".1717171717171.pdf.0b1c.tmp"]) {
      expect(entryRefusal(`data/documents/${name}`, "File"), JSON.stringify(name)).toBe("a file whose name is not a stored document's");
    }
    expect(entryRefusal("data/documents/", "File")).toBe("a file where a backup has a folder");
    expect(entryRefusal(`${DOCUMENT}/`, "File")).toBe("a file a backup never has");
    expect(entryRefusal("data/documents/../1717171717171.pdf", "File")).toBe("a file a backup never has");
    expect(entryRefusal("data/images/.", "File")).toBe("a file whose name is not a stored picture file's");
    expect(entryRefusal("data/images/0123456789abcdef0123456789abcdef.webp", "File")).toBe("a file whose name is not a stored picture file's");
    expect(entryRefusal("data/documents//1717171717171.pdf", "File")).toBe("a file a backup never has");
    expect(entryRefusal("./data/documents/1717171717171.pdf", "File")).toBe("a file a backup never has");
    expect(entryRefusal("", "File")).toBe("a file a backup never has");
  });

  it("refuses a folder where a backup has a file, a file where it has a folder, and anything but files and folders", () => {
    expect(entryRefusal(`${DOCUMENT}/`, "Directory")).toBe("a folder where a backup has a file");
    expect(entryRefusal("database/shoreline.db", "Directory")).toBe("a folder where a backup has a file");
    expect(entryRefusal("manifest.json", "Directory")).toBe("a folder where a backup has a file");
    expect(entryRefusal("data/documents/.", "Directory")).toBe("a folder a backup never has");
    expect(entryRefusal("data", "File")).toBe("a file where a backup has a folder");
    expect(entryRefusal(DOCUMENT, "SymbolicLink")).toBe("a SymbolicLink entry, where a backup has only files and folders");
    expect(entryRefusal(DOCUMENT, "CharacterDevice")).toBe("a CharacterDevice entry, where a backup has only files and folders");
  });
});

describe("parseManifest", () => {
  const manifest = (path: string) =>
    JSON.stringify({
      format: "shoreline-backup",
      version: 1,
      created: "2026-11-27T08:00:00.000Z",
      app: { name: "shoreline", version: "0.1.0" },
      dialect: "sqlite",
      database: { file: "database/shoreline.db", migrations: [], tables: {} },
      files: [{ path, size: 1, sha256: "0".repeat(64) }],
    });

  it("accepts a stored file's path and refuses a listed path a backup never writes", () => {
    expect(parseManifest(manifest(DOCUMENT), "x.tar.gz").files[0]!.path).toBe(DOCUMENT);
    for (const path of ["data/documents/.", "data/documents/..", "data/documents/", "data/images/x.webp"]) {
      expect(() => parseManifest(manifest(path), "x.tar.gz"), path).toThrow("x.tar.gz is not a usable Shoreline backup");
    }
  });
});
