import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { sendWithProgress } from '../../upload';
import { countRows, importFormat } from './count-rows';
import { Job, useJob } from './jobs';

/** One import from the panel: the upload, then the job the API runs it as. */
export interface ImportRun {
  name: string;
  /** Fraction of the file sent. */
  uploaded: number;
  /** The rows of the file, when they could be counted: the end of the progress bar. */
  total: number | null;
  jobId: string | null;
  /** The upload was refused (the API's errors) or never arrived. */
  error?: ApiError;
}

const MEDIA_TYPES = { csv: 'text/csv', json: 'application/json' };

/**
 * Sends a file to `POST /utils/import/:collection?background=true` with its progress and follows the
 * job it answers; the table is read again once the rows are written.
 */
export function useImport(collection: string) {
  const [run, setRun] = useState<ImportRun | null>(null);
  const job = useJob(run?.jobId ?? null);
  const queryClient = useQueryClient();
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'completed') void queryClient.invalidateQueries({ queryKey: ['items', collection] });
  }, [status, collection, queryClient]);

  async function start(file: File) {
    const format = importFormat(file);
    setRun({ name: file.name, uploaded: 0, total: null, jobId: null });
    const update = (change: Partial<ImportRun>) => setRun((current) => current && { ...current, ...change });
    // The API picks its reader by the part's media type, which browsers leave empty for some files.
    const part = format ? new File([file], file.name, { type: MEDIA_TYPES[format] }) : file;
    try {
      update({ total: format ? await countRows(file, format) : null });
      const started = await sendWithProgress<Job>(
        'POST',
        `/utils/import/${encodeURIComponent(collection)}?background=true`,
        part,
        (uploaded) => update({ uploaded }),
      );
      update({ uploaded: 1, jobId: started.id });
    } catch (e) {
      update({ error: e instanceof ApiError ? e : new ApiError(0, undefined, (e as Error).message) });
    }
  }

  const busy = run !== null && !run.error && !job.error && status !== 'completed' && status !== 'failed';
  return { run, job, start, busy };
}
