import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { findLabUpload, removeLabUpload, saveLabUpload } from "./uploads.server.ts";

describe("lab file uploads kept between the import's steps", () => {
  it("streams a file to a temporary file named by a random token, finds it by that token only, and removes it", async () => {
    const token = await saveLabUpload(Readable.from([Buffer.from("Date,Calumet\n"), Buffer.from("05/26/2015,435\n")]), "dna.csv");
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const found = await findLabUpload(token);
    expect(found?.name).toBe("dna.csv");
    expect(await readFile(found!.path, "utf8")).toBe("Date,Calumet\n05/26/2015,435\n");
    await removeLabUpload(token);
    expect(await findLabUpload(token)).toBeUndefined();
  });

  it("takes no other name for a token: nothing outside its folder is reached", async () => {
    for (const token of ["../../etc/passwd", "", "..", `${crypto.randomUUID()}/../x`, crypto.randomUUID()]) {
      expect(await findLabUpload(token)).toBeUndefined();
    }
  });
});
