import { useQuery } from '@tanstack/react-query';
import { ComponentType, lazy, ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { Globals, mustSetUpTfa } from '../access-rows';
import { api, ApiError, resumeRefresh, signInPath, stopRefresh } from '../api';
import { ItemForm } from './ItemForm';
import { ItemsTable } from './ItemsTable';
import { TfaRequired } from './profile/TfaRequired';
import { AppFrame } from '../shell/AppFrame';
import { Failure } from '../shell/Failure';
import { useCollections, useMe } from '../shell/studio-data';

/** A section's page, loaded when first opened, so the content pages (the usual landing) come first. */
function section<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const ActivityPage = section(() => import('./activity/ActivityPage'), 'ActivityPage');
const FilePage = section(() => import('./files/FilePage'), 'FilePage');
const FilesLibrary = section(() => import('./files/FilesLibrary'), 'FilesLibrary');
const ProfilePage = section(() => import('./profile/ProfilePage'), 'ProfilePage');
const CollectionModel = section(() => import('./data-model/CollectionModel'), 'CollectionModel');
const DataModelList = section(() => import('./data-model/DataModelList'), 'DataModelList');
const SchemaMoves = section(() => import('./schema/SchemaMoves'), 'SchemaMoves');
const RolePage = section(() => import('./roles/RolePage'), 'RolePage');
const RolesList = section(() => import('./roles/RolesList'), 'RolesList');
const PolicyPage = section(() => import('./policies/PolicyPage'), 'PolicyPage');
const PoliciesList = section(() => import('./policies/PoliciesList'), 'PoliciesList');
const SettingsPage = section(() => import('./settings/SettingsPage'), 'SettingsPage');
const UserPage = section(() => import('./users/UserPage'), 'UserPage');
const UsersList = section(() => import('./users/UsersList'), 'UsersList');

/** Sends a signed-out visitor to the sign-in page, which brings them back here afterwards. */
function useSignedIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 401)
      void navigate(signInPath(location.pathname + location.search), { replace: true });
  }, [me.error, location, navigate]);
  useEffect(() => {
    if (me.isSuccess) resumeRefresh();
  }, [me.isSuccess]);
  return me;
}

/** The signed-in app: the sections' navigation, the collections, and the section's pages. */
export default function Content({ section = 'content' }: { section?: Section }) {
  const { t } = useTranslation('grid');
  const me = useSignedIn();
  // Admin access, app access and enforced two-factor come from all of the user's policies (and role flags).
  const globals = useQuery({
    queryKey: ['globals'],
    queryFn: () => api<Globals>('GET', '/policies/me/globals'),
    enabled: me.isSuccess,
  });
  const navigate = useNavigate();
  const collections = useCollections(me.isSuccess);
  async function signOut() {
    stopRefresh();
    await api('POST', '/auth/logout', { mode: 'session' }).catch(() => undefined);
    void navigate('/signin', { replace: true });
  }
  if (me.error && !(me.error instanceof ApiError && me.error.status === 401))
    return <Failure error={me.error} retry={() => void me.refetch()} />;
  if (globals.error) return <Failure error={globals.error} retry={() => void globals.refetch()} />;
  if (!me.data || !globals.data) return <p role="status">{t('loading')}</p>;
  if (mustSetUpTfa(globals.data, me.data.tfa_secret))
    return <TfaRequired email={me.data.email} onDone={() => void me.refetch()} onSignOut={() => void signOut()} />;
  return (
    <AppFrame me={me.data} admin={Boolean(globals.data.admin_access)} onSignOut={() => void signOut()}>
      {collections.error instanceof ApiError && collections.error.status === 403 ? (
        <p role="alert">{t('noAppAccess')}</p>
      ) : (
        collections.error && <Failure error={collections.error} retry={() => void collections.refetch()} />
      )}
      <Suspense fallback={<p role="status">{t('loading')}</p>}>
        <SectionRoutes section={section} />
      </Suspense>
    </AppFrame>
  );
}

type Section =
  'content' | 'files' | 'users' | 'roles' | 'policies' | 'activity' | 'settings' | 'profile' | 'data-model' | 'schema';

/** The pages of a section, under its own path. */
function SectionRoutes({ section }: { section: Section }) {
  const { t } = useTranslation('grid');
  if (section === 'activity') return <ActivityPage />;
  if (section === 'settings') return <SettingsPage />;
  if (section === 'profile') return <ProfilePage />;
  if (section === 'schema') return <SchemaMoves />;
  if (section === 'data-model')
    return <ListAndPage list={<DataModelList />} page={<CollectionModel />} param="collection" />;
  if (section === 'users') return <ListAndPage list={<UsersList />} page={<UserPage />} param="id" />;
  if (section === 'roles') return <ListAndPage list={<RolesList />} page={<RolePage />} param="id" />;
  if (section === 'policies') return <ListAndPage list={<PoliciesList />} page={<PolicyPage />} param="id" />;
  if (section === 'files') return <ListAndPage list={<FilesLibrary />} page={<FilePage />} param="id" />;
  return (
    <Routes>
      <Route index element={<h1>{t('content')}</h1>} />
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
