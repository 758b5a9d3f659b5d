import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';

/**
 * CPU seconds used so far by the PostgreSQL server's processes (postmaster and its children),
 * when it runs on this machine and its data directory is readable; else undefined. CPU time per
 * row varies far less than wall time when other work shares the cores.
 */
export async function serverCpuSeconds(ds: DataSource): Promise<number | undefined> {
  try {
    const [{ setting }] = await ds.query(`SELECT setting FROM pg_settings WHERE name = 'data_directory'`);
    return processTreeCpuSeconds(Number(fs.readFileSync(path.join(setting, 'postmaster.pid'), 'utf8').split('\n')[0]));
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by a process and its children (live ones, and the ones that ended and were waited for). */
export function processTreeCpuSeconds(root: number): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    // Fields after "(comm)": state, ppid, ..., utime, stime, then cutime, cstime (children that ended, such as closed connections).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === root) total += (Number(fields[11]) + Number(fields[12])) / ticks;
    if (Number(pid) === root) total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks;
  }
  return total;
}
