import * as fs from 'node:fs';
import * as path from 'node:path';

/** What the process holding an embedded data directory announces to others. */
export interface DataDirAnnouncement {
  pid: number;
  /** `service` or `cli`: who opened the directory. */
  role: 'service' | 'cli';
  /** Folder holding the `.s.PGSQL.5432` socket other processes can connect to. */
  socketDir: string;
  startedAt: string;
}

const LOCK_FILE = 'embedded-postgres.json';

export function lockPath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the directory, if any; a stale announcement (dead process) is removed. */
export function readHolder(dataDir: string): DataDirAnnouncement | undefined {
  let announcement: DataDirAnnouncement;
  try {
    announcement = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as DataDirAnnouncement;
  } catch {
    return undefined;
  }
  if (announcement.pid !== process.pid && isAlive(announcement.pid)) return announcement;
  fs.rmSync(lockPath(dataDir), { force: true });
  return undefined;
}

/**
 * Claims the directory for this process. Exclusive create makes two processes starting at
 * once safe: exactly one wins, the other learns who holds it.
 */
export function claimDataDir(dataDir: string, announcement: DataDirAnnouncement): { claimed: true } | { claimed: false; holder: DataDirAnnouncement } {
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath(dataDir), JSON.stringify(announcement, null, 2), { flag: 'wx', mode: 0o600 });
      return { claimed: true };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readHolder(dataDir);
      if (holder) return { claimed: false, holder };
    }
  }
  throw new Error(`Could not claim ${dataDir}: ${lockPath(dataDir)} keeps reappearing`);
}

export function releaseDataDir(dataDir: string): void {
  try {
    const current = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as DataDirAnnouncement;
    if (current.pid === process.pid) fs.rmSync(lockPath(dataDir), { force: true });
  } catch {
    // Already gone.
  }
}
