// Where a long CSV goes while it is written: a file the planner picked (the File System Access
// API, where the browser has it: rows go to disk as they arrive) or parts of a Blob saved as a
// download at the end. Either way a cancelled or failed list is never offered as complete:
// the picked file's writer is aborted (the browser drops what it wrote), the parts dropped.
import { downloadBlob } from '../download';

export interface CsvSink {
  write: (text: string) => Promise<void>;
  /** The list is complete: close the file, or save the download. */
  finish: () => Promise<void>;
  /** Nothing is kept. */
  abort: () => Promise<void>;
}

export function downloadSink(fileName: string): CsvSink {
  let parts: string[] = [];
  return {
    write: async (text) => {
      parts.push(text);
    },
    finish: async () => {
      downloadBlob(fileName, new Blob(parts, { type: 'text/csv' }));
      parts = [];
    },
    abort: async () => {
      parts = [];
    },
  };
}

interface Writable {
  write: (text: string) => Promise<void>;
  close: () => Promise<void>;
  abort: () => Promise<void>;
}
type SavePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable: () => Promise<Writable> }>;

/** Whether the browser offers a save dialog that writes as rows arrive. */
export function canPickFile(): boolean {
  return typeof (window as { showSaveFilePicker?: SavePicker }).showSaveFilePicker === 'function';
}

/**
 * The save dialog (call it in the click's handler: browsers require a user gesture). Rejects
 * with an AbortError when the planner closes it.
 */
export async function pickFileSink(fileName: string): Promise<CsvSink> {
  const picker = (window as { showSaveFilePicker?: SavePicker }).showSaveFilePicker!;
  const handle = await picker({
    suggestedName: fileName,
    types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
  });
  const writable = await handle.createWritable();
  return {
    write: (text) => writable.write(text),
    finish: () => writable.close(),
    abort: () => writable.abort(),
  };
}
