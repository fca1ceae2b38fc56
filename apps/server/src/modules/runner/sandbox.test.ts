import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ProgrammingLanguage } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { normalizeOutput, outputsMatch } from './runner.compare.js';
import type { ExecutionJob, ExecutionResult } from './runner.executor.js';
import { isLanguageAllowed } from './runner.languages.js';
import { createLocalExecutor, type LocalExecutor } from './runner.local.js';
import { listUidProcesses } from './runner.sandbox.js';

// Sandbox-level tests: real bubblewrap, real compilers, no database. Students' code is hostile.

let executor: LocalExecutor;

beforeAll(async () => {
  executor = createLocalExecutor({ slots: 2, compileLimits: { cpuMs: 8000, wallMs: 20_000 } });
  await executor.start();
}, 60_000);

afterAll(async () => {
  const root = executor.sandbox.rootDir;
  await executor.stop();
  expect(fs.existsSync(root)).toBe(false);
});

function slotUids(): number[] {
  return executor.sandbox.slots.map((slot) => slot.uid);
}

/** Files owned by a slot uid in the places a program could try to leave them. */
function strayFiles(): string[] {
  const uids = new Set(slotUids());
  const found: string[] = [];
  const scan = (dir: string, depth: number) => {
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      try {
        if (uids.has(fs.lstatSync(full).uid)) found.push(full);
        if (entry.isDirectory() && depth > 0) scan(full, depth - 1);
      } catch {
        // vanished
      }
    }
  };
  scan(executor.sandbox.rootDir, 4);
  scan(os.tmpdir(), 0);
  scan('/dev/shm', 0);
  scan('/var/tmp', 0);
  return found;
}

/** The host is clean: no process of a slot uid, no job folder, no file a program left behind. */
function expectHostClean(): void {
  for (const uid of slotUids()) expect(listUidProcesses(uid), `processes of uid ${uid}`).toEqual([]);
  for (const slot of executor.sandbox.slots) {
    expect(slot.jobDir).toBeNull();
    expect(fs.readdirSync(slot.dir)).toEqual([]);
  }
  expect(strayFiles()).toEqual([]);
}

afterEach(() => expectHostClean());

async function judge(
  language: ProgrammingLanguage,
  sourceCode: string,
  cases: ExecutionJob['cases'] = [{ input: '', expected: null }],
  limits: Partial<Pick<ExecutionJob, 'timeLimitMs' | 'memoryLimitMb'>> = {},
): Promise<ExecutionResult & { ms: number }> {
  const started = Date.now();
  const result = await executor.execute({
    language,
    sourceCode,
    cases,
    timeLimitMs: limits.timeLimitMs ?? 1000,
    memoryLimitMb: limits.memoryLimitMb ?? 256,
    stopOnFailure: false,
  });
  return { ...result, ms: Date.now() - started };
}

const ECHO_SUM: Record<ProgrammingLanguage, Record<'ok' | 'wrong' | 'compile' | 'crash' | 'loop', string>> = {
  C: {
    ok: '#include <stdio.h>\nint main(void){long a,b;if(scanf("%ld %ld",&a,&b)!=2)return 1;printf("%ld\\n",a+b);return 0;}',
    wrong: '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a-b);return 0;}',
    compile: 'int main(void){ return undefined_name; }',
    crash: '#include <stdlib.h>\nint main(void){ abort(); }',
    loop: 'int main(void){ volatile unsigned long x=0; for(;;) x++; }',
  },
  'C++': {
    ok: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}',
    wrong: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a*b<<"\\n";}',
    compile: '#include <iostream>\nint main(){ std::cout << missing; }',
    crash: '#include <stdexcept>\nint main(){ throw std::runtime_error("boom"); }',
    loop: 'int main(){ volatile unsigned long x=0; for(;;) x++; }',
  },
  Java: {
    ok: 'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); long x = s.nextLong(), y = s.nextLong(); System.out.println(x + y); } }',
    wrong: 'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); long x = s.nextLong(), y = s.nextLong(); System.out.println(x + y + 1); } }',
    compile: 'public class Main { public static void main(String[] a) { int x = "text"; } }',
    crash: 'public class Main { public static void main(String[] a) { int[] v = new int[1]; System.out.println(v[5]); } }',
    loop: 'public class Main { public static void main(String[] a) { long x = 0; while (true) { x++; } } }',
  },
  Python: {
    ok: 'a, b = map(int, input().split())\nprint(a + b)',
    wrong: 'a, b = map(int, input().split())\nprint(a + b + 1)',
    compile: 'def broken(:\n    pass',
    crash: 'raise ValueError("boom")',
    loop: 'while True:\n    pass',
  },
  Ruby: {
    ok: 'a, b = gets.split.map(&:to_i)\nputs a + b',
    wrong: 'a, b = gets.split.map(&:to_i)\nputs a - b',
    compile: 'def broken(\n  puts "x"\n',
    crash: 'raise "boom"',
    loop: 'x = 0\nloop { x += 1 }',
  },
};


