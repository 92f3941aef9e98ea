import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { api } from '../api';
import { endSession } from '../session';
import { useCollections } from './schema';

/** The signed-in frame: the collections to browse, who is signed in, and sign out. */
export default function ContentLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ['me'], queryFn: async () => (await api<{ email: string }>('GET', '/users/me?fields=email')).data });
  const collections = useCollections();

  async function signOut() {
    await api('POST', '/auth/logout', { mode: 'session' }).catch(() => undefined);
    endSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <nav aria-label="Collections">
        <p className="brand-dark">Vellum Studio</p>
        {collections.data?.map((c) => (
          <NavLink key={c.collection} to={`/content/${encodeURIComponent(c.collection)}`}>
            {c.collection}
          </NavLink>
        ))}
        <hr />
        {me.data && <p>{me.data.email}</p>}
        <button type="button" className="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </nav>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
