import { useTranslation } from 'react-i18next';
import type { Job } from './jobs';

/** The rows a job has done, out of `total` when it is known; a completed job shows a full bar. */
export function RowsProgress({ job, total, label }: { job: Job; total: number | null; label: string }) {
  const { t } = useTranslation('transfer');
  const fraction = job.status === 'completed' ? 1 : total ? Math.min(job.rows_done / total, 1) : undefined;
  return (
    <p>
      {label} <progress aria-label={label} max={1} value={fraction} /> {job.rows_done}
      {total !== null && job.status === 'running' ? ` ${t('of', { total })}` : ''}
    </p>
  );
}