describe('verdicts in every language', () => {
  const sumCases = [
    { input: '2 3\n', expected: '5\n' },
    { input: '40 2', expected: '42' },
  ];
  for (const language of Object.keys(ECHO_SUM) as ProgrammingLanguage[]) {
    it(`${language}: AC, WA, CE, RE and TLE`, async () => {
      const programs = ECHO_SUM[language];
      const [ok, wrong, compile, crash, loop] = await Promise.all([
        judge(language, programs.ok, sumCases),
        judge(language, programs.wrong, sumCases),
        judge(language, programs.compile, sumCases),
        judge(language, programs.crash, sumCases.slice(0, 1)),
        judge(language, programs.loop, sumCases.slice(0, 1)),
      ]);
      expect(ok.verdict, ok.compileOutput + JSON.stringify(ok.cases)).toBe('AC');
      expect(ok.cases.map((c) => c.passed)).toEqual([true, true]);
      expect(ok.cases[0]!.stdout.trim()).toBe('5');
      expect(wrong.verdict).toBe('WA');
      expect(wrong.cases.every((c) => c.passed === false)).toBe(true);
      // Python and Ruby: the interpreter's syntax error, before anything runs, is a compile error too.
      expect(compile.verdict).toBe('CE');
      expect(compile.compileOutput).toMatch(/error/i);
      expect(crash.verdict).toBe('RE');
      expect(loop.verdict).toBe('TLE');
      expect(loop.ms).toBeLessThan(20_000);
    }, 120_000);
  }

  it('a SyntaxError raised while running is a runtime error, not a compile error', async () => {
    const result = await judge('Python', 'print("started")\neval("(")');
    expect(result.verdict).toBe('RE');
    expect(result.cases[0]!.stdout).toBe('started\n');
  });

  it('custom input runs the program and shows its output without judging it', async () => {
    const result = await judge('Python', 'print(input()[::-1])', [{ input: 'abc\n', expected: null }]);
    expect(result.verdict).toBe('AC');
    expect(result.cases[0]).toMatchObject({ passed: null, stdout: 'cba\n' });
  });
});

