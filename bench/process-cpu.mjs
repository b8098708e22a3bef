// CPU time of processes on this machine (Linux, /proc), for the benches that print what a request or an
// event costs each part: the server, PostgreSQL's backends, the NATS server, the load generator.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** A process's CPU time so far (user + system), in ms; 0 for a process that is gone. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * The CPU time `pids` spend from now until `stop()` is called, in ms (a pid that ends meanwhile counts
 * what it had spent when last seen alive at the start; processes are sampled twice).
 */
export function cpuMeter(pids) {
  const start = new Map(pids.map((pid) => [pid, cpuMs(pid)]));
  return {
    stop: () => [...start].reduce((sum, [pid, before]) => sum + Math.max(0, cpuMs(pid) - before), 0),
  };
}

/** This process's CPU time from now until `stop()`, in ms. */
export function ownCpuMeter() {
  const start = process.cpuUsage();
  return {
    stop: () => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    },
  };
}

/** The whole machine's busy CPU time (every core, every process) from now until `stop()`, in ms. */
export function machineCpuMeter() {
  const busy = () => {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / CLOCK_TICKS;
  };
  const start = busy();
  return { stop: () => busy() - start };
}
