import type { ProgrammingLanguage, RunVerdict } from '@app/contracts';

/** One program to judge: compiled once, then run on every case. */
export interface ExecutionJob {
  language: ProgrammingLanguage;
  sourceCode: string;
  /** expected null: custom input, shown and not judged. */
  cases: Array<{ input: string; expected: string | null }>;
  timeLimitMs: number;
  memoryLimitMb: number;
  /** Stop at the first failing case (submissions); a Run shows every case. */
  stopOnFailure: boolean;
}

export interface ExecutedCase {
  verdict: RunVerdict;
  passed: boolean | null;
  timeMs: number;
  memoryKb: number;
  stdout: string;
  stderr: string;
}

export interface ExecutionResult {
  verdict: RunVerdict;
  compileOutput: string;
  message?: string;
  cases: ExecutedCase[];
}

/** A place where programs are judged: the local sandbox or a Judge0 cluster. */
export interface Executor {
  backend: 'local' | 'judge0';
  /** Resolves when ready; rejects with the reason runs must be refused. */
  start(): Promise<void>;
  /** How many jobs may run at once. */
  capacity: number;
  languages(): string[];
  execute(job: ExecutionJob): Promise<ExecutionResult>;
  /** How programs are confined (local sandbox only): shown by the health call. */
  isolation?(): { seccomp: boolean; memory: 'cgroup' | 'rlimit'; memoryReason: string | null };
  /** Stops the programs running now (shutdown); their results are thrown away. */
  abort?(): void;
  stop(): Promise<void>;
}

/** Shown and stored output is capped; judging uses the whole output. */
export const SHOWN_OUTPUT_CHARS = 8_000;

export function clip(text: string, max = SHOWN_OUTPUT_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

/** The run's verdict: the first case that did not pass decides it. */
export function overallVerdict(cases: ExecutedCase[]): RunVerdict {
  return cases.find((item) => item.verdict !== 'AC')?.verdict ?? 'AC';
}
