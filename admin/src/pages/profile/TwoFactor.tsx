import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api';
import type { Notice } from './ProfilePage';

interface Enrolment {
  secret: string;
  qr: string;
}

/**
 * Two-factor enrolment as the API does it: the password to generate a secret, its otpauth URL shown as
 * a QR code for the authenticator app, then the app's first code to turn it on. Off takes a code too.
 */
export function TwoFactor({ enabled, onChange }: { enabled: boolean; onChange: (notice: Notice) => void }) {
  const { t } = useTranslation('profile');
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const failed = (e: ApiError) => onChange({ text: e.message, error: true });
  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    await api<{ secret: string; otpauth_url: string }>('POST', '/users/me/tfa/generate', { password }).then(
      async ({ secret, otpauth_url }) => {
        const { toDataURL } = await import('qrcode');
        setEnrolment({ secret, qr: await toDataURL(otpauth_url, { margin: 1, width: 200 }) });
      },
      failed,
    );
  }
  async function confirm(event: FormEvent<HTMLFormElement>, path: 'enable' | 'disable') {
    event.preventDefault();
    const otp = new FormData(event.currentTarget).get('otp');
    const body = path === 'enable' ? { secret: enrolment!.secret, otp } : { otp };
    await api('POST', `/users/me/tfa/${path}`, body).then(() => {
      setEnrolment(undefined);
      onChange({ text: t(path === 'enable' ? 'tfaOn' : 'tfaOff'), error: false });
    }, failed);
  }
  if (enabled) return <CodeForm label={t('turnOff')} onSubmit={(e) => void confirm(e, 'disable')} />;
  if (enrolment)
    return (
      <div>
        <img src={enrolment.qr} alt={t('qr')} width={200} height={200} />
        <p>
          {t('typeSecret')} <code>{enrolment.secret}</code>
        </p>
        <CodeForm label={t('turnOn')} onSubmit={(e) => void confirm(e, 'enable')} />
      </div>
    );
  return (
    <form className="toolbar" onSubmit={(event) => void generate(event)} aria-label={t('setUp')}>
      <label>
        {t('passwordToSetUp')}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit">{t('setUp')}</button>
    </form>
  );
}

function CodeForm({ label, onSubmit }: { label: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  const { t } = useTranslation('profile');
  return (
    <form className="toolbar" onSubmit={onSubmit} aria-label={label}>
      <label>
        {t('code')}
        <input name="otp" inputMode="numeric" autoComplete="one-time-code" required />
      </label>
      <button type="submit">{label}</button>
    </form>
  );
}
