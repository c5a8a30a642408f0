import fs from 'node:fs';

/** User + system CPU time of a process so far, in µs (/proc/<pid>/stat, clock ticks of 10 ms); NaN when gone. */
export function cpuTimeUs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return NaN;
  }
}

/** Resident set size of a process in MB; NaN when gone. */
export function rssMb(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/**
 * The database server's process (mariadbd or mysqld) when the database at `host` runs on this machine: its CPU
 * per request is reported beside the server's, since it shares the two cores with the server and the load.
 */
export function localDbServerPid(host: string): number | undefined {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return undefined;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'mariadbd' || comm === 'mysqld') return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
