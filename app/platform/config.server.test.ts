import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, ensureAuthSecret, loadConfig } from "./config.server.ts";

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shoreline-config-"));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The error loadConfig throws for `env`, which must be a ConfigError. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("loadConfig did not throw");
}

describe("loadConfig: defaults", () => {
  it("listens on 127.0.0.1:3000 with SQLite, demo seed and a local public URL", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe(path.resolve(dataDir));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seed).toBe("demo");
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
    expect(config.admin).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.smtpUrl).toBeUndefined();
    expect(config.production).toBe(true);
  });

  it("treats an empty DATABASE_URL as unset (SQLite)", () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "" }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "   " }).databaseUrl).toBeUndefined();
  });

  it("accepts a postgres:// or postgresql:// DATABASE_URL", () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://u@h/db" }).databaseUrl).toBe("postgres://u@h/db");
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgresql://u@h/db" }).databaseUrl).toBe("postgresql://u@h/db");
  });

  it("derives the public URL from HOST and PORT, and strips a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "192.168.1.20", PORT: "8080" }).publicUrl).toBe("http://192.168.1.20:8080");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "::1" }).publicUrl).toBe("http://[::1]:3000");
    // The wildcard addresses are not addresses a browser can use: this machine's loopback instead.
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "0.0.0.0", PORT: "8080" }).publicUrl).toBe("http://127.0.0.1:8080");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "::" }).publicUrl).toBe("http://[::1]:3000");
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://heronlake.example.org/" }).publicUrl).toBe(
      "https://heronlake.example.org",
    );
  });

  it("lower-cases ADMIN_EMAIL and keeps the password when both are set", () => {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: "Board@Example.org", ADMIN_PASSWORD: "correct horse" });
    expect(config.admin).toEqual({ email: "board@example.org", password: "correct horse" });
  });
});

describe("loadConfig: bad values name the variable", () => {
  it("PORT=abc", () => {
    expect(configError({ DATA_DIR: dataDir, PORT: "abc" }).message).toContain("PORT");
  });

  it.each(["0", "65536", "80.5"])("PORT=%s", (port) => {
    expect(configError({ DATA_DIR: dataDir, PORT: port }).message).toContain("PORT");
  });

  it("DATABASE_URL=mysql://x", () => {
    expect(configError({ DATA_DIR: dataDir, DATABASE_URL: "mysql://x" }).message).toContain("DATABASE_URL");
  });

  it("ADMIN_EMAIL without ADMIN_PASSWORD names both", () => {
    const { message } = configError({ DATA_DIR: dataDir, ADMIN_EMAIL: "board@example.org" });
    expect(message).toContain("ADMIN_EMAIL");
    expect(message).toContain("ADMIN_PASSWORD");
  });

  it("ADMIN_PASSWORD without ADMIN_EMAIL names both", () => {
    const { message } = configError({ DATA_DIR: dataDir, ADMIN_PASSWORD: "long enough password" });
    expect(message).toContain("ADMIN_EMAIL");
    expect(message).toContain("ADMIN_PASSWORD");
  });

  it("an ADMIN_PASSWORD of 5 characters", () => {
    const { message } = configError({ DATA_DIR: dataDir, ADMIN_EMAIL: "board@example.org", ADMIN_PASSWORD: "abcde" });
    expect(message).toContain("ADMIN_PASSWORD");
  });

  it("an AUTH_SECRET shorter than 32 characters", () => {
    expect(configError({ DATA_DIR: dataDir, AUTH_SECRET: "short" }).message).toContain("AUTH_SECRET");
    // The README: "at least 32 characters".
    expect(configError({ DATA_DIR: dataDir, AUTH_SECRET: "s".repeat(31) }).message).toContain("AUTH_SECRET");
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: "s".repeat(32) }).authSecret).toBe("s".repeat(32));
  });

  it("an ADMIN_PASSWORD of 7 or 129 characters; 8 and 128 are taken", () => {
    for (const length of [7, 129]) {
      expect(configError({ DATA_DIR: dataDir, ADMIN_EMAIL: "board@example.org", ADMIN_PASSWORD: "p".repeat(length) }).message, `${length} characters`).toContain("ADMIN_PASSWORD");
    }
    for (const length of [8, 128]) expect(loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: "board@example.org", ADMIN_PASSWORD: "p".repeat(length) }).admin?.password).toHaveLength(length);
  });

  it("SEED other than demo or none", () => {
    expect(configError({ DATA_DIR: dataDir, SEED: "lots" }).message).toContain("SEED");
  });

  it("names every bad variable at once", () => {
    const { message } = configError({ DATA_DIR: dataDir, PORT: "abc", DATABASE_URL: "mysql://x" });
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
  });
});

describe("loadConfig: no side effects", () => {
  it("writes nothing: no auth-secret, and a missing DATA_DIR stays missing", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.authSecret).toBeUndefined();
    expect(readdirSync(dataDir)).toEqual([]);
    const nested = path.join(dataDir, "a", "b");
    expect(loadConfig({ DATA_DIR: nested }).dataDir).toBe(nested);
    expect(existsSync(path.join(dataDir, "a"))).toBe(false);
  });

  it("takes AUTH_SECRET as it is", () => {
    const secret = "x".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }).authSecret).toBe(secret);
  });
});

