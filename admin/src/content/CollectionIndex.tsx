import { Link } from 'react-router';
import { ErrorMessage } from '../components/ErrorMessage';
import { useCollections } from './schema';

export default function CollectionIndex() {
  const collections = useCollections();
  return (
    <>
      <h1>Content</h1>
      <ErrorMessage error={collections.error} onRetry={() => void collections.refetch()} />
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
