import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryCgroups, ownCgroupDir } from './runner.cgroup.js';
import { createLocalExecutor } from './runner.local.js';
import { createSandbox } from './runner.sandbox.js';

// The memory cgroups are checked on a folder laid out like a cgroup v2 hierarchy: the kernel's
// enforcement cannot be shown on a machine without a delegated memory controller, but what the
// runner writes there, and when it gives up with a reason, can.

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgroup-test-'));
  made.push(dir);
  return dir;
}

/** A fake cgroup v2 folder offering the given controllers. */
function fakeCgroup(controllers: string): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'cgroup.controllers'), `${controllers}\n`);
  fs.writeFileSync(path.join(dir, 'cgroup.subtree_control'), '');
  return dir;
}

/** A fake /proc/self with the given mountinfo and cgroup lines. */
function fakeProc(mountinfo: string, cgroup: string): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'mountinfo'), mountinfo);
  fs.writeFileSync(path.join(dir, 'cgroup'), cgroup);
  return dir;
}

const V1_ONLY = '30 25 0:26 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory\n';

describe('finding the cgroup v2 folder', () => {
  it('joins the cgroup2 mount point and the process cgroup path', () => {
    const proc = fakeProc(`${V1_ONLY}35 25 0:30 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n`, '4:memory:/x\n0::/system.slice/app.service\n');
    expect(ownCgroupDir(proc)).toEqual({ dir: '/sys/fs/cgroup/unified/system.slice/app.service' });
  });

  it('strips the mount root of a cgroup namespace', () => {
    const proc = fakeProc('35 25 0:30 /system.slice /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n', '0::/system.slice/app.service\n');
    expect(ownCgroupDir(proc)).toEqual({ dir: '/sys/fs/cgroup/app.service' });
  });

  it('says so when no cgroup v2 hierarchy is mounted', () => {
    const proc = fakeProc(V1_ONLY, '4:memory:/x\n');
    const cgroups = openMemoryCgroups({ slots: 2, procSelf: proc });
    expect(cgroups).toMatchObject({ mode: 'rlimit', reason: 'no cgroup v2 hierarchy is mounted' });
    expect(cgroups.slotDir(0)).toBeNull();
  });
});

describe('memory cgroups per slot', () => {
  it('falls back to rlimits, with the reason, when the hierarchy has no memory controller', () => {
    const base = fakeCgroup('hugetlb pids');
    const cgroups = openMemoryCgroups({ slots: 2, base });
    expect(cgroups.mode).toBe('rlimit');
    expect(cgroups.reason).toBe(`the cgroup v2 folder ${base} offers no memory controller (hugetlb pids)`);
    expect(fs.readdirSync(base).sort()).toEqual(['cgroup.controllers', 'cgroup.subtree_control']);
  });

  it('falls back when the folder is not a cgroup at all', () => {
    const base = tempDir();
    expect(openMemoryCgroups({ slots: 1, base })).toMatchObject({ mode: 'rlimit', reason: `${base} is not a cgroup v2 folder` });
  });

  it('makes one cgroup per slot without swap, caps each step and counts its OOM kills', () => {
    const base = fakeCgroup('cpu memory pids');
    const cgroups = openMemoryCgroups({ slots: 2, base });
    expect(cgroups).toMatchObject({ mode: 'cgroup', reason: null });
    const own = path.join(base, `runner-${process.pid}`);
    expect(fs.readFileSync(path.join(base, 'cgroup.subtree_control'), 'utf8')).toBe('+memory');
    expect(fs.readFileSync(path.join(own, 'cgroup.subtree_control'), 'utf8')).toBe('+memory');
    for (const index of [0, 1]) {
      const dir = cgroups.slotDir(index)!;
      expect(dir).toBe(path.join(own, `slot-${index}`));
      expect(fs.readFileSync(path.join(dir, 'memory.swap.max'), 'utf8')).toBe('0');
      expect(fs.readFileSync(path.join(dir, 'memory.oom.group'), 'utf8')).toBe('1');
    }
    fs.writeFileSync(path.join(own, 'slot-1', 'memory.events'), 'low 0\nhigh 0\nmax 4\noom 2\noom_kill 3\n');
    expect(cgroups.prepare(1, 300 * 1024 * 1024)).toBe(3);
    expect(fs.readFileSync(path.join(own, 'slot-1', 'memory.max'), 'utf8')).toBe(String(300 * 1024 * 1024));
    expect(cgroups.prepare(0, 64 * 1024 * 1024)).toBe(0);
    fs.writeFileSync(path.join(own, 'slot-1', 'memory.events'), 'oom_kill 4\n');
    expect(cgroups.oomKills(1)).toBe(4);
    cgroups.tearDown();
    expect(fs.existsSync(own)).toBe(false);
  });

  it('removes the cgroups of runners that died, and keeps those of live ones', () => {
    const base = fakeCgroup('memory');
    const dead = path.join(base, 'runner-999999999', 'slot-0');
    const live = path.join(base, `runner-${process.ppid}`, 'slot-0');
    fs.mkdirSync(dead, { recursive: true });
    fs.mkdirSync(live, { recursive: true });
    const cgroups = openMemoryCgroups({ slots: 1, base });
    expect(fs.existsSync(path.join(base, 'runner-999999999'))).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    cgroups.tearDown();
  });

  it('on this machine: either cgroups, or rlimits with a reason', () => {
    const cgroups = openMemoryCgroups({ slots: 1 });
    try {
      if (cgroups.mode === 'rlimit') expect(cgroups.reason).toMatch(/\S/);
      else expect(fs.existsSync(cgroups.slotDir(0)!)).toBe(true);
    } finally {
      cgroups.tearDown();
    }
  });
});

