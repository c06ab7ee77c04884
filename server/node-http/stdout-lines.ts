// Where `npm start` writes its log lines: to standard output in batches, off the request path.
// console.log writes each line synchronously (a pipe or a file blocks the event loop for every
// request's access line); here lines are queued and written by the thread pool, once 4 KiB have
// gathered or every 100 ms. Whatever is still queued when the process exits is written
// synchronously then, so no line is lost; past 16 MiB waiting for a reader that does not read,
// new lines are dropped rather than held.
import SonicBoom from 'sonic-boom';

const BATCH_BYTES = 4096;
const FLUSH_MS = 100;
const MAX_WAITING_BYTES = 16 * 2 ** 20;

/** The line sink over `fd` (standard output unless a test gives a file). */
export function stdoutLines(fd = 1): (line: string) => void {
  const out = new SonicBoom({
    fd,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: FLUSH_MS,
    maxLength: MAX_WAITING_BYTES,
  });
  // A reader that went away (a closed pipe) must not take the server down with it.
  out.on('error', () => {});
  process.once('exit', () => {
    try {
      out.flushSync();
    } catch {
      // Nothing can be done about lines that cannot be written while exiting.
    }
  });
  return (line) => void out.write(`${line}\n`);
}
