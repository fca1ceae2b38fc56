/** What starting one bwrap process gives back, before the usage record is read. */
export interface RawOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Base64: the bytes cross the spawner's JSON channel unchanged, NULs and all. */
  stdout: string;
  stderr: string;
  outputExceeded: boolean;
  wallTimedOut: boolean;
  spawnError: string | null;
  wallMs: number;
}

export interface LaunchRequest {
  command: string;
  args: string[];
  /** Opened read-only and passed to the command as descriptor 3. */
  seccompFile: string | null;
  stdin: string;
  wallMs: number;
  outputBytes: number;
}

/** Kills a step's whole process group; one already gone is fine. */
export function killGroup(pid: number): void;

/** The seccomp program, opened for bwrap's descriptor 3; throws when it cannot be read. */
export function openFilter(seccompFile: string | null): number | 'ignore';

/** Starts the step and answers its outcome; `live` hears of its process group's start and end. */
export function launchStep(request: LaunchRequest, filter: number | 'ignore', live: { started(pid: number): void; ended(pid: number): void }): Promise<RawOutcome>;
