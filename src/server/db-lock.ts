// The embedded database belongs to one process at a time: a lock file beside its directory names the process
// that holds it. PGlite takes no lock of its own: the postmaster.pid it writes says -42 in every process, and a
// second PGlite opens a directory already open elsewhere without a word, the two then writing over each
// other's pages. So the server, the backup commands and the other CLIs take this lock when they open it.
import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseInUseError';
  }
}

interface LockInfo {
  pid: number;
  /** The kernel's boot id and the process's start (in clock ticks since boot), so a reused pid is not taken for the holder. */
  boot?: string;
  start?: string;
  since: string;
  command: string;
}

const held = new Map<string, string>();

const bootId = () => readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim();

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (read after the last ')', since the command name may hold spaces). */
function startOf(pid: number): string | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** A process as the lock (and the outbox's claims) name it: pid, and what tells a reused pid apart. */
export type ProcessIdentity = Pick<LockInfo, 'pid' | 'boot' | 'start'>;

/** This process, as another one would check that it still runs. */
export const thisProcess = (): ProcessIdentity => ({ pid: process.pid, boot: bootId(), start: startOf(process.pid) });

/** Whether that process (on this machine) still runs: not merely some process with the same pid, nor this one. */
export const processRuns = (identity: ProcessIdentity): boolean => holderRuns(identity);

/** Whether the process that wrote the lock still runs (not merely some process with the same pid). */
function holderRuns(info: ProcessIdentity): boolean {
  if (!Number.isInteger(info.pid) || info.pid <= 0) return false;
  // A container restarted runs its server with the pid the killed one had: our own pid is ours, not a holder.
  if (info.pid === process.pid) return false;
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const boot = bootId();
  if (info.boot && boot && info.boot !== boot) return false;
  const start = startOf(info.pid);
  if (info.start && start && info.start !== start) return false;
  return true;
}

function readLock(file: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return typeof info?.pid === 'number' ? info : undefined;
  } catch {
    return undefined;
  }
}

export const lockFileOf = (dir: string) => `${path.resolve(dir)}.lock`;

/**
 * Takes the lock of the embedded database in `dir` (the file `<dir>.lock`), or throws DatabaseInUseError naming
 * the process that holds it. A lock left by a process that is gone (killed, or the machine restarted) is taken
 * over. Returns the release; the lock is also released when the process exits.
 */
export function lockEmbeddedDatabase(dir: string): () => void {
  const file = lockFileOf(dir);
  const where = `The embedded database in ${dir}`;
  if (held.has(file)) throw new DatabaseInUseError(`${where} is already open in this process.`);
  const info: LockInfo = {
    pid: process.pid,
    boot: bootId(),
    start: startOf(process.pid),
    since: new Date().toISOString(),
    command: [path.basename(process.argv[1] ?? 'node'), ...process.argv.slice(2)].join(' '),
  };
  const content = `${JSON.stringify(info)}\n`;
  // Written whole beside it, then linked into place: the lock never exists half-written, and link() fails if it exists.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readLock(file);
        if (attempt > 0 || (holder && holderRuns(holder))) {
          const who = holder ? `process ${holder.pid} (${holder.command}, since ${holder.since})` : 'another process';
          throw new DatabaseInUseError(`${where} is open in ${who}: stop it first (or, if no such process runs, remove ${file}).`);
        }
        rmSync(file, { force: true }); // left by a process that is gone
      }
    }
  } finally {
    rmSync(tmp, { force: true });
  }
  held.set(file, content);
  return () => release(file);
}

function release(file: string) {
  const content = held.get(file);
  if (content === undefined) return;
  held.delete(file);
  // Only our own lock: never one another process took over meanwhile.
  if (readOrUndefined(file) === content) unlinkSync(file);
}

process.on('exit', () => {
  for (const file of [...held.keys()]) {
    try {
      release(file);
    } catch {
      // exiting anyway
    }
  }
});
