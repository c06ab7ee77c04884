// Why a sync stopped, with the exit code its command ends with. What was answered before the
// stop stays in the journal: running the same command again resumes.

export const EXIT = {
  /** The next request would pass --credits. */
  credits: 3,
  /** An answer did not have the published shape (missing field, wrong type, cut-off body). */
  badAnswer: 4,
  /** The service could not be reached or kept failing, or refused a request. */
  service: 5,
  /** Synced into the folder, but the database (STORE=postgis) refused or failed the publish. */
  publish: 6,
  /** Cancelled (the app's Cancel; Ctrl+C ends the command without a code of its own). */
  cancelled: 7,
} as const;

export class SyncStopped extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'SyncStopped';
  }
}
