import { useTranslation } from 'react-i18next';
import { FormEvent, useState } from 'react';
import { ApiError, apiLocation } from '../../api';
import { Failure } from '../../shell/Failure';
import { Job, jobIdOf, useJob } from './jobs';
import { RowsProgress } from './RowsProgress';

/** What `POST /utils/export/:collection` accepts as `query`: the table's read, without its paging. */
export interface ReadQuery {
  fields: string[];
  filter?: Record<string, unknown>;
  search?: string;
  sort?: string[];
}

const FORMATS = [
  ['csv', 'CSV'],
  ['csv_utf8', 'CSV with a UTF-8 byte order mark (for Excel)'],
  ['json', 'JSON'],
  ['xml', 'XML'],
  ['yaml', 'YAML'],
];

interface Props {
  collection: string;
  query: ReadQuery;
  /** The items the table's filters and search match, to size the progress bar. */
  total: number | null;
}

/** Export of what the table shows (its filters, search, sort and columns, every page) to a file of the library. */
export function ExportPanel({ collection, query, total }: Props) {
  const { t } = useTranslation('transfer');
  const [format, setFormat] = useState('csv');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const job = useJob(jobId);
  async function start(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setJobId(null);
    try {
      const id = jobIdOf(
        await apiLocation('POST', `/utils/export/${encodeURIComponent(collection)}`, { format, query }),
      );
      if (id === null) throw new ApiError(0, undefined, t('noJob'));
      setJobId(id);
    } catch (e) {
      setError(e as Error);
    }
  }
  return (
    <section className="panel" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('exportTitle')}</h2>
      <p>{t('exportExplain', { columns: query.fields.join(', ') })}</p>
      <form className="toolbar" onSubmit={(event) => void start(event)}>
        <label>
          {t('format')}
          <select value={format} onChange={(e) => setFormat(e.target.value)}>
            {FORMATS.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={job.data?.status === 'running'}>
          {t('startExport')}
        </button>
      </form>
      {error && <p role="alert">{error.message}</p>}
      {job.error && <Failure error={job.error} retry={() => void job.refetch()} />}
      {job.data && <ExportOutcome job={job.data} total={total} />}
    </section>
  );
}

function ExportOutcome({ job, total }: { job: Job; total: number | null }) {
  const { t } = useTranslation('transfer');
  if (job.status === 'failed')
    return <p role="alert">{t('exportFailed', { reason: (job.errors ?? []).map((e) => e.message).join(' ') })}</p>;
  return (
    <div>
      <RowsProgress job={job} total={total} label={t('rowsExported')} />
      {job.status === 'completed' && (
        <>
          <p role="status">{t('exported', { count: job.rows_done })}</p>
          {job.file && <a href={`/assets/${encodeURIComponent(job.file)}?download`}>{t('download')}</a>}
        </>
      )}
    </div>
  );
}
