// What the event loop and a heavy-work worker say to each other: an HTTP request as plain data
// (its body transferred, not copied) one way, the answer as plain data the other way.

export interface WorkRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body bytes as read (null: none), transferred to the worker. */
  body: ArrayBuffer | null;
}

export interface WorkAnswer {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

export type ToWorker = { type: 'work'; id: number; request: WorkRequest };

export type FromWorker =
  | { type: 'ready'; thread: number | null }
  | { type: 'log'; line: string }
  | { type: 'answer'; id: number; answer: WorkAnswer };
