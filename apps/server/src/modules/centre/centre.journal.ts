import fs from 'node:fs/promises';
import type { Clock } from '../../lib/clock.js';
import { startPeriodic } from '../../lib/periodic.js';

/** How often a centre writes its heartbeat: an outage is measured from the last one, so to within this. */
export const CENTRE_HEARTBEAT_MS = 1_000;

/** The journal's one record: the server's last sign of life, and whether it then stopped cleanly. */
export interface Heartbeat {
  beatAt: Date;
  isCleanStop: boolean;
}

export interface OutageDeps {
  /** The journal file, in the data folder (it survives the process and the machine). */
  file: string;
  clock: Clock;
  /** The exam's credit to every attempt running at `from` (exam.supervision `creditOutage`). */
  creditOutage: (outage: { from: Date; to: Date; cause: string }) => Promise<number>;
  log: (text: string, error?: unknown) => void;
  intervalMs?: number;
}

/** The causes recorded with a credit. */
export const OUTAGE_CAUSES = { crash: 'centre server stopped unexpectedly (crash or power cut)', stop: 'centre server was shut down' } as const;

/**
 * A centre's heartbeat journal and outage credit. While it serves, the server rewrites a small
 * file every second (written whole, synced, then renamed over the last one); on a clean stop it
 * marks it. At start-up, before serving, the time from the last heartbeat to now is credited to
 * every attempt that was running then: measured by this server on its own clock, not by anyone's word.
 */
export function createOutageJournal({ file, clock, creditOutage, log, intervalMs = CENTRE_HEARTBEAT_MS }: OutageDeps) {
  let stopBeating: (() => Promise<void>) | null = null;

  async function write(beat: Heartbeat): Promise<void> {
    const temporary = `${file}.next`;
    const handle = await fs.open(temporary, 'w');
    try {
      await handle.writeFile(JSON.stringify({ beatAt: beat.beatAt.toISOString(), isCleanStop: beat.isCleanStop }));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  }

  async function read(): Promise<Heartbeat | null> {
    try {
      const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as { beatAt?: unknown; isCleanStop?: unknown };
      const beatAt = typeof parsed.beatAt === 'string' ? new Date(parsed.beatAt) : null;
      if (!beatAt || Number.isNaN(beatAt.getTime())) return null;
      return { beatAt, isCleanStop: parsed.isCleanStop === true };
    } catch {
      return null;
    }
  }

  return {
    read,

    /** Credits the outage since the last heartbeat (if any), then beats every interval. */
    async start(): Promise<number> {
      const last = await read();
      const now = clock.now();
      let credited = 0;
      if (last && now > last.beatAt) {
        credited = await creditOutage({ from: last.beatAt, to: now, cause: last.isCleanStop ? OUTAGE_CAUSES.stop : OUTAGE_CAUSES.crash });
      }
      await write({ beatAt: now, isCleanStop: false });
      stopBeating = startPeriodic(() => write({ beatAt: clock.now(), isCleanStop: false }), intervalMs, (error) => log('centre heartbeat failed', error));
      return credited;
    },

    /** Stops beating and marks the journal: the outage that follows is a shutdown, not a crash. */
    async stop(): Promise<void> {
      if (!stopBeating) return;
      await stopBeating();
      stopBeating = null;
      await write({ beatAt: clock.now(), isCleanStop: true });
    },
  };
}

export type OutageJournal = ReturnType<typeof createOutageJournal>;