describe('hostile programs', () => {
  it('a fork bomb is contained by the process cap and the time limit', async () => {
    const py = await judge('Python', 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass');
    expect(['TLE', 'RE']).toContain(py.verdict);
    expect(py.ms).toBeLessThan(15_000);
    expectHostClean();
    const c = await judge('C', '#include <unistd.h>\nint main(void){ for(;;) fork(); }');
    expect(['TLE', 'RE']).toContain(c.verdict);
    expect(c.ms).toBeLessThan(25_000);
  }, 60_000);

  it('a user namespace with its own tmpfs is refused: no new namespace, no mount, seccomp on, /tmp stays capped', async () => {
    const program = [
      '#define _GNU_SOURCE',
      '#include <errno.h>',
      '#include <sched.h>',
      '#include <signal.h>',
      '#include <stdio.h>',
      '#include <string.h>',
      '#include <sys/mount.h>',
      '#include <sys/stat.h>',
      '#include <sys/syscall.h>',
      '#include <unistd.h>',
      'static void report(const char *what, long rc) { printf("%s %s\\n", what, rc == 0 ? "ok" : strerror(errno)); }',
      'int main(void) {',
      '  setvbuf(stdout, NULL, _IONBF, 0);',
      '  char line[256]; FILE *status = fopen("/proc/self/status", "r");',
      '  while (fgets(line, sizeof line, status)) if (!strncmp(line, "Seccomp:", 8)) fputs(line, stdout);',
      '  fclose(status);',
      '  long child = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);',
      '  if (child == 0) _exit(0);',
      '  report("clone-newuser", child > 0 ? 0 : -1);',
      '  char args[88] = {0};',
      '  report("clone3", syscall(435, args, sizeof args));',
      '  report("mount-here", mount("none", "/tmp", "tmpfs", 0, "size=400m"));',
      '  const char *dir = "/tmp";',
      '  int shared = unshare(CLONE_NEWUSER | CLONE_NEWNS);',
      '  report("unshare", shared);',
      '  if (shared == 0) {',
      '    mkdir("/tmp/big", 0700);',
      '    int mounted = mount("none", "/tmp/big", "tmpfs", 0, "size=400m");',
      '    report("mount", mounted);',
      '    if (mounted == 0) dir = "/tmp/big";',
      '  }',
      // Files of 8 MB, under the file-size limit: only the filesystem's own cap can stop them.
      '  static char chunk[1 << 20]; memset(chunk, 7, sizeof chunk);',
      '  long mb = 0; int full = 0;',
      '  for (int i = 0; mb < 300 && !full; i++) {',
      '    char path[64]; snprintf(path, sizeof path, "%s/fill%d", dir, i);',
      '    FILE *out = fopen(path, "w");',
      '    if (!out) break;',
      '    for (int k = 0; k < 8 && mb < 300; k++) {',
      '      if (fwrite(chunk, 1, sizeof chunk, out) != sizeof chunk || fflush(out) != 0) { full = 1; break; }',
      '      mb++;',
      '    }',
      '    fclose(out);',
      '  }',
      '  printf("wrote %ld MB\\n", mb);',
      '  return mb >= 300 ? 0 : 1;',
      '}',
    ].join('\n');
    const result = await judge('C', program, undefined, { timeLimitMs: 2000 });
    const out = result.cases[0]?.stdout ?? '';
    expect(out, JSON.stringify(result)).toMatch(/^Seccomp:\s+2$/m);
    expect(out).toContain('clone-newuser Operation not permitted');
    expect(out).toContain('clone3 Function not implemented');
    expect(out).toContain('mount-here Operation not permitted');
    expect(out).toContain('unshare Operation not permitted');
    expect(out).not.toContain('wrote 300 MB');
    expect(Number(/wrote (\d+) MB/.exec(out)?.[1])).toBeLessThanOrEqual(64);
    expect(result.verdict).not.toBe('AC');
  }, 30_000);

  it('tracing, keyrings, bpf, perf, userfaultfd, io_uring, setns and module loading are refused', async () => {
    const calls = ['ptrace', 'keyctl', 'add_key', 'request_key', 'bpf', 'perf_event_open', 'userfaultfd', 'io_uring_setup', 'setns', 'init_module', 'finit_module', 'kexec_load', 'pivot_root', 'umount2', 'open_by_handle_at', 'process_vm_readv'];
    const program = [
      '#include <errno.h>',
      '#include <stdio.h>',
      '#include <string.h>',
      '#include <sys/syscall.h>',
      '#include <unistd.h>',
      'int main(void) {',
      // Arguments that would fail differently (EFAULT, EINVAL, EBADF) if the call reached the kernel.
      ...calls.map((name) => `  { long rc = syscall(SYS_${name}, 0, 0, 0, 0, 0, 0); printf("${name} %s\\n", rc == -1 && errno == EPERM ? "EPERM" : strerror(errno)); }`),
      '  return 0;',
      '}',
    ].join('\n');
    const result = await judge('C', program);
    expect(result.verdict, result.compileOutput).toBe('AC');
    expect(result.cases[0]!.stdout.trim().split('\n')).toEqual(calls.map((name) => `${name} EPERM`));
  }, 30_000);

  it('threads and child processes still start under the filter', async () => {
    const py = await judge('Python', 'import subprocess, threading\nt = threading.Thread(target=print, args=("thread",))\nt.start(); t.join()\nprint(subprocess.run(["/bin/echo", "child"], capture_output=True, text=True).stdout.strip())');
    expect(py.verdict, JSON.stringify(py.cases)).toBe('AC');
    expect(py.cases[0]!.stdout).toBe('thread\nchild\n');
    const java = await judge('Java', 'public class Main { public static void main(String[] a) throws Exception { Thread t = new Thread(() -> System.out.println("thread")); t.start(); t.join(); System.out.println(Runtime.getRuntime().availableProcessors() > 0); } }');
    expect(java.verdict, JSON.stringify(java.cases)).toBe('AC');
    expect(java.cases[0]!.stdout).toBe('thread\ntrue\n');
  }, 60_000);

  it('reports how it is isolated: seccomp always, memory by cgroup or, with a reason, by rlimits', () => {
    const isolation = executor.sandbox.isolation();
    expect(isolation.seccomp).toBe(true);
    if (isolation.memory === 'rlimit') expect(isolation.memoryReason).toMatch(/\S/);
    else expect(isolation.memoryReason).toBeNull();
  });

  it('an infinite loop ends in TLE near the CPU limit', async () => {
    const result = await judge('C', 'int main(void){ volatile int x = 0; for(;;) x++; }', undefined, { timeLimitMs: 1000 });
    expect(result.verdict).toBe('TLE');
    expect(result.ms).toBeLessThan(12_000);
  }, 30_000);

  it('sleeping forever is stopped by the wall clock', async () => {
    const result = await judge('Python', 'import time\ntime.sleep(10**6)', undefined, { timeLimitMs: 1000 });
    expect(result.verdict).toBe('TLE');
    expect(result.ms).toBeGreaterThanOrEqual(2900);
    expect(result.ms).toBeLessThan(10_000);
  }, 30_000);

  it('allocating 2 GB ends in MLE', async () => {
    const py = await judge('Python', 'data = bytearray(2 * 1024 ** 3)\nprint(len(data))');
    expect(py.verdict).toBe('MLE');
    const cpp = await judge('C++', '#include <vector>\n#include <cstdio>\nint main(){ std::vector<char> v(2UL<<30, 1); std::printf("%d\\n", v[12345]); }');
    expect(cpp.verdict).toBe('MLE');
    expect(cpp.ms).toBeLessThan(30_000);
  }, 60_000);

  it('writing until the disk is full stops at the tmpfs cap and leaves nothing on the host', async () => {
    const many = await judge(
      'Python',
      'i = 0\nchunk = b"x" * (1 << 20)\nwhile True:\n    with open("/tmp/f%d" % i, "wb") as f:\n        for _ in range(8):\n            f.write(chunk)\n    i += 1',
    );
    expect(['RE', 'OLE']).toContain(many.verdict);
    expect(many.cases[0]!.stderr).toMatch(/No space left|File too large/);
    const one = await judge('C', '#include <stdio.h>\nint main(void){ FILE*f=fopen("/tmp/big","w"); char b[65536]={0}; for(;;) fwrite(b,1,sizeof b,f); }');
    expect(['RE', 'OLE', 'TLE']).toContain(one.verdict);
    const cwd = await judge('Python', 'open("out.txt", "w").write("x")');
    expect(cwd.verdict).toBe('RE');
    expect(cwd.cases[0]!.stderr).toMatch(/Read-only file system/);
  }, 60_000);

  it('printing endlessly ends in OLE', async () => {
    const result = await judge('Python', 'while True:\n    print("spam" * 100)');
    expect(result.verdict).toBe('OLE');
    expect(result.ms).toBeLessThan(10_000);
    expect(result.cases[0]!.stdout.length).toBeLessThanOrEqual(9000);
  }, 30_000);

  it('cannot read /etc/shadow, the server files, the data folder or another job folder', async () => {
    const sandbox = executor.sandbox;
    // Another job holds slot 0 with a file in it while this program runs on slot 1.
    await executor.withSlot(async (otherSlot) => {
      const otherJob = sandbox.openJob(otherSlot, { 'secret.txt': 'other-job-secret' });
      const targets = [
        '/etc/shadow',
        '/etc/passwd',
        path.resolve('package.json'),
        path.resolve('src/config/env.ts'),
        path.resolve('data'),
        path.join(otherJob, 'secret.txt'),
        otherJob,
        sandbox.rootDir,
        '/root',
        '/home',
      ];
      const program = [
        'import os, sys',
        `targets = ${JSON.stringify(targets)}`,
        'for t in targets:',
        '    try:',
        '        if os.path.isdir(t):',
        '            print("LISTED", t, os.listdir(t))',
        '        else:',
        '            print("READ", t, open(t).read()[:50])',
        '    except Exception as e:',
        '        print("BLOCKED", t, type(e).__name__)',
      ].join('\n');
      const result = await judge('Python', program, undefined, { timeLimitMs: 2000 });
      expect(result.verdict).toBe('AC');
      expect(result.ms).toBeLessThan(10_000);
      const lines = result.cases[0]!.stdout.trim().split('\n');
      expect(lines).toHaveLength(targets.length);
      for (const line of lines) expect(line).toMatch(/^BLOCKED /);
      expect(result.cases[0]!.stdout).not.toContain('other-job-secret');
      expect(fs.readFileSync(path.join(otherJob, 'secret.txt'), 'utf8')).toBe('other-job-secret');
    });
  }, 30_000);

  it('cannot open a socket, neither to the host (127.0.0.1) nor outside', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const program = [
        'import socket',
        `for host, port in [("127.0.0.1", ${port}), ("1.1.1.1", 53), ("8.8.8.8", 443)]:`,
        '    try:',
        '        s = socket.create_connection((host, port), timeout=2)',
        '        print("CONNECTED", host)',
        '    except OSError as e:',
        '        print("BLOCKED", host, e.errno)',
        'try:',
        '    socket.getaddrinfo("example.com", 80)',
        '    print("RESOLVED")',
        'except OSError:',
        '    print("NO DNS")',
      ].join('\n');
      const result = await judge('Python', program, undefined, { timeLimitMs: 3000 });
      expect(result.verdict).toBe('AC');
      expect(result.ms).toBeLessThan(15_000);
      const out = result.cases[0]!.stdout;
      expect(out).not.toContain('CONNECTED');
      expect(out.match(/BLOCKED/g)).toHaveLength(3);
      expect(out).toContain('NO DNS');
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  }, 30_000);

  it("cannot see the server's environment, not even through /proc", async () => {
    const secret = `runner-secret-${process.pid}-${Date.now()}`;
    process.env.RUNNER_TEST_SECRET = secret;
    try {
      const program = [
        'import os',
        'print(dict(os.environ))',
        'for pid in os.listdir("/proc"):',
        '    if pid.isdigit():',
        '        try:',
        '            print(pid, open("/proc/%s/environ" % pid, "rb").read())',
        '        except OSError as e:',
        '            print(pid, "denied")',
        `for pid in ["${process.pid}", "${process.ppid}", "1"]:`,
        '    try:',
        '        print(open("/proc/%s/environ" % pid, "rb").read())',
        '    except OSError:',
        '        print("no", pid)',
      ].join('\n');
      const result = await judge('Python', program);
      expect(result.verdict).toBe('AC');
      expect(result.ms).toBeLessThan(10_000);
      expect(result.cases[0]!.stdout).not.toContain(secret);
      expect(result.cases[0]!.stdout).not.toContain('RUNNER_TEST_SECRET');
      expect(result.cases[0]!.stdout).not.toContain('JWT_SECRET');
    } finally {
      delete process.env.RUNNER_TEST_SECRET;
    }
  }, 30_000);

  it('a symlink planted in the job folder leads nowhere and is removed without following it', async () => {
    const sandbox = executor.sandbox;
    const hostSecret = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-host-'));
    const secretFile = path.join(hostSecret, 'secret.txt');
    fs.writeFileSync(secretFile, 'host-secret-content');
    try {
      await executor.withSlot(async (slot) => {
        const jobDir = sandbox.openJob(slot, {
          'main.py': 'for name in ["leak", "shadow", "up"]:\n    try:\n        print(open(name).read())\n    except Exception as e:\n        print("BLOCKED", name, type(e).__name__)\n',
        });
        fs.symlinkSync(secretFile, path.join(jobDir, 'leak'));
        fs.symlinkSync('/etc/shadow', path.join(jobDir, 'shadow'));
        fs.symlinkSync(hostSecret, path.join(jobDir, 'up'));
        const outcome = await sandbox.run({
          slot,
          argv: ['/usr/bin/python3', '-S', '-E', '-B', 'main.py'],
          writableJob: false,
          limits: {
            cpuMs: 2000,
            wallMs: 5000,
            addressSpaceBytes: 256 << 20,
            processes: 16,
            fileBytes: 1 << 20,
            tmpfsBytes: 16 << 20,
            memoryBytes: 256 << 20,
            outputBytes: 1 << 20,
            openFiles: 64,
          },
        });
        expect(outcome.stdout).not.toContain('host-secret-content');
        expect(outcome.stdout.match(/BLOCKED/g)).toHaveLength(3);
      });
      // A symlink the program makes itself also resolves inside the sandbox only.
      const own = await judge(
        'Python',
        `import os\nos.symlink("${secretFile}", "/tmp/l")\ntry:\n    print(open("/tmp/l").read())\nexcept OSError as e:\n    print("BLOCKED", type(e).__name__)`,
      );
      expect(own.cases[0]!.stdout.trim()).toBe('BLOCKED FileNotFoundError');
      expect(own.ms).toBeLessThan(10_000);
      expect(fs.readFileSync(secretFile, 'utf8')).toBe('host-secret-content');
      expect(fs.existsSync('/etc/shadow')).toBe(true);
    } finally {
      fs.rmSync(hostSecret, { recursive: true, force: true });
    }
  }, 30_000);

  it('a compile-time bomb ends as a compile error within the compile limit', async () => {
    const macroBomb = [
      '#include <stdio.h>',
      '#define A(x) x x x x x x x x x x',
      '#define B(x) A(A(A(A(A(A(x))))))',
      'int main(void){ B(B(puts("x");)) return 0; }',
    ].join('\n');
    const c = await judge('C', macroBomb);
    expect(c.verdict).toBe('CE');
    expect(c.ms).toBeLessThan(40_000);
    const templates = [
      'template<int N> struct F { static const long v = F<N-1>::v + F<N-2>::v; };',
      'template<> struct F<0> { static const long v = 0; };',
      'template<> struct F<1> { static const long v = 1; };',
      'int main(){ return (int)F<100000>::v; }',
    ].join('\n');
    const cpp = await judge('C++', templates);
    expect(cpp.verdict).toBe('CE');
    expect(cpp.ms).toBeLessThan(40_000);
  }, 90_000);

  it('50 Java runs back to back all succeed', async () => {
    const program = 'public class Main { public static void main(String[] a) { System.out.println(new java.util.Scanner(System.in).nextInt() * 2); } }';
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => judge('Java', program, [{ input: `${i}\n`, expected: `${i * 2}\n` }])),
    );
    const verdicts = results.map((r) => r.verdict);
    expect(verdicts.filter((v) => v !== 'AC'), JSON.stringify(results.find((r) => r.verdict !== 'AC'))).toEqual([]);
  }, 300_000);
});

