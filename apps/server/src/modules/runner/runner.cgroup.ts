import fs from 'node:fs';
import path from 'node:path';

/**
 * One memory limit per sandbox slot (decision 015): a cgroup v2 per slot with memory.max and
 * memory.swap.max=0, so that everything a step holds in memory (its processes and the pages of
 * its tmpfs) is charged to the same cap. Where no cgroup v2 memory controller can be delegated
 * to the runner, steps keep the address-space and tmpfs caps alone, and `reason` says why.
 */
export interface MemoryCgroups {
  mode: 'cgroup' | 'rlimit';
  /** Why the rlimit fallback is in use; null with cgroups. */
  reason: string | null;
  /** The slot's cgroup folder (its cgroup.procs takes a step's first process), or null. */
  slotDir(index: number): string | null;
  /** Sets the slot's cap before a step; returns the slot's OOM-kill count so far. */
  prepare(index: number, memoryBytes: number): number;
  /** OOM kills in the slot's cgroup so far (compare with prepare's answer). */
  oomKills(index: number): number;
  tearDown(): void;
}

export interface MemoryCgroupOptions {
  slots: number;
  /** A cgroup v2 folder delegated to the runner (RUNNER_CGROUP); default: the server's own cgroup. */
  base?: string;
  /** For tests: where /proc/self/mountinfo and /proc/self/cgroup are read from. */
  procSelf?: string;
}

function rlimitOnly(reason: string): MemoryCgroups {
  return {
    mode: 'rlimit',
    reason,
    slotDir: () => null,
    prepare: () => 0,
    oomKills: () => 0,
    tearDown: () => undefined,
  };
}

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The server's own cgroup v2 folder, from mountinfo and /proc/self/cgroup; a reason string when there is none. */
export function ownCgroupDir(procSelf = '/proc/self'): { dir: string } | { reason: string } {
  const mounts = (read(path.join(procSelf, 'mountinfo')) ?? '').split('\n');
  // "<id> <parent> <major:minor> <root> <mount point> <options> ... - cgroup2 <source> <super options>"
  const mount = mounts.map((line) => line.split(' ')).find((fields) => fields[fields.indexOf('-') + 1] === 'cgroup2');
  if (!mount) return { reason: 'no cgroup v2 hierarchy is mounted' };
  const [, , , root = '/', mountPoint = ''] = mount;
  const own = (read(path.join(procSelf, 'cgroup')) ?? '').split('\n').find((line) => line.startsWith('0::'));
  if (!own) return { reason: 'this process is in no cgroup v2' };
  let relative = own.slice(3).trim();
  if (root !== '/' && relative.startsWith(root)) relative = relative.slice(root.length);
  return { dir: path.join(mountPoint, relative) };
}

function hasSwap(): boolean {
  return (read('/proc/swaps') ?? '').trim().split('\n').length > 1;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** Removes the folders of runners whose process is gone (cgroups are removed with rmdir, leaves first). */
function removeStale(base: string): void {
  let names: string[] = [];
  try {
    names = fs.readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = /^runner-(\d+)$/.exec(name)?.[1];
    if (!owner || Number(owner) === process.pid) continue;
    try {
      process.kill(Number(owner), 0);
      continue;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EPERM') continue;
    }
    removeTree(path.join(base, name));
  }
}

function removeTree(dir: string): void {
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) if (entry.isDirectory()) removeTree(path.join(dir, entry.name));
  try {
    fs.rmdirSync(dir);
  } catch {
    // still has processes (they are being killed) or is a plain folder in tests
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function openMemoryCgroups(options: MemoryCgroupOptions): MemoryCgroups {
  let base = options.base;
  if (!base) {
    const own = ownCgroupDir(options.procSelf);
    if ('reason' in own) return rlimitOnly(own.reason);
    base = own.dir;
  }
  const controllers = read(path.join(base, 'cgroup.controllers'));
  if (controllers === null) return rlimitOnly(`${base} is not a cgroup v2 folder`);
  if (!controllers.split(/\s+/).includes('memory')) {
    return rlimitOnly(`the cgroup v2 folder ${base} offers no memory controller (${controllers.trim() || 'none'})`);
  }
  try {
    fs.writeFileSync(path.join(base, 'cgroup.subtree_control'), '+memory');
  } catch (error) {
    const code = errorCode(error);
    return rlimitOnly(
      code === 'EBUSY'
        ? `cannot enable the memory controller below ${base}: it holds processes (set RUNNER_CGROUP to a delegated, empty cgroup)`
        : `cannot enable the memory controller below ${base} (${code})`,
    );
  }
  removeStale(base);
  const own = path.join(base, `runner-${process.pid}`);
  const slotDirs: string[] = [];
  try {
    fs.mkdirSync(own, { recursive: true });
    fs.writeFileSync(path.join(own, 'cgroup.subtree_control'), '+memory');
    for (let index = 0; index < options.slots; index += 1) {
      const dir = path.join(own, `slot-${index}`);
      fs.mkdirSync(dir, { recursive: true });
      // No swap: a step's pages (tmpfs included) stay in memory and count against memory.max.
      try {
        fs.writeFileSync(path.join(dir, 'memory.swap.max'), '0');
      } catch (error) {
        // Without swap accounting the cap still holds on a machine that has no swap.
        if (hasSwap()) throw error;
      }
      // An out-of-memory kill takes the whole step, not one random process of it.
      fs.writeFileSync(path.join(dir, 'memory.oom.group'), '1');
      slotDirs.push(dir);
    }
  } catch (error) {
    removeTree(own);
    return rlimitOnly(`cannot create the runner's cgroups below ${base} (${errorCode(error)})`);
  }
  const oomKills = (index: number): number => {
    const events = read(path.join(slotDirs[index]!, 'memory.events')) ?? '';
    return Number(/^oom_kill (\d+)$/m.exec(events)?.[1] ?? 0);
  };
  return {
    mode: 'cgroup',
    reason: null,
    slotDir: (index) => slotDirs[index] ?? null,
    prepare(index, memoryBytes) {
      fs.writeFileSync(path.join(slotDirs[index]!, 'memory.max'), String(Math.floor(memoryBytes)));
      return oomKills(index);
    },
    oomKills,
    tearDown: () => removeTree(own),
  };
}
