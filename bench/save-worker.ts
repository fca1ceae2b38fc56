/**
 * The synchronised-start bench's saves, made on a thread of their own: the thread that starts
 * 5,000 students spends the wave reading their sessions and contents, and a save timed on that
 * thread would wait for its event loop as well as for the server. Here the event loop carries the
 * saves only, so a save's time is the server's answer (and the cores it shares), as a browser sees it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { httpClient, sleep } from './exam-day-lib.js';

export interface SaveOrder {
  i: number;
  round: number;
  /** Sent this long after the order arrives (the student reading the question). */
  delayMs: number;
  token: string;
  attemptId: string;
  mapId: number;
  answerId: number;
}

export interface SaveDone {
  i: number;
  round: number;
  /** Time to the acknowledgement; absent when the save was not acknowledged. */
  ms?: number;
  /** When it was sent, in milliseconds since the epoch (performance.timeOrigin + now). */
  sentAt: number;
}

const { origin, sockets, courseId } = workerData as { origin: string; sockets: number; courseId: number };
const client = httpClient(origin, sockets);
const port = parentPort!;
/** More than the saves ever in flight at once on this thread. */
const WARM_CONNECTIONS = 64;

async function save(order: SaveOrder): Promise<SaveDone> {
  await sleep(order.delayMs);
  const sent = performance.now();
  const done: SaveDone = { i: order.i, round: order.round, sentAt: performance.timeOrigin + sent };
  try {
    const res = await client.post('/task/v1/saveAnswer', order.token, {
      TestSessionID: order.attemptId,
      courseID: courseId,
      isPartialSubmit: true,
      data: [{ questionTaskMapID: order.mapId, questionType: 'singleChoice', answerID: order.answerId, timeSpent: 5, seq: order.round }],
    });
    if (res.status === 200 && res.text.includes('"applied":true')) done.ms = performance.now() - sent;
  } catch {
    // not acknowledged
  }
  return done;
}

port.on('message', (message: SaveOrder | 'close') => {
  if (message === 'close') {
    client.close();
    port.close();
    return;
  }
  void save(message).then((done) => port.postMessage(done));
});
// A browser saves on the connection it started on; this thread opens its connections before the
// wave (a connection opened during it would queue behind the wave's own in the listener's backlog).
await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => client.get('/ready', '')));
port.postMessage('ready');
