import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError, apiBody, scheduleRefresh } from '../api';
import { ssoFailure, SsoProvider, ssoProviderName, ssoStartUrl } from '../sso';

/** The providers the Studio can sign in with (by redirect), and whether the password form is off. */
async function readProviders(): Promise<{ providers: SsoProvider[]; disableDefault: boolean }> {
  const body = await apiBody<SsoProvider[]>('GET', '/auth?sessionOnly');
  return { providers: body.data, disableDefault: (body as { disableDefault?: boolean }).disableDefault === true };
}

/**
 * Sign-in with email and password, then the one-time code when the API asks for it; "forgot password";
 * and a button per single sign-on provider, whose flow comes back here (`sso`: signed in, `reason`: refused).
 */
export function SignIn() {
  const { t } = useTranslation('signin');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [needsOtp, setNeedsOtp] = useState(false);
  const reason = params.get('reason');
  const failure = reason ? ssoFailure(reason) : null;
  const [error, setError] = useState<string | undefined>(failure ? t(failure.key, failure.values) : undefined);
  const [busy, setBusy] = useState(false);
  const auth = useQuery({ queryKey: ['auth-providers'], queryFn: readProviders });
  const from = params.get('from');
  const returned = params.get('sso') !== null;
  // The API set the session cookie before sending the browser back; the Studio's pages resume its refresh.
  if (returned) return <Navigate to={from ?? '/content'} replace />;

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const body = {
        email: form.get('email'),
        password: form.get('password'),
        otp: form.get('otp') || undefined,
        mode: 'session',
      };
      const { expires } = await api<{ expires: number }>('POST', '/auth/login', body);
      scheduleRefresh(expires);
      void navigate(params.get('from') ?? '/content', { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'INVALID_OTP' && !needsOtp) setNeedsOtp(true);
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="narrow">
      <h1>Vellum Studio</h1>
      {auth.data?.providers.map((provider) => (
        <p key={provider.name}>
          <a className="button" href={ssoStartUrl(provider.name, from)}>
            {t('sso.button', { name: ssoProviderName(provider) })}
          </a>
        </p>
      ))}
      {auth.data?.disableDefault ? null : (
        <PasswordSignIn onSubmit={(event) => void signIn(event)} needsOtp={needsOtp} busy={busy} />
      )}
      {error && <p role="alert">{error}</p>}
      {auth.data?.disableDefault ? null : <ForgotPassword />}
    </main>
  );
}

interface PasswordSignInProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  needsOtp: boolean;
  busy: boolean;
}

/** The email/password form, unless AUTH_DISABLE_DEFAULT turned that sign-in off. */
function PasswordSignIn({ onSubmit, needsOtp, busy }: PasswordSignInProps) {
  const { t } = useTranslation('signin');
  return (
    <form onSubmit={onSubmit} aria-label={t('signIn')}>
      <label>
        {t('email')}
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        {t('password')}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {needsOtp && (
        <label>
          {t('otp')}
          <input name="otp" inputMode="numeric" autoComplete="one-time-code" required autoFocus />
        </label>
      )}
      <button type="submit" disabled={busy}>
        {t('signIn')}
      </button>
    </form>
  );
}

/** "Forgot password": asks the API to mail a reset link; the answer is the same whether the account exists or not. */
function ForgotPassword() {
  const { t } = useTranslation('signin');
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  async function forgot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    try {
      await api('POST', '/auth/password/request', { email });
      setNotice(t('resetSent'));
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <details>
      <summary>{t('forgot')}</summary>
      <form onSubmit={(event) => void forgot(event)} aria-label={t('requestReset')}>
        <label>
          {t('resetEmail')}
          <input name="email" type="email" required />
        </label>
        <button type="submit">{t('sendReset')}</button>
      </form>
      {notice && <p role="status">{notice}</p>}
      {error && <p role="alert">{error}</p>}
    </details>
  );
}
