import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { fieldText } from '../../format';

interface Settings {
  project_name: string | null;
  auth_login_attempts: number | null;
  auth_password_policy: string | null;
  storage_asset_transform: string | null;
  storage_asset_presets: unknown[] | null;
}

type Message = { text: string; error: boolean };

/** Settings (a singleton: PATCH /settings) and, for admins, clearing the cache. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => api<Settings>('GET', '/settings') });
  const [message, setMessage] = useState<Message>();
  if (settings.error) return <Failure error={settings.error} retry={() => void settings.refetch()} />;
  if (!settings.data) return <p role="status">{t('common:loading')}</p>;
  const s = settings.data;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(new FormData(event.currentTarget));
    if (!values) return setMessage({ text: t('presetsNotJson'), error: true });
    await api('PATCH', '/settings', values).then(
      () => (setMessage({ text: t('saved'), error: false }), void settings.refetch()),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return (
    <section>
      <h1>{t('title')}</h1>
      <form onSubmit={(event) => void save(event)} aria-label={t('title')} key={JSON.stringify(s)}>
        <label>
          {t('projectName')}
          <input name="project_name" defaultValue={s.project_name ?? ''} />
        </label>
        <label>
          {t('policy')}
          <input name="policy" defaultValue={s.auth_password_policy ?? ''} />
        </label>
        <label>
          {t('attempts')}
          <input name="attempts" type="number" min={1} defaultValue={s.auth_login_attempts ?? ''} />
        </label>
        <label>
          {t('transform')}
          <select name="transform" defaultValue={s.storage_asset_transform ?? 'all'}>
            <option value="all">{t('transformAll')}</option>
            <option value="presets">{t('transformPresets')}</option>
            <option value="none">{t('transformNone')}</option>
          </select>
        </label>
        <label>
          {t('presets')}
          <textarea
            name="presets"
            rows={5}
            defaultValue={s.storage_asset_presets ? JSON.stringify(s.storage_asset_presets, null, 2) : ''}
          />
        </label>
        <p className="hint">{t('linksHint')}</p>
        <button type="submit">{t('save')}</button>
      </form>
      <ClearCache onDone={setMessage} />
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
    </section>
  );
}

/** The settings as PATCH /settings takes them; null when the presets are not JSON. */
function formValues(data: FormData): Partial<Settings> | null {
  let presets: unknown[] | null;
  try {
    presets = JSON.parse(fieldText(data, 'presets') || 'null') as unknown[] | null;
  } catch {
    return null;
  }
  const attempts = fieldText(data, 'attempts');
  return {
    project_name: fieldText(data, 'project_name') || null,
    auth_password_policy: fieldText(data, 'policy') || null,
    auth_login_attempts: attempts === '' ? null : Number(attempts),
    storage_asset_transform: fieldText(data, 'transform'),
    storage_asset_presets: presets,
  };
}

function ClearCache({ onDone }: { onDone: (message: Message) => void }) {
  const { t } = useTranslation('settings');
  const clear = () =>
    api('POST', '/utils/cache/clear').then(
      () => onDone({ text: t('cacheCleared'), error: false }),
      (e: ApiError) => onDone({ text: e.message, error: true }),
    );
  return (
    <button type="button" className="secondary" onClick={() => void clear()}>
      {t('clearCache')}
    </button>
  );
}
