import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from './ProfilePage';
import { TwoFactor } from './TwoFactor';

interface Props {
  email: string;
  onDone: () => void;
  onSignOut: () => void;
}

/**
 * What a user whose policies enforce two-factor sign-in sees, whatever page they open, until they have
 * set it up: the enrolment of their account page, and signing out. The page they opened shows after.
 */
export function TfaRequired({ email, onDone, onSignOut }: Props) {
  const { t } = useTranslation('profile');
  const [notice, setNotice] = useState<Notice>();
  const changed = (next: Notice) => (next.error ? setNotice(next) : onDone());
  return (
    <main className="narrow">
      <h1>{t('setUp')}</h1>
      <p>{t('required', { email })}</p>
      <TwoFactor enabled={false} onChange={changed} />
      {notice && <p role="alert">{notice.text}</p>}
      <button type="button" className="secondary" onClick={onSignOut}>
        {t('shell:signOut')}
      </button>
    </main>
  );
}
