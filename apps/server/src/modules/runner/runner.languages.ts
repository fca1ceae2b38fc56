import fs from 'node:fs';
import type { ProgrammingLanguage } from '@app/contracts';

/** How one language is compiled and run inside the sandbox (paths are inside the sandbox). */
export interface LanguageSpec {
  label: ProgrammingLanguage;
  /** File name of the program in the job folder; Java takes it from the public class. */
  sourceFile: (source: string) => string;
  compile?: (sourceFile: string) => string[];
  run: (sourceFile: string, memoryLimitMb: number) => string[];
  /** Address-space limit for the run step, from the question's memory limit. */
  addressSpaceBytes: (memoryLimitMb: number) => number;
  /** The step's whole memory (processes and /tmp files) where a memory cgroup caps it. */
  memoryBytes: (memoryLimitMb: number) => number;
  processes: number;
  /** Virtual machines start slowly: CPU and wall limits are scaled for them. */
  timeFactor: number;
  timeExtraMs: number;
  /** Error text that means the program ran out of memory (the address-space limit turns into these). */
  outOfMemory: RegExp;
  /**
   * Interpreted languages: the interpreter's own syntax-error report, printed before anything
   * runs. Such a program never started, so it is a compile error, not a runtime error.
   */
  syntaxError?: (stderr: string) => boolean;
}

const MB = 1024 * 1024;
const JAVA_HOME_CANDIDATES = ['/usr/lib/jvm/default-java', '/usr/lib/jvm/java-17-openjdk-amd64'];

/** The JDK's real folder (default-java is a symlink), so the sandbox needs no /etc/alternatives hop. */
export function javaHome(): string {
  for (const candidate of JAVA_HOME_CANDIDATES) {
    try {
      return fs.realpathSync(candidate);
    } catch {
      // try the next one
    }
  }
  try {
    return fs.realpathSync('/usr/bin/javac').replace(/\/bin\/javac$/, '');
  } catch {
    return '/usr/lib/jvm/default-java';
  }
}

const JAVA_CLASS = /\bpublic\s+(?:final\s+|abstract\s+)*class\s+([A-Za-z_$][A-Za-z0-9_$]*)/;

export function buildLanguages(jdk: string = javaHome()): Record<ProgrammingLanguage, LanguageSpec> {
  // Small fixed JVM footprint: serial GC, client compiler only, no perf-data file, class-data sharing.
  const jvmFlags = (heapMb: number) => [
    `-Xmx${heapMb}m`,
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-XX:CICompilerCount=1',
    '-XX:-UsePerfData',
    '-Xshare:auto',
    '-XX:ReservedCodeCacheSize=32m',
    '-XX:MaxMetaspaceSize=128m',
    '-XX:CompressedClassSpaceSize=64m',
  ];
  return {
    C: {
      label: 'C',
      sourceFile: () => 'main.c',
      compile: (file) => ['/usr/bin/gcc', '-O2', '-std=gnu17', '-pipe', '-o', 'main', file, '-lm'],
      run: () => ['./main'],
      addressSpaceBytes: (mb) => (mb + 16) * MB,
      memoryBytes: (mb) => (mb + 16) * MB,
      processes: 16,
      timeFactor: 1,
      timeExtraMs: 0,
      outOfMemory: /Cannot allocate memory|out of memory/i,
    },
    'C++': {
      label: 'C++',
      sourceFile: () => 'main.cpp',
      compile: (file) => ['/usr/bin/g++', '-O2', '-std=gnu++17', '-pipe', '-o', 'main', file, '-lm'],
      run: () => ['./main'],
      addressSpaceBytes: (mb) => (mb + 32) * MB,
      memoryBytes: (mb) => (mb + 16) * MB,
      processes: 16,
      timeFactor: 1,
      timeExtraMs: 0,
      outOfMemory: /std::bad_alloc|Cannot allocate memory|out of memory/i,
    },
    Java: {
      label: 'Java',
      sourceFile: (source) => `${JAVA_CLASS.exec(source)?.[1] ?? 'Main'}.java`,
      compile: (file) => [`${jdk}/bin/javac`, ...jvmFlags(512).map((flag) => `-J${flag}`), '-encoding', 'UTF-8', '-d', '.', file],
      run: (file, mb) => [`${jdk}/bin/java`, ...jvmFlags(mb), '-Xss64m', '-cp', '.', file.replace(/\.java$/, '')],
      // The JVM reserves far more address space than it uses; the heap is capped by -Xmx instead.
      addressSpaceBytes: (mb) => (mb + 3072) * MB,
      // The heap (-Xmx) plus the JVM's own code, metaspace and thread stacks.
      memoryBytes: (mb) => (mb + 320) * MB,
      processes: 128,
      timeFactor: 2,
      timeExtraMs: 1000,
      outOfMemory: /java\.lang\.OutOfMemoryError/,
    },
    Python: {
      label: 'Python',
      sourceFile: () => 'main.py',
      // -S: no site packages (faster start, nothing from the host's Python setup); -E: no PYTHON* variables.
      run: (file) => ['/usr/bin/python3', '-S', '-E', '-B', file],
      addressSpaceBytes: (mb) => (mb + 32) * MB,
      memoryBytes: (mb) => (mb + 32) * MB,
      processes: 16,
      timeFactor: 1,
      timeExtraMs: 0,
      outOfMemory: /MemoryError/,
      // A runtime SyntaxError (eval, compile) comes with a traceback; the parser's own does not.
      syntaxError: (stderr) => !stderr.includes('Traceback (most recent call last)') && /^(SyntaxError|IndentationError|TabError): /m.test(stderr),
    },
    Ruby: {
      label: 'Ruby',
      sourceFile: () => 'main.rb',
      run: (file) => ['/usr/bin/ruby', '--disable-gems', file],
      addressSpaceBytes: (mb) => (mb + 64) * MB,
      memoryBytes: (mb) => (mb + 64) * MB,
      processes: 16,
      timeFactor: 1,
      timeExtraMs: 200,
      outOfMemory: /NoMemoryError|failed to allocate memory/i,
      syntaxError: (stderr) => /^main\.rb:\d+: syntax error/m.test(stderr) && !/:in [`']/.test(stderr),
    },
  };
}

/** allowedLanguages from a question: a list, a comma string, or '*' for all. */
export function isLanguageAllowed(allowed: readonly string[] | string | null | undefined, language: string): boolean {
  const list = Array.isArray(allowed) ? allowed : typeof allowed === 'string' ? allowed.split(',') : [];
  const names = list.map((name) => String(name).trim().toLowerCase()).filter(Boolean);
  if (names.length === 0 || names.includes('*')) return true;
  return names.includes(language.toLowerCase());
}
