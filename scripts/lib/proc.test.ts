import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cpuSeconds, cpuSecondsOfStat, firstChild, procStatusKb } from "./proc.ts";

describe("/proc readings", () => {
  it("reads utime and stime after a command name with spaces and parentheses", () => {
    // proc(5): pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime …
    const stat = "4242 (node (a) b) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 7 0 123 456 789";
    expect(cpuSecondsOfStat(stat, 100)).toBe(3);
    expect(cpuSecondsOfStat("4242 (short) S 1", 100)).toBeUndefined();
  });

  it("sees this process's CPU time grow while it works, as Node's own count does, and its memory", () => {
    const before = cpuSeconds(process.pid)!;
    const usage = process.cpuUsage();
    // Work until Node says this process used 200 ms of CPU (not 200 ms of wall time: on a busy machine the process
    // may get a fraction of a core), or 20 s have passed.
    const deadline = performance.now() + 20_000;
    let used = 0;
    while (used < 0.2 && performance.now() < deadline) {
      const { user, system } = process.cpuUsage(usage);
      used = (user + system) / 1e6;
    }
    const grown = cpuSeconds(process.pid)! - before;
    expect(used).toBeGreaterThanOrEqual(0.2);
    expect(grown).toBeGreaterThanOrEqual(0.15);
    // The same count, to within /proc's clock ticks (10 ms) and the reads around it.
    expect(Math.abs(grown - used)).toBeLessThan(0.05);
    expect(procStatusKb(process.pid, "VmRSS")).toBeGreaterThan(1000);
  });

  it("finds a child process, and answers undefined for a process that is gone", async () => {
    const child = spawn("sleep", ["5"]);
    await new Promise((resolve) => child.once("spawn", resolve));
    expect(firstChild(process.pid)).toBeDefined();
    child.kill();
    await new Promise((resolve) => child.once("exit", resolve));
    expect(cpuSeconds(child.pid!)).toBeUndefined();
    expect(procStatusKb(child.pid!, "VmRSS")).toBeUndefined();
  });
});
