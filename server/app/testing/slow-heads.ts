// Clients for connection-limit tests over real sockets: a slow-head attacker speaking from one
// loopback address (any 127.x.y.z reaches the server, so each is a client of its own), and one
// plain request on a fresh connection from a chosen address.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { parseResponse, type RawResponse } from './raw-http';

/**
 * `count` sockets from `address`, each sending a request line and one header and then nothing,
 * every one the server closes re-opened after `reopenMs`, as long as the attack runs.
 */
export class SlowHeads {
  readonly #sockets = new Set<Socket>();
  #stopped = false;
  /** The answer each socket the server closed had received first, if any. */
  readonly answers: RawResponse[] = [];

  constructor(
    readonly url: string,
    readonly address: string,
    count: number,
    readonly reopenMs = 1000,
  ) {
    for (let i = 0; i < count; i++) this.#open();
  }

  /** Resolves once `count` sockets have connected (or `ms` has passed). */
  async connected(count: number, ms = 5000): Promise<void> {
    const end = Date.now() + ms;
    while (this.open < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  }

  get open(): number {
    let n = 0;
    for (const s of this.#sockets) if (!s.connecting && !s.destroyed) n++;
    return n;
  }

  stop(): void {
    this.#stopped = true;
    for (const s of this.#sockets) s.destroy();
    this.#sockets.clear();
  }

  #open(): void {
    if (this.#stopped) return;
    const { hostname, port } = new URL(this.url);
    const socket = connect({ port: Number(port), host: hostname, localAddress: this.address });
    this.#sockets.add(socket);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.once('connect', () =>
      socket.write(`GET / HTTP/1.1\r\nHost: ${new URL(this.url).host}\r\nX-Slow: 1\r\n`),
    );
    socket.once('close', () => {
      this.#sockets.delete(socket);
      const answer = received ? parseResponse(received) : null;
      if (answer) this.answers.push(answer);
      if (!this.#stopped) setTimeout(() => this.#open(), this.reopenMs).unref();
    });
  }
}

/** One GET on its own connection from `localAddress`: the status, or the error that ended it. */
export function askFrom(
  url: string,
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
  timeoutMs = 10_000,
): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, localAddress, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('no answer in time')));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}
