// The runner's spawner: a small Node process that starts the sandbox steps for the server.
// Forking from the server itself copies its page tables on every step (the embedded database
// makes it large); from this process a spawn costs a few milliseconds. It gets no environment
// from the server and holds no secrets. Plain JavaScript so it starts without a TypeScript loader.
import { killGroup, launchStep, openFilter } from './runner.launch.mjs';

const live = new Map();

function start(request) {
  let filter;
  try {
    filter = openFilter(request.seccompFile);
  } catch (error) {
    const failed = { code: null, signal: null, stdout: '', stderr: '', outputExceeded: false, wallTimedOut: false, wallMs: 0 };
    process.send?.({ id: request.id, ...failed, spawnError: `the seccomp filter cannot be read: ${error.message}` });
    return;
  }
  void launchStep(request, filter, { started: (pid) => live.set(request.id, pid), ended: () => live.delete(request.id) }).then((outcome) =>
    process.send?.({ id: request.id, ...outcome }),
  );
}

process.on('message', (message) => {
  if (message && message.type === 'run') start(message);
  else if (message && message.type === 'abort') for (const pid of live.values()) killGroup(pid);
});
// The server went away: nothing started here may outlive it.
process.on('disconnect', () => {
  for (const pid of live.values()) killGroup(pid);
  process.exit(0);
});
process.send?.({ type: 'ready' });
