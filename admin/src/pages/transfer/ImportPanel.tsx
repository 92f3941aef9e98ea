import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { DropZone } from '../DropZone';
import { Failure } from '../../shell/Failure';
import type { Job } from './jobs';
import { RowsProgress } from './RowsProgress';
import { RowErrors } from './RowErrors';
import { ImportRun, useImport } from './useImport';

/** Import of a CSV or JSON file into the collection: drop or choose it, watch it upload and its rows being written. */
export function ImportPanel({ collection }: { collection: string }) {
  const { run, job, start, busy } = useImport(collection);
  const { t } = useTranslation('transfer');
  const drop = ([file]: File[]) => {
    if (file && !busy) void start(file);
  };
  return (
    <section className="panel" aria-labelledby="import-heading">
      <h2 id="import-heading">{t('importTitle')}</h2>
      <p>{t('importExplain')}</p>
      <DropZone onFiles={drop}>
        <label>
          {t('file')}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={busy}
            onChange={(e) => e.target.files?.[0] && void start(e.target.files[0])}
          />
        </label>
      </DropZone>
      {run && <ImportOutcome run={run} job={job} />}
    </section>
  );
}

function ImportOutcome({ run, job }: { run: ImportRun; job: UseQueryResult<Job> }) {
  const data = job.data;
  const { t } = useTranslation('transfer');
  return (
    <div>
      <p>
        {t('uploadOf', { name: run.name })}{' '}
        <progress aria-label={t('uploadOf', { name: run.name })} max={1} value={run.uploaded} />
      </p>
      {run.error &&
        (run.error.errors.length > 0 ? (
          <RowErrors errors={run.error.errors} />
        ) : (
          <p role="alert">{run.error.message}</p>
        ))}
      {job.error && <Failure error={job.error} retry={() => void job.refetch()} />}
      {data && data.status !== 'failed' && <RowsProgress job={data} total={run.total} label={t('rowsImported')} />}
      {data?.status === 'completed' && <p role="status">{t('imported', { count: data.rows_done })}</p>}
      {data?.status === 'failed' && <RowErrors errors={data.errors ?? []} />}
    </div>
  );
}
