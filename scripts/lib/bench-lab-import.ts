/**
 * The lab file import benchmark (issue 27: "importing 100,000 results from one file: under 10 s on one core, RSS
 * under 250 MB during the import"), for `npm run bench` (scripts/bench.ts).
 *
 * `labImportPhase` writes a CSV of 100,000 results (10 sites × 5 parameters × 2,000 days, long shape, US dates, some
 * results written as labs do: ">2419.6", "<10"), then runs this file as a child process, pinned to one core with
 * `taskset -c 1` when it can be, on a new SQLite database (and a new PostgreSQL database when one answers), with the
 * server's Node flags and malloc settings (the Measurements screen) and with the command line's: the child
 * migrates, then times `importLabFile` (read, check every row, create the 10 sites, write in batches, decide the
 * status once: CPU seconds and wall seconds) and prints its figures as JSON with its peak RSS (VmHWM) at the end.
 */
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateToLatest, openDatabase } from "#app/platform/data/db.server.ts";
import { createLogger } from "#app/platform/logger.server.ts";
import { importLabFile } from "#app/beach/lab-files/importer.server.ts";
import { procStatusKb } from "./proc.ts";
import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";

/** How many results the file holds. */
export const LAB_IMPORT_RESULTS = 100_000;

const SITES = ["Calumet", "Rainbow", "South Shore", "63rd Street", "Montrose", "Foster", "Howard", "Leone", "Rogers", "Juneway"];
const PARAMETERS: [string, string, (i: number) => string][] = [
  ["Escherichia coli", "MPN/100mL", (i) => (i % 97 === 0 ? ">2419.6" : i % 89 === 0 ? "<10" : String((i * 37) % 2400))],
  ["Depth, Secchi disk depth", "m", (i) => ((i % 90) / 10 + 0.5).toFixed(1)],
  ["Temperature, water", "deg C", (i) => ((i % 300) / 10).toFixed(1)],
  ["Dissolved oxygen (DO)", "mg/L", (i) => ((i % 140) / 10).toFixed(1)],
  ["Phosphorus", "ug/L", (i) => String(5 + (i % 60))],
];

/** Writes the benchmark's lab file (CSV, long shape) to `file`. */
export async function writeLabBenchFile(file: string, results = LAB_IMPORT_RESULTS): Promise<void> {
  const out = createWriteStream(file);
  out.write("Sample Date,Time,Beach,Parameter,Result,Units\r\n");
  const perDay = SITES.length * PARAMETERS.length;
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; i < results; i++) {
    const day = new Date(start + Math.floor(i / perDay) * 86_400_000);
    const date = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
    const site = SITES[i % SITES.length]!;
    const [name, unit, value] = PARAMETERS[Math.floor(i / SITES.length) % PARAMETERS.length]!;
    const line = `${date},09:${String(i % 60).padStart(2, "0")},${site},"${name}",${value(i)},${unit}\r\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

/** One run's figures. */
export interface LabImportFigures {
  backEnd: string;
  /** How the process ran: "server" (the server's flags: the Measurements screen) or "cli" (`npm run import:measurements`). */
  as: string;
  /** "CSV" or ".xlsx" (the same results as one sheet). */
  file: string;
  /** CPU seconds of the import (user and system): the time on one core, whatever else the machine runs. */
  seconds: number;
  /** Wall-clock seconds (longer when the pinned core is shared with other work). */
  wallSeconds: number;
  added: number;
  problems: number;
  peakRssMb: number | undefined;
  pinned: boolean;
}

/** How the import runs: in the server (`npm start`'s flags and malloc settings), or as the command line. */
export const LAB_IMPORT_RUNS = [
  { as: "server", flags: ["--optimize-for-size"], env: { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" } },
  { as: "cli", flags: ["--optimize-for-size"], env: {} },
] as const;

/**
 * Runs the import of the benchmark's file in a child process on each back end (PostgreSQL when its url is given),
 * as the server and as the command line run it (only as `as` says, when given: each run needs an empty database).
 * @returns each run's figures
 */
export async function labImportPhase(databaseUrls: { name: string; url?: string; as?: (typeof LAB_IMPORT_RUNS)[number]["as"]; workbook?: boolean }[]): Promise<LabImportFigures[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shoreline-bench-import-"));
  try {
    const file = path.join(dir, "results.csv");
    await writeLabBenchFile(file);
    // The same results as an Excel workbook, one sheet (SheetJS holds a workbook whole: no streaming reader).
    const workbookFile = path.join(dir, "results.xlsx");
    if (databaseUrls.some((d) => d.workbook)) {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(parse(readFileSync(file)) as string[][]), "Results");
      writeFileSync(workbookFile, XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
    }
    const pinned = os.cpus().length > 1 && spawnSync("taskset", ["-c", "1", "true"], { stdio: "ignore" }).status === 0;
    const figures: LabImportFigures[] = [];
    for (const { name, url, as, workbook } of databaseUrls) for (const run of LAB_IMPORT_RUNS.filter((r) => as === undefined || r.as === as)) {
      const dataDir = mkdtempSync(path.join(dir, "data-"));
      const command = pinned ? "taskset" : process.execPath;
      const args = [...(pinned ? ["-c", "1", process.execPath] : []), ...run.flags, fileURLToPath(import.meta.url), "run", workbook ? workbookFile : file, dataDir, url ?? ""];
      const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TZ: "UTC", ...run.env };
      const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"], env });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, "exit")) as [number | null];
      if (code !== 0) throw new Error(`the import benchmark's child exited with ${code}: ${output}`);
      const result = JSON.parse(output.trim().split("\n").at(-1)!) as Omit<LabImportFigures, "backEnd" | "as" | "file" | "pinned">;
      figures.push({ backEnd: name, as: run.as, file: workbook ? ".xlsx" : "CSV", pinned, ...result });
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The child: migrate the database, then time the import of the file. */
async function child(file: string, dataDir: string, databaseUrl: string): Promise<void> {
  const handle = openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    await migrateToLatest(handle);
    const services = { db: handle.db, logger: createLogger("silent"), config: { publicUrl: "http://localhost" }, outbox: { kick: () => {} } };
    const started = process.cpuUsage();
    const wall = performance.now();
    const outcome = await importLabFile(services, file, { createSites: true });
    const used = process.cpuUsage(started);
    const seconds = (used.user + used.system) / 1e6;
    const wallSeconds = (performance.now() - wall) / 1000;
    const hwm = procStatusKb(process.pid, "VmHWM");
    console.log(JSON.stringify({ seconds, wallSeconds, added: outcome.added, problems: outcome.inspection.problemCount, peakRssMb: hwm === undefined ? undefined : hwm / 1024 }));
  } finally {
    await handle.close();
  }
}

if (process.argv[2] === "run" && process.argv[1] === fileURLToPath(import.meta.url)) {
  await child(process.argv[3]!, process.argv[4]!, process.argv[5] ?? "");
}
