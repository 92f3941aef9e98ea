import { Link } from 'react-router';
import { ApiError } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { useCollections } from './schema';

export default function CollectionIndex() {
  const collections = useCollections();
  // Vellum lists collections and fields to administrators only (API.md, schema endpoints).
  const error =
    collections.error instanceof ApiError && collections.error.status === 403
      ? new Error('Your role may not list the collections: browsing content in the Studio needs administrator access for now.')
      : collections.error;
  return (
    <>
      <h1>Content</h1>
      <ErrorMessage error={error} onRetry={() => void collections.refetch()} />
      {collections.data?.length === 0 && <p>There is no collection you may read yet.</p>}
      <ul>
        {collections.data?.map((c) => (
          <li key={c.collection}>
            <Link to={`/content/${encodeURIComponent(c.collection)}`}>{c.collection}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
