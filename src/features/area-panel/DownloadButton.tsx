// A button that saves a file made at the moment it is clicked: the CSV and GeoJSON exports of
// the report, the custom summary and the changed locations.
import type { ReactNode } from 'react';
import { downloadText } from './download';

export interface DownloadFile {
  name: string;
  text: string;
  type: string;
}

export function DownloadButton({
  file,
  children,
}: {
  file: () => DownloadFile;
  children: ReactNode;
}) {
  const save = () => {
    const { name, text, type } = file();
    downloadText(name, text, type);
  };
  return (
    <button type="button" className="button" onClick={save}>
      {children}
    </button>
  );
}
