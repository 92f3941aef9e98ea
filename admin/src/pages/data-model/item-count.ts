import { apiBody } from '../../api';

/** How many items a collection holds, to name what a destructive change loses. */
export async function itemCount(collection: string): Promise<number> {
  const body = await apiBody<unknown[]>('GET', `/items/${encodeURIComponent(collection)}?limit=0&meta=total_count`);
  return body.meta?.total_count ?? 0;
}
