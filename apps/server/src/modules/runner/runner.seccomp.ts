import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The sandbox's seccomp filter (decision 015): a small C program, compiled with gcc against
 * libseccomp (Debian package libseccomp-dev) when a sandbox starts, writes the classic-BPF
 * program that bubblewrap loads with `--seccomp FD` before it starts `time`. Every process of a
 * step inherits it; a filter cannot be removed, only narrowed.
 */
const GENERATOR_SOURCE = fileURLToPath(new URL('./runner.seccomp-filter.c', import.meta.url));
const GCC = '/usr/bin/gcc';

/** Builds the filter into `dir` (root-only) and returns the path of the BPF file. Throws with the reason. */
export function buildSeccompFilter(dir: string): string {
  if (!fs.existsSync(GCC)) throw new Error('the seccomp filter needs gcc (Debian package gcc)');
  const generator = path.join(dir, 'seccomp-filter');
  const output = path.join(dir, 'seccomp.bpf');
  fs.rmSync(generator, { force: true });
  fs.rmSync(output, { force: true });
  const compiled = spawnSync(GCC, ['-O2', '-o', generator, GENERATOR_SOURCE, '-lseccomp'], {
    env: { PATH: '/usr/bin:/bin' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (compiled.status !== 0) {
    const missing = /seccomp\.h|-lseccomp/.test(compiled.stderr ?? '');
    throw new Error(
      missing
        ? 'the seccomp filter needs libseccomp (Debian package libseccomp-dev)'
        : `the seccomp filter did not compile: ${(compiled.stderr || compiled.error?.message || '').slice(0, 300)}`,
    );
  }
  const generated = spawnSync(generator, [output], { env: {}, encoding: 'utf8', timeout: 10_000 });
  fs.rmSync(generator, { force: true });
  if (generated.status !== 0) throw new Error(`the seccomp filter was not written: ${(generated.stderr ?? '').slice(0, 300)}`);
  const size = fs.statSync(output).size;
  // Classic BPF instructions are 8 bytes each; an empty or torn file must never reach bwrap.
  if (size === 0 || size % 8 !== 0) throw new Error(`the seccomp filter is malformed (${size} bytes)`);
  fs.chmodSync(output, 0o400);
  return output;
}
