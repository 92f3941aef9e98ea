import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import { applyStudioLanguage, STUDIO_LANGUAGES } from '../../i18n';
import { baseLanguage } from '../../languages';
import { Failure } from '../../shell/Failure';
import { TwoFactor } from './TwoFactor';

interface Profile {
  email: string;
  language: string | null;
  tfa_secret: string | null;
}

export type Notice = { text: string; error: boolean };

/** The signed-in user's own account: the interface language, a new password, and two-factor sign-in turned on or off. */
export function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ['profile'],
    queryFn: () => api<Profile>('GET', '/users/me?fields=email,language,tfa_secret'),
  });
  const [notice, setNotice] = useState<Notice>();
  if (me.error) return <Failure error={me.error} retry={() => void me.refetch()} />;
  if (!me.data) return <p role="status">{t('common:loading')}</p>;
  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = new FormData(form).get('password');
    await api('PATCH', '/users/me', { password }).then(
      () => (setNotice({ text: t('passwordChanged'), error: false }), form.reset()),
      (e: ApiError) => setNotice({ text: e.message, error: true }),
    );
  }
  async function changeLanguage(tag: string) {
    try {
      await api('PATCH', '/users/me', { language: tag });
      await applyStudioLanguage(tag);
      await Promise.all([me.refetch(), queryClient.invalidateQueries({ queryKey: ['me'] })]);
      // Asked of the instance: this render's `t` still speaks the language before the change.
      setNotice({ text: i18n.t('profile:languageChanged'), error: false });
    } catch (e) {
      setNotice({ text: (e as Error).message, error: true });
    }
  }
  const current = STUDIO_LANGUAGES.find((l) => l.code === baseLanguage(me.data.language))?.tag ?? 'en-US';
  return (
    <section>
      <h1>{t('title')}</h1>
      <p>{me.data.email}</p>
      <label>
        {t('language')}
        <select value={current} onChange={(e) => void changeLanguage(e.target.value)}>
          {STUDIO_LANGUAGES.map((l) => (
            <option key={l.tag} value={l.tag} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <form className="toolbar" onSubmit={(event) => void changePassword(event)} aria-label={t('changePassword')}>
        <label>
          {t('newPassword')}
          <input name="password" type="password" autoComplete="new-password" required />
        </label>
        <button type="submit">{t('changePassword')}</button>
      </form>
      <TwoFactor enabled={Boolean(me.data.tfa_secret)} onChange={(n) => (setNotice(n), void me.refetch())} />
      {notice && <p role={notice.error ? 'alert' : 'status'}>{notice.text}</p>}
    </section>
  );
}
