// Where `npm start` writes its log lines: to standard output in batches, off the request path.
// console.log writes each line synchronously (a pipe or a file blocks the event loop for every
// request's access line); here a line is queued and written by the thread pool, and the lines
// that arrive while one write is under way go out together in the next. Whatever is still
// queued when the process exits is written synchronously then, so no line is lost.
import SonicBoom from 'sonic-boom';

export interface LineSink {
  (line: string): void;
  /** Writes what is queued now, synchronously (done on exit by itself). */
  flushSync(): void;
}

export function stdoutLines(fd = 1): LineSink {
  const out = new SonicBoom({ fd, sync: false });
  // A reader that went away (a closed pipe) must not take the server down with it.
  out.on('error', () => {});
  const flushSync = () => {
    try {
      out.flushSync();
    } catch {
      // Nothing can be done about lines that cannot be written while exiting.
    }
  };
  process.once('exit', flushSync);
  return Object.assign((line: string) => void out.write(`${line}\n`), { flushSync });
}
