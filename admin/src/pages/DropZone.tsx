import { ReactNode, useState } from 'react';

/** A drop target around a page's file input: highlighted while files hover over it, `onFiles` gets what was dropped. */
export function DropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={over ? 'dropzone over' : 'dropzone'}
      onDragOver={(e) => (e.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onFiles([...e.dataTransfer.files]);
      }}
    >
      {children}
    </div>
  );
}