describe('a sandbox step with a memory cgroup', () => {
  it('joins its slot cgroup before bwrap starts and sets the step cap first', async () => {
    const base = fakeCgroup('memory');
    const sandbox = createSandbox({ slots: 1, cgroupBase: base });
    sandbox.setUp();
    try {
      expect(sandbox.isolation()).toEqual({ seccomp: true, memory: 'cgroup', memoryReason: null });
      const slot = sandbox.slots[0]!;
      sandbox.openJob(slot, {});
      const outcome = await sandbox.run({
        slot,
        argv: ['/usr/bin/grep', '^Seccomp:', '/proc/self/status'],
        writableJob: false,
        limits: {
          cpuMs: 2000,
          wallMs: 10_000,
          addressSpaceBytes: 256 << 20,
          processes: 8,
          fileBytes: 1 << 20,
          tmpfsBytes: 16 << 20,
          memoryBytes: 96 << 20,
          outputBytes: 1 << 20,
          openFiles: 64,
        },
      });
      sandbox.closeJob(slot);
      expect(outcome.sandboxError).toBeNull();
      expect(outcome.stdout).toMatch(/^Seccomp:\s+2$/m);
      expect(outcome.oomKilled).toBe(false);
      const slotDir = path.join(base, `runner-${process.pid}`, 'slot-0');
      expect(fs.readFileSync(path.join(slotDir, 'memory.max'), 'utf8')).toBe(String(96 << 20));
      // The wrapper wrote its own pid, which then became bwrap's: a positive process id.
      expect(fs.readFileSync(path.join(slotDir, 'cgroup.procs'), 'utf8').trim()).toMatch(/^[1-9]\d*$/);
    } finally {
      sandbox.tearDown();
    }
    expect(fs.existsSync(path.join(base, `runner-${process.pid}`))).toBe(false);
  }, 30_000);
});

describe('judging with a memory cgroup', () => {
  it("an OOM kill in the slot's cgroup during a case is MLE, with the case's cap written first", async () => {
    const base = fakeCgroup('memory');
    const executor = createLocalExecutor({ slots: 1, cgroupBase: base });
    await executor.start();
    const slotDir = path.join(base, `runner-${process.pid}`, 'slot-0');
    try {
      fs.rmSync(path.join(slotDir, 'cgroup.procs'), { force: true });
      const judged = executor.execute({
        language: 'Python',
        sourceCode: 'import time\ntime.sleep(0.8)\nprint(1)',
        cases: [{ input: '', expected: '1\n' }],
        timeLimitMs: 2000,
        memoryLimitMb: 100,
        stopOnFailure: false,
      });
      // The kernel would count the kill here while the step runs; the test stands in for it.
      const deadline = Date.now() + 10_000;
      while (!fs.existsSync(path.join(slotDir, 'cgroup.procs')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      fs.writeFileSync(path.join(slotDir, 'memory.events'), 'oom 1\noom_kill 1\n');
      const result = await judged;
      expect(result.verdict, JSON.stringify(result)).toBe('MLE');
      expect(result.cases[0]!.passed).toBe(false);
      // Python's cap: the question's 100 MB plus 32 MB for the interpreter, /tmp files included.
      expect(fs.readFileSync(path.join(slotDir, 'memory.max'), 'utf8')).toBe(String(132 * 1024 * 1024));
    } finally {
      await executor.stop();
    }
  }, 30_000);
});
