import type { AppConfig } from '../../config/env.js';
import type { Executor } from './runner.executor.js';
import { createJudge0Executor } from './runner.judge0.js';
import { createLocalExecutor } from './runner.local.js';

/** JUDGE0_URL selects the Judge0 cluster; otherwise programs run in the local sandbox. */
export function createRunnerExecutor(config: Pick<AppConfig, 'JUDGE0_URL' | 'JUDGE0_AUTH_TOKEN' | 'RUNNER_SLOTS' | 'RUNNER_CGROUP'>): Executor {
  if (config.JUDGE0_URL) {
    return createJudge0Executor({
      url: config.JUDGE0_URL,
      ...(config.JUDGE0_AUTH_TOKEN ? { authToken: config.JUDGE0_AUTH_TOKEN } : {}),
      // Judge0 runs the programs: this node only waits, so it can keep more of them in flight.
      capacity: Math.max(4, config.RUNNER_SLOTS * 4),
    });
  }
  return createLocalExecutor({ slots: config.RUNNER_SLOTS, ...(config.RUNNER_CGROUP ? { cgroupBase: config.RUNNER_CGROUP } : {}) });
}
