// A stand-in heavy-work worker for the pool's failure tests: it speaks the worker protocol and
// answers `{}` with 200, except when the request's query asks it to fail (`?field=exit`: the
// thread exits with code 3; `?field=throw`: an exception nothing catches; `?field=hang`: a loop
// that never yields, as a runaway computation would). The real worker
// (pool/heavy-worker.ts) has no such switch; a crash there is a bug or an out-of-memory.
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from '../pool/worker-protocol';

const port = parentPort!;
const post = (msg: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

port.on('message', (msg: ToWorker) => {
  const field = new URL(msg.request.url).searchParams.get('field');
  if (field === 'exit') process.exit(3);
  if (field === 'hang') for (;;);
  if (field === 'throw') {
    setImmediate(() => {
      throw new Error('failing-worker: thrown as asked');
    });
    return;
  }
  const body = new TextEncoder().encode('{}').buffer as ArrayBuffer;
  const answer = { status: 200, headers: [['content-type', 'application/json']], body };
  post({ type: 'answer', id: msg.id, answer } as FromWorker, [body]);
});

post({ type: 'ready', thread: Number(readlinkSync('/proc/thread-self').split('/').pop()) });
