/**
 * What Linux says of a process in /proc (proc(5)), for `npm run bench`: memory and CPU time. Every function returns
 * undefined off Linux or once the process is gone, never throws.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (`getconf CLK_TCK`; 100, Linux's value, when it cannot be asked). */
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** A field of /proc/<pid>/status in kB (VmRSS: resident now, VmHWM: highest resident since start). */
export function procStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds a process has used: user and system time of all its threads, /proc/<pid>/stat fields 14 and 15
 * (`utime`, `stime`, in clock ticks).
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    return cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

/** `cpuSeconds` of one /proc/<pid>/stat line; undefined when it has no such fields. */
export function cpuSecondsOfStat(stat: string, ticks = CLOCK_TICKS): number | undefined {
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses: the fields start after
  // the last closing one, with the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return Number.isFinite(utime) && Number.isFinite(stime) && fields.length > 12 ? (utime + stime) / ticks : undefined;
}

/** The first child of a process (/proc/<pid>/task/<pid>/children), such as nginx's worker under its master. */
export function firstChild(pid: number): number | undefined {
  try {
    const child = Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ")[0]);
    return Number.isInteger(child) && child > 0 ? child : undefined;
  } catch {
    return undefined;
  }
}
