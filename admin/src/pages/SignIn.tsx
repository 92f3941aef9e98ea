import { FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api, ApiError, scheduleRefresh } from '../api';

/** Sign-in with email and password, then the one-time code when the API asks for it; and "forgot password". */
export function SignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [needsOtp, setNeedsOtp] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const body = { email: form.get('email'), password: form.get('password'), otp: form.get('otp') || undefined, mode: 'session' };
      const { expires } = await api<{ expires: number }>('POST', '/auth/login', body);
      scheduleRefresh(expires);
      navigate(params.get('from') ?? '/content', { replace: true });
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
      <form onSubmit={signIn} aria-label="Sign in">
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {needsOtp && (
          <label>
            One-time code
            <input name="otp" inputMode="numeric" autoComplete="one-time-code" required autoFocus />
          </label>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      <ForgotPassword />
    </main>
  );
}

/** "Forgot password": asks the API to mail a reset link; the answer is the same whether the account exists or not. */
function ForgotPassword() {
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  async function forgot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    try {
      await api('POST', '/auth/password/request', { email });
      setNotice('If an account exists for this email, a reset link is on its way.');
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <details>
      <summary>Forgot password?</summary>
      <form onSubmit={forgot} aria-label="Request a password reset">
        <label>
          Email for the reset link
          <input name="email" type="email" required />
        </label>
        <button type="submit">Send reset link</button>
      </form>
      {notice && <p role="status">{notice}</p>}
      {error && <p role="alert">{error}</p>}
    </details>
  );
}
