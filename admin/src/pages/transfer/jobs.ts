import { useQuery } from '@tanstack/react-query';
import { api, ErrorEntry } from '../../api';

/** An import or export run as `GET /utils/jobs/:id` answers it. */
export interface Job {
  id: string;
  type: 'import' | 'export';
  status: 'running' | 'completed' | 'failed';
  rows_done: number;
  errors: ErrorEntry[] | null;
  /** The file an export wrote. */
  file: string | null;
}

/** A job, asked for again every half second while it runs; the API writes its row count about once a second. */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: ['job', id],
    queryFn: () => api<Job>('GET', `/utils/jobs/${encodeURIComponent(id!)}`),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'completed' || query.state.data?.status === 'failed' ? false : 500,
  });
}

/** The job id at the end of a `Location: /utils/jobs/:id` header. */
export function jobIdOf(location: string | null): string | null {
  const match = /\/utils\/jobs\/([^/?#]+)$/.exec(location ?? '');
  return match ? decodeURIComponent(match[1]) : null;
}
