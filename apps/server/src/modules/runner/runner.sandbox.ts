import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMemoryCgroups, type MemoryCgroups } from './runner.cgroup.js';
import { killGroup, launchStep, openFilter, type LaunchRequest, type RawOutcome } from './runner.launch.mjs';
import { buildSeccompFilter } from './runner.seccomp.js';

/**
 * The bubblewrap sandbox. Each step (compile, or one test case) is one bwrap process:
 *
 *   [the slot's memory cgroup, where available] bwrap (new pid/net/ipc/uts/cgroup namespaces,
 *   read-only toolchains, the job folder, a size-capped tmpfs, a seccomp filter that refuses new
 *   namespaces, mounts, ptrace and other kernel attack surface) → time (measures the program) →
 *   prlimit (CPU, address space, processes, file size, open files) → setpriv (the slot's own
 *   uid, no groups, no capabilities, no_new_privs) → the program.
 *
 * The server spawns bwrap with an empty environment, so nothing of its own (secrets included)
 * is there to read, not even through /proc/1/environ. A user namespace is not used: running
 * as root, bwrap would map only root into it and the slot uid could not exist; the program
 * runs under a real host uid of its own, which is what makes RLIMIT_NPROC a per-slot cap.
 */

export interface SandboxLimits {
  cpuMs: number;
  wallMs: number;
  addressSpaceBytes: number;
  processes: number;
  fileBytes: number;
  tmpfsBytes: number;
  /** The step's whole memory, tmpfs pages included (the slot cgroup's memory.max, where cgroups are available). */
  memoryBytes: number;
  /** stdout and stderr together; more kills the program (output limit). */
  outputBytes: number;
  openFiles: number;
}

export interface SandboxStep {
  slot: SandboxSlot;
  argv: string[];
  /** Compile steps may write into the job folder; test cases see it read-only. */
  writableJob: boolean;
  stdin?: string;
  limits: SandboxLimits;
}

export interface SandboxOutcome {
  exitCode: number | null;
  /** The signal that ended the program, if any (9 for the wall-clock kill, 24 for SIGXCPU). */
  signal: number | null;
  wallTimedOut: boolean;
  outputExceeded: boolean;
  /** The slot cgroup's out-of-memory killer ended the step (never set on the rlimit fallback). */
  oomKilled: boolean;
  /** The output as the program wrote it; judging compares these bytes. */
  stdoutBytes: Buffer;
  /** The output decoded as UTF-8 for people (bytes that are not UTF-8 become U+FFFD). */
  stdout: string;
  stderr: string;
  wallMs: number;
  cpuMs: number;
  memoryKb: number;
  /** The sandbox itself failed (bwrap could not start, no usage record): not the program's fault. */
  sandboxError: string | null;
}

export interface SandboxSlot {
  index: number;
  uid: number;
  /** Root-owned, 0711: holds this slot's job folders. */
  dir: string;
  /** Root-only folder where `time` writes the usage of the last step. */
  statsDir: string;
  jobDir: string | null;
  /** A step of the current job was killed or failed: sweep the uid's processes when it closes. */
  needsSweep: boolean;
}

export interface SandboxOptions {
  /** Where slot and job folders live; must not be inside DATA_DIR or the server's code. */
  rootDir?: string;
  slots: number;
  /** Folder for uid-block leases shared by every runner on this machine. */
  leaseDir?: string;
  /** A cgroup v2 folder delegated to the runner; default: below the server's own cgroup. */
  cgroupBase?: string;
}

/** How a step is confined beyond namespaces and rlimits (shown by the runner's health call). */
export interface SandboxIsolation {
  seccomp: boolean;
  memory: 'cgroup' | 'rlimit';
  /** Why memory is capped by rlimits only. */
  memoryReason: string | null;
}

const BWRAP = '/usr/bin/bwrap';
const TIME = '/usr/bin/time';
const PRLIMIT = '/usr/bin/prlimit';
const SETPRIV = '/usr/bin/setpriv';
const REQUIRED_TOOLS = [BWRAP, TIME, PRLIMIT, SETPRIV];
const UID_BLOCK_BASE = 60_000;
const UID_BLOCK_SIZE = 64;
const UID_BLOCKS = 64;
const USAGE_FILE = 'usage';
const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';
/** The descriptor on which bwrap reads the seccomp program. */
const SECCOMP_FD = 3;