describe('output comparison and language lists', () => {
  it('ignores trailing spaces per line and trailing newlines, nothing else', () => {
    expect(outputsMatch('1 2  \n3\t\n\n\n', '1 2\n3')).toBe(true);
    expect(outputsMatch('1 2\r\n3\r\n', '1 2\n3\n')).toBe(true);
    expect(outputsMatch(' 1 2\n3', '1 2\n3')).toBe(false);
    expect(outputsMatch('1  2\n3', '1 2\n3')).toBe(false);
    expect(outputsMatch('1\n\n2', '1\n2')).toBe(false);
    expect(normalizeOutput('a \n\n')).toBe('a');
  });

  it('compares output bytes with the expected UTF-8, so NUL and non-UTF-8 bytes never match by decoding', () => {
    expect(outputsMatch(Buffer.from('1 2  \r\n3\n\n'), '1 2\n3')).toBe(true);
    expect(outputsMatch(Buffer.from('தமிழ்\n'), 'தமிழ்')).toBe(true);
    expect(outputsMatch(Buffer.from([0xff, 0x0a]), '\uFFFD\n')).toBe(false);
    expect(outputsMatch(Buffer.from([0xff, 0x0a]).toString('utf8'), '\uFFFD\n')).toBe(true);
    expect(outputsMatch(Buffer.from('5\u0000\n'), '5\n')).toBe(false);
    expect(outputsMatch(Buffer.from('5\t\n'), '5')).toBe(true);
  });

  it('reads allowedLanguages as a list, a comma string or *', () => {
    expect(isLanguageAllowed(['Python', 'Java'], 'Python')).toBe(true);
    expect(isLanguageAllowed(['Python', 'Java'], 'C')).toBe(false);
    expect(isLanguageAllowed('C, C++ ,Ruby', 'C++')).toBe(true);
    expect(isLanguageAllowed('C,Ruby', 'Java')).toBe(false);
    expect(isLanguageAllowed('*', 'Ruby')).toBe(true);
    expect(isLanguageAllowed(['*'], 'C')).toBe(true);
  });
});
