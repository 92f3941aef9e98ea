import { useQuery } from '@tanstack/react-query';
import { ReactNode, useEffect } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { api, ApiError, resumeRefresh, signInPath, stopRefresh } from '../api';
import { ActivityPage } from './activity/ActivityPage';
import { FilePage } from './files/FilePage';
import { FilesLibrary } from './files/FilesLibrary';
import { ItemForm } from './ItemForm';
import { ProfilePage } from './profile/ProfilePage';
import { CollectionModel } from './data-model/CollectionModel';
import { DataModelList } from './data-model/DataModelList';
import { SchemaMoves } from './schema/SchemaMoves';
import { RolePage } from './roles/RolePage';
import { RolesList } from './roles/RolesList';
import { SettingsPage } from './settings/SettingsPage';
import { UserPage } from './users/UserPage';
import { UsersList } from './users/UsersList';
import { ItemsTable } from './ItemsTable';

interface Collection {
  collection: string;
  meta?: { singleton?: boolean } | null;
}

/** Shows an API or network failure as a message with a retry, never a blank page. */
export function Failure({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div role="alert">
      <p>{error.message}</p>
      <button type="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

interface Me {
  email: string;
  role: { admin_access: boolean } | null;
}

/** Sends a signed-out visitor to the sign-in page, which brings them back here afterwards. */
function useSignedIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['me'], queryFn: () => api<Me>('GET', '/users/me?fields=email,role.admin_access') });
  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 401) navigate(signInPath(location.pathname + location.search), { replace: true });
  }, [me.error, location, navigate]);
  useEffect(() => {
    if (me.isSuccess) resumeRefresh();
  }, [me.isSuccess]);
  return me;
}

/** The signed-in app: the sections' navigation, the collections, and the section's pages. */
export default function Content({ section = 'content' }: { section?: Section }) {
  const me = useSignedIn();
  const navigate = useNavigate();
  const collections = useQuery({
    queryKey: ['collections'],
    // System collections belong to part 2's pages (users, files, settings), not to content.
    queryFn: async () => (await api<Collection[]>('GET', '/collections')).filter((c) => !c.collection.startsWith('svc_')),
    enabled: me.isSuccess,
  });
  async function signOut() {
    stopRefresh();
    await api('POST', '/auth/logout', { mode: 'session' }).catch(() => undefined);
    navigate('/signin', { replace: true });
  }
  if (me.error && !(me.error instanceof ApiError && me.error.status === 401)) return <Failure error={me.error} retry={() => me.refetch()} />;
  if (!me.data) return <p role="status">Loading…</p>;
  return (
    <div className="layout">
      <div className="sidebar">
      <nav aria-label="Sections">
        <Link to="/content">Content</Link>
        <Link to="/files">Files</Link>
        {me.data.role?.admin_access && <Link to="/users">Users</Link>}
        {me.data.role?.admin_access && <Link to="/roles">Roles</Link>}
        <Link to="/activity">Activity</Link>
        {me.data.role?.admin_access && <Link to="/settings">Settings</Link>}
        {me.data.role?.admin_access && <Link to="/data-model">Data model</Link>}
        {me.data.role?.admin_access && <Link to="/schema">Schema moves</Link>}
        <Link to="/profile">Your account</Link>
      </nav>
      <nav aria-label="Collections">
        {collections.data?.map((c) => (
          <Link key={c.collection} to={c.meta?.singleton ? `/content/${c.collection}/singleton` : `/content/${c.collection}`}>
            {c.collection}
          </Link>
        ))}
        <p style={{ color: '#fff' }}>{me.data.email}</p>
        <button type="button" className="secondary" onClick={signOut}>
          Sign out
        </button>
      </nav>
      </div>
      <main>
        {collections.error instanceof ApiError && collections.error.status === 403 ? (
          <p role="alert">Your role has no app access, so the Studio cannot show its collections. An administrator can give your role app access.</p>
        ) : (
          collections.error && <Failure error={collections.error} retry={() => collections.refetch()} />
        )}
        <SectionRoutes section={section} />
      </main>
    </div>
  );
}

type Section = 'content' | 'files' | 'users' | 'roles' | 'activity' | 'settings' | 'profile' | 'data-model' | 'schema';

/** The pages of a section, under its own path. */
function SectionRoutes({ section }: { section: Section }) {
  if (section === 'activity') return <ActivityPage />;
  if (section === 'settings') return <SettingsPage />;
  if (section === 'profile') return <ProfilePage />;
  if (section === 'schema') return <SchemaMoves />;
  if (section === 'data-model') return <ListAndPage list={<DataModelList />} page={<CollectionModel />} param="collection" />;
  if (section === 'users') return <ListAndPage list={<UsersList />} page={<UserPage />} param="id" />;
  if (section === 'roles') return <ListAndPage list={<RolesList />} page={<RolePage />} param="id" />;
  if (section === 'files') return <ListAndPage list={<FilesLibrary />} page={<FilePage />} param="id" />;
  return (
    <Routes>
      <Route index element={<h1>Content</h1>} />
      <Route path=":collection" element={<CollectionTable />} />
      <Route path=":collection/:id" element={<ItemForm />} />
    </Routes>
  );
}

/**
 * One table per collection: switching collections starts afresh (search, filters, page, and above all the
 * selection, which "Delete N selected" would otherwise apply to keys picked in another collection).
 */
function CollectionTable() {
  const { collection } = useParams();
  return <ItemsTable key={collection} />;
}

/** A section of a list at its root and one page per entry below it. */
function ListAndPage({ list, page, param }: { list: ReactNode; page: ReactNode; param: string }) {
  return (
    <Routes>
      <Route index element={list} />
      <Route path={`:${param}`} element={page} />
    </Routes>
  );
}
