import { FormEvent, useState } from 'react';
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
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const failed = (e: ApiError) => onChange({ text: e.message, error: true });
  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    await api<{ secret: string; otpauth_url: string }>('POST', '/users/me/tfa/generate', { password }).then(async ({ secret, otpauth_url }) => {
      const { toDataURL } = await import('qrcode');
      setEnrolment({ secret, qr: await toDataURL(otpauth_url, { margin: 1, width: 200 }) });
    }, failed);
  }
  async function confirm(event: FormEvent<HTMLFormElement>, path: 'enable' | 'disable') {
    event.preventDefault();
    const otp = new FormData(event.currentTarget).get('otp');
    const body = path === 'enable' ? { secret: enrolment!.secret, otp } : { otp };
    await api('POST', `/users/me/tfa/${path}`, body).then(() => {
      setEnrolment(undefined);
      onChange({ text: path === 'enable' ? 'Two-factor sign-in is on.' : 'Two-factor sign-in is off.', error: false });
    }, failed);
  }
  if (enabled) return <CodeForm label="Turn two-factor sign-in off" onSubmit={(e) => confirm(e, 'disable')} />;
  if (enrolment)
    return (
      <div>
        <img src={enrolment.qr} alt="QR code of your two-factor secret" width={200} height={200} />
        <p>
          Or type this secret into your authenticator app: <code>{enrolment.secret}</code>
        </p>
        <CodeForm label="Turn two-factor sign-in on" onSubmit={(e) => confirm(e, 'enable')} />
      </div>
    );
  return (
    <form className="toolbar" onSubmit={generate} aria-label="Set up two-factor sign-in">
      <label>
        Your password, to set up two-factor sign-in
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit">Set up two-factor sign-in</button>
    </form>
  );
}

function CodeForm({ label, onSubmit }: { label: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form className="toolbar" onSubmit={onSubmit} aria-label={label}>
      <label>
        Code from your authenticator app
        <input name="otp" inputMode="numeric" autoComplete="one-time-code" required />
      </label>
      <button type="submit">{label}</button>
    </form>
  );
}