describe("ensureAuthSecret", () => {
  it("generates the secret once into DATA_DIR/auth-secret with mode 0600 and reuses it on the next start", () => {
    const first = ensureAuthSecret(loadConfig({ DATA_DIR: dataDir })).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureAuthSecret(loadConfig({ DATA_DIR: dataDir })).authSecret).toBe(first);
  });

  it("makes a different secret in another data folder", () => {
    const other = mkdtempSync(path.join(tmpdir(), "shoreline-config-"));
    try {
      const a = ensureAuthSecret(loadConfig({ DATA_DIR: other })).authSecret;
      expect(a).not.toBe(ensureAuthSecret(loadConfig({ DATA_DIR: dataDir })).authSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("uses AUTH_SECRET when given, and writes no file", () => {
    const secret = "x".repeat(40);
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret });
    expect(ensureAuthSecret(config).authSecret).toBe(secret);
    expect(() => statSync(path.join(dataDir, "auth-secret"))).toThrow(/ENOENT/);
  });

  it("reads an existing auth-secret file", () => {
    const secret = "s".repeat(43);
    writeFileSync(path.join(dataDir, "auth-secret"), `${secret}\n`, { mode: 0o600 });
    expect(ensureAuthSecret(loadConfig({ DATA_DIR: dataDir })).authSecret).toBe(secret);
  });

  it("replaces a secret file too short to be one", () => {
    writeFileSync(path.join(dataDir, "auth-secret"), "short\n", { mode: 0o600 });
    const secret = ensureAuthSecret(loadConfig({ DATA_DIR: dataDir })).authSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim()).toBe(secret);
  });

  it("creates a missing DATA_DIR, with or without AUTH_SECRET", () => {
    const nested = path.join(dataDir, "a", "b");
    expect(ensureAuthSecret(loadConfig({ DATA_DIR: nested })).dataDir).toBe(nested);
    expect(statSync(path.join(nested, "auth-secret")).isFile()).toBe(true);
    const given = path.join(dataDir, "c");
    ensureAuthSecret(loadConfig({ DATA_DIR: given, AUTH_SECRET: "y".repeat(32) }));
    expect(readdirSync(given)).toEqual([]);
  });
});

describe("loadConfig: object storage (STORAGE_URL, S3_*)", () => {
  const keys = { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };

  it("keeps files on local disk when STORAGE_URL is unset or empty", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: " " }).s3).toBeUndefined();
  });

  it("reads s3://bucket/prefix, the endpoint, region and keys; path style by default with an endpoint", () => {
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: "s3://heron-lake/site/prod/", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "garage", ...keys }).s3).toEqual({
      bucket: "heron-lake",
      prefix: "site/prod",
      endpoint: "http://127.0.0.1:9000",
      region: "garage",
      credentials: { accessKeyId: keys.S3_ACCESS_KEY_ID, secretAccessKey: keys.S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: "s3://heron.lake" }).s3).toEqual({
      bucket: "heron.lake",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: "s3://heron-lake", S3_ENDPOINT: "https://s3.example.org", S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: "s3://heron-lake", S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(true);
  });

  it.each([
    ["https://heron-lake.s3.amazonaws.com/x", "STORAGE_URL: must be s3://bucket or s3://bucket/prefix"],
    ["/var/lib/shoreline", "STORAGE_URL: must be s3://bucket or s3://bucket/prefix"],
    ["s3://", "STORAGE_URL: must be s3://bucket or s3://bucket/prefix"],
    ["s3://Heron_Lake/x", "STORAGE_URL: \"Heron_Lake\" is not a bucket name"],
    ["s3://ab", "STORAGE_URL: \"ab\" is not a bucket name"],
    ["s3://heron-lake/../other", "STORAGE_URL: the prefix"],
    ["s3://heron-lake/a b", "STORAGE_URL: the prefix"],
  ])("refuses STORAGE_URL=%s", (url, message) => {
    expect(configError({ DATA_DIR: dataDir, STORAGE_URL: url }).message).toContain(message);
  });

  it("refuses one key without the other, and S3_* without STORAGE_URL, never quoting a key", () => {
    const one = configError({ DATA_DIR: dataDir, STORAGE_URL: "s3://heron-lake", S3_SECRET_ACCESS_KEY: keys.S3_SECRET_ACCESS_KEY });
    expect(one.message).toContain("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither");
    expect(one.message).not.toContain(keys.S3_SECRET_ACCESS_KEY);
    const stray = configError({ DATA_DIR: dataDir, S3_ENDPOINT: "http://127.0.0.1:9000", ...keys });
    expect(stray.message).toContain("S3_ENDPOINT, S3_ACCESS_KEY_ID: set, but STORAGE_URL is not");
    expect(stray.message).not.toContain(keys.S3_SECRET_ACCESS_KEY);
    expect(configError({ DATA_DIR: dataDir, STORAGE_URL: "s3://heron-lake", S3_ENDPOINT: "ftp://x" }).message).toContain("S3_ENDPOINT: must be an http:// or https:// URL");
    expect(configError({ DATA_DIR: dataDir, STORAGE_URL: "s3://heron-lake", S3_FORCE_PATH_STYLE: "yes" }).message).toContain("S3_FORCE_PATH_STYLE");
  });
});