/** Toolchain folders shown read-only; symlinks (merged /usr) are recreated as symlinks. */
const TOOLCHAIN_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** The few /etc entries compilers and runtimes read. Never passwd/shadow or anything else. */
const ETC_ENTRIES = ['/etc/alternatives', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/localtime'];

function toolchainArgs(): string[] {
  const args: string[] = [];
  for (const dir of TOOLCHAIN_DIRS) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else if (stat.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  args.push('--perms', '0755', '--dir', '/etc');
  const etc = [...ETC_ENTRIES];
  // The JDK's conf files are symlinks into /etc/java-<version>-openjdk.
  for (const name of safeReaddir('/etc')) if (/^java-\d+-openjdk$/.test(name)) etc.push(`/etc/${name}`);
  for (const entry of etc) if (fs.existsSync(entry)) args.push('--ro-bind', entry, entry);
  return args;
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a block of uids for this process's slots, so that two servers (or test workers) on
 * one machine never share a slot uid: a per-uid process cap and the leftover-process sweep
 * must only ever concern this runner's own programs.
 */
function leaseUidBlock(leaseDir: string): { base: number; release: () => void } {
  fs.mkdirSync(leaseDir, { recursive: true, mode: 0o700 });
  for (let block = 0; block < UID_BLOCKS; block += 1) {
    const file = path.join(leaseDir, `block-${block}`);
    for (let tries = 0; tries < 2; tries += 1) {
      try {
        fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
        const base = UID_BLOCK_BASE + block * UID_BLOCK_SIZE;
        return {
          base,
          release: () => {
            try {
              if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
            } catch {
              // already gone
            }
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(fs.readFileSync(file, 'utf8'));
        if (owner && (owner === process.pid || isAlive(owner))) break;
        fs.rmSync(file, { force: true }); // the owner died: take the block over
      }
    }
  }
  throw new Error('No free block of sandbox uids: too many runners on this machine');
}

/** Slot folders left by runners that died without stopping (killed servers, aborted tests). */
function removeStaleRoots(tmp: string): void {
  for (const name of safeReaddir(tmp)) {
    const owner = /^runner-(\d+)-[A-Za-z0-9]{6}$/.exec(name)?.[1];
    if (!owner || isAlive(Number(owner))) continue;
    try {
      fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
    } catch {
      // another runner is removing it
    }
  }
}

/** Kills every process of a slot uid (they should be gone already: pid namespace + die-with-parent). */
export function killUidProcesses(uid: number): number {
  let killed = 0;
  for (const name of safeReaddir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.statSync(`/proc/${name}`).uid !== uid) continue;
      process.kill(Number(name), 'SIGKILL');
      killed += 1;
    } catch {
      // it ended meanwhile
    }
  }
  return killed;
}

export function listUidProcesses(uid: number): number[] {
  const pids: number[] = [];
  for (const name of safeReaddir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.statSync(`/proc/${name}`).uid === uid) pids.push(Number(name));
    } catch {
      // ended
    }
  }
  return pids;
}

interface Launcher {
  launch(request: LaunchRequest): Promise<RawOutcome>;
  abortAll(): void;
  close(): void;
}

/** Starts bwrap from this process: its own process group, killed whole on the wall clock or output cap. */
function createDirectLauncher(): Launcher {
  const live = new Set<number>();
  return {
    launch(request) {
      return new Promise((resolve) => resolve(launchStep(request, openFilter(request.seccompFile), { started: (pid) => live.add(pid), ended: (pid) => live.delete(pid) })));
    },
    abortAll() {
      for (const pid of live) killGroup(pid);
    },
    close() {
      this.abortAll();
    },
  };
}

const SPAWNER_CHILD = fileURLToPath(new URL('./runner.spawner-child.mjs', import.meta.url));

/**
 * Starts bwrap from a small helper process. fork() copies the parent's page tables, and the
 * server is large (the embedded database lives in it): a spawn from it costs several times more
 * than from a small process. The helper gets an empty environment too.
 */
async function createForkedLauncher(): Promise<Launcher> {
  const child: ChildProcess = fork(SPAWNER_CHILD, [], {
    env: {},
    execArgv: ['--max-old-space-size=64'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (outcome: RawOutcome) => void>();
  let nextId = 0;
  let closed = false;
  const idle = () => {
    child.unref();
    child.channel?.unref();
  };
  const busy = () => {
    child.ref();
    child.channel?.ref();
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the sandbox spawner did not start')), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox spawner exited with ${code}`));
    });
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  child.on('message', (message: RawOutcome & { id?: number }) => {
    if (typeof message?.id !== 'number') return;
    const done = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) idle();
    done?.(message);
  });
  child.on('exit', () => {
    closed = true;
    for (const done of pending.values()) {
      done({ code: null, signal: null, stdout: '', stderr: '', outputExceeded: false, wallTimedOut: false, spawnError: 'the sandbox spawner stopped', wallMs: 0 });
    }
    pending.clear();
  });
  idle();
  return {
    launch(request) {
      if (closed) return Promise.resolve({ code: null, signal: null, stdout: '', stderr: '', outputExceeded: false, wallTimedOut: false, spawnError: 'the sandbox spawner stopped', wallMs: 0 });
      nextId += 1;
      const id = nextId;
      busy();
      return new Promise((resolve) => {
        pending.set(id, resolve);
        child.send({ type: 'run', id, ...request });
      });
    },
    abortAll() {
      if (!closed) child.send({ type: 'abort' });
    },
    close() {
      if (closed) return;
      // Disconnecting makes the helper kill whatever it started and exit.
      child.disconnect();
    },
  };
}

/** Parses the last record `time` wrote: "<exit> <elapsed> <user> <sys> <maxrss>". */
function parseUsage(text: string): { exitCode: number; signal: number | null; cpuMs: number; memoryKb: number } | null {
  const lines = text.trim().split('\n');
  const signalLine = lines.find((line) => /^Command terminated by signal \d+$/.test(line));
  const last = lines[lines.length - 1]?.trim().split(/\s+/) ?? [];
  if (last.length !== 5 || last.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  const [exit, , user, sys, rss] = last.map(Number) as [number, number, number, number, number];
  return {
    exitCode: exit,
    signal: signalLine ? Number(signalLine.replace(/\D+/g, '')) : null,
    cpuMs: Math.round((user + sys) * 1000),
    memoryKb: rss,
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;

export function createSandbox(options: SandboxOptions) {
  let rootDir = options.rootDir ?? '';
  const leaseDir = options.leaseDir ?? path.join(os.tmpdir(), 'runner-uid-leases');
  let lease: { base: number; release: () => void } | null = null;
  let slots: SandboxSlot[] = [];
  let baseArgs: string[] = [];
  let jobCounter = 0;
  let launcher: Launcher = createDirectLauncher();
  let seccompFile: string | null = null;
  let cgroups: MemoryCgroups | null = null;

  function setUp(): void {
    for (const tool of REQUIRED_TOOLS) {
      if (!fs.existsSync(tool)) throw new Error(`${tool} is missing (Debian packages: bubblewrap, time, util-linux)`);
    }
    if (process.getuid?.() !== 0) throw new Error('the sandbox needs root to switch each slot to its own uid');
    lease = leaseUidBlock(leaseDir);
    // Outside DATA_DIR and the server's code: nothing there is mounted into a sandbox anyway.
    if (!rootDir) {
      removeStaleRoots(os.tmpdir());
      rootDir = fs.mkdtempSync(path.join(os.tmpdir(), `runner-${process.pid}-`));
    }
    fs.mkdirSync(rootDir, { recursive: true, mode: 0o711 });
    fs.chmodSync(rootDir, 0o711);
    baseArgs = toolchainArgs();
    seccompFile = buildSeccompFilter(rootDir);
    cgroups = openMemoryCgroups({ slots: options.slots, ...(options.cgroupBase ? { base: options.cgroupBase } : {}) });
    slots = Array.from({ length: options.slots }, (_, index) => {
      const dir = path.join(rootDir, `slot-${index}`);
      const statsDir = path.join(rootDir, `stats-${index}`);
      fs.mkdirSync(dir, { recursive: true, mode: 0o711 });
      fs.mkdirSync(statsDir, { recursive: true, mode: 0o700 });
      return { index, uid: lease!.base + index, dir, statsDir, jobDir: null, needsSweep: false };
    });
    for (const slot of slots) killUidProcesses(slot.uid);
  }

  /** A fresh job folder owned by the slot uid (0700): other slots cannot even look in. */
  function openJob(slot: SandboxSlot, files: Record<string, string>): string {
    jobCounter += 1;
    const jobDir = path.join(slot.dir, `job-${process.pid}-${jobCounter}`);
    fs.mkdirSync(jobDir, { mode: 0o700 });
    for (const [name, content] of Object.entries(files)) {
      if (!/^[A-Za-z0-9_$.-]+$/.test(name) || name.startsWith('.')) throw new Error(`bad job file name ${name}`);
      // 'wx' never follows or reuses an existing entry.
      const file = path.join(jobDir, name);
      fs.writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
      fs.chownSync(file, slot.uid, slot.uid);
    }
    fs.chownSync(jobDir, slot.uid, slot.uid);
    slot.jobDir = jobDir;
    return jobDir;
  }

  /**
   * After a step that was killed or went wrong, waits until the slot uid has no process left:
   * killed processes (a fork bomb's children) take a moment to exit, and the slot is handed to
   * the next job only once they are gone.
   */
  async function quiesce(slot: SandboxSlot, timeoutMs = 3_000): Promise<void> {
    if (!slot.needsSweep) return;
    const until = Date.now() + timeoutMs;
    while (killUidProcesses(slot.uid) > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  function closeJob(slot: SandboxSlot): void {
    // The pid namespace already took every process of a step with it when the step ended; the
    // /proc sweep (milliseconds on a busy host) is for steps that were killed or went wrong.
    if (slot.needsSweep) killUidProcesses(slot.uid);
    slot.needsSweep = false;
    if (slot.jobDir) fs.rmSync(slot.jobDir, { recursive: true, force: true });
    slot.jobDir = null;
    fs.rmSync(path.join(slot.statsDir, USAGE_FILE), { force: true });
  }

  function commandFor(step: SandboxStep): string[] {
    const { slot, limits } = step;
    if (!slot.jobDir) throw new Error('no job folder is open on this slot');
    const cpuSeconds = Math.max(1, Math.ceil(limits.cpuMs / 1000));
    return [
      '--unshare-ipc',
      '--unshare-pid',
      '--unshare-net',
      '--unshare-uts',
      '--unshare-cgroup-try',
      '--die-with-parent',
      '--new-session',
      '--seccomp',
      String(SECCOMP_FD),
      '--hostname',
      'sandbox',
      ...baseArgs,
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--perms',
      '01777',
      '--size',
      String(limits.tmpfsBytes),
      '--tmpfs',
      '/tmp',
      step.writableJob ? '--bind' : '--ro-bind',
      slot.jobDir,
      '/box',
      '--bind',
      slot.statsDir,
      '/.stats',
      '--chdir',
      '/box',
      '--setenv',
      'PATH',
      SANDBOX_PATH,
      '--setenv',
      'HOME',
      '/tmp',
      '--setenv',
      'LANG',
      'C.UTF-8',
      '--',
      TIME,
      '-f',
      '%x %e %U %S %M',
      '-o',
      `/.stats/${USAGE_FILE}`,
      PRLIMIT,
      // soft limit sends SIGXCPU; the hard limit a second later is SIGKILL.
      `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
      `--as=${limits.addressSpaceBytes}`,
      `--nproc=${limits.processes}`,
      `--fsize=${limits.fileBytes}`,
      `--nofile=${limits.openFiles}`,
      '--core=0',
      '--',
      SETPRIV,
      `--reuid=${slot.uid}`,
      `--regid=${slot.uid}`,
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--no-new-privs',
      '--',
      ...step.argv,
    ];
  }

  async function run(step: SandboxStep): Promise<SandboxOutcome> {
    const usageFile = path.join(step.slot.statsDir, USAGE_FILE);
    fs.rmSync(usageFile, { force: true });
    if (!seccompFile) throw new Error('the sandbox is not set up');
    const cgroupDir = cgroups?.slotDir(step.slot.index) ?? null;
    const oomBefore = cgroupDir ? cgroups!.prepare(step.slot.index, step.limits.memoryBytes) : 0;
    const bwrapArgs = commandFor(step);
    const raw = await launcher.launch({
      // The step's first process joins the slot's cgroup before bwrap starts, so all it forks is charged there.
      ...(cgroupDir
        ? { command: '/bin/sh', args: ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroupDir, BWRAP, ...bwrapArgs] }
        : { command: BWRAP, args: bwrapArgs }),
      seccompFile,
      stdin: step.stdin ?? '',
      wallMs: step.limits.wallMs,
      outputBytes: step.limits.outputBytes,
    });
    let usageText = '';
    try {
      usageText = fs.readFileSync(usageFile, 'utf8');
    } catch {
      // no record: bwrap failed or the step was killed before `time` wrote it
    }
    const usage = parseUsage(usageText);
    const stdoutBytes = Buffer.from(raw.stdout, 'base64');
    const stderr = Buffer.from(raw.stderr, 'base64').toString('utf8');
    const oomKilled = cgroupDir ? cgroups!.oomKills(step.slot.index) > oomBefore : false;
    // An out-of-memory kill takes the whole step (memory.oom.group), `time` included: no record.
    const killed = raw.wallTimedOut || raw.outputExceeded || oomKilled;
    if (killed || !usage || raw.spawnError) step.slot.needsSweep = true;
    let sandboxError: string | null = raw.spawnError;
    if (!sandboxError && !usage && !killed) {
      sandboxError = `sandbox exited with ${raw.code ?? raw.signal}: ${stderr.slice(0, 500)}`;
    }
    return {
      exitCode: usage ? usage.exitCode : raw.code,
      signal: killed ? 9 : (usage?.signal ?? null),
      wallTimedOut: raw.wallTimedOut,
      outputExceeded: raw.outputExceeded,
      oomKilled,
      stdoutBytes,
      stdout: stdoutBytes.toString('utf8'),
      stderr,
      wallMs: raw.wallMs,
      cpuMs: usage?.cpuMs ?? raw.wallMs,
      memoryKb: usage?.memoryKb ?? 0,
      sandboxError,
    };
  }

  return {
    get rootDir(): string {
      return rootDir;
    },
    get slots(): readonly SandboxSlot[] {
      return slots;
    },
    isolation(): SandboxIsolation {
      return { seccomp: seccompFile !== null, memory: cgroups?.mode ?? 'rlimit', memoryReason: cgroups?.reason ?? null };
    },
    setUp,
    openJob,
    quiesce,
    closeJob,
    run,
    /** Kills every running step (shutdown): their jobs end and are judged again after a restart. */
    abortAll(): void {
      launcher.abortAll();
      for (const slot of slots) killUidProcesses(slot.uid);
    },
    /** Moves spawning into the small helper process; keeps spawning here if it cannot start. */
    async useSpawnerProcess(): Promise<string | null> {
      try {
        const forked = await createForkedLauncher();
        launcher.close();
        launcher = forked;
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
    /** Removes every folder and frees the uid block. */
    tearDown(): void {
      launcher.close();
      launcher = createDirectLauncher();
      for (const slot of slots) {
        slot.needsSweep = true;
        closeJob(slot);
      }
      if (rootDir) fs.rmSync(rootDir, { recursive: true, force: true });
      cgroups?.tearDown();
      cgroups = null;
      seccompFile = null;
      lease?.release();
      lease = null;
    },
  };
}

/** True when bubblewrap can create namespaces here (some containers forbid it). */
export function bwrapUsable(): boolean {
  const result = spawnSync(BWRAP, ['--ro-bind', '/', '/', '--unshare-pid', '--unshare-net', '--', '/bin/true'], {
    env: {},
    timeout: 5000,
  });
  return result.status === 0;
}
