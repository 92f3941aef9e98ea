import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../api';
import { AuthCard } from '../components/AuthCard';
import { ErrorMessage } from '../components/ErrorMessage';
import { TextField } from '../components/TextField';
import { safeRedirect } from '../redirect';
import { keepSessionAlive } from '../session';

/** Email and password, then the one-time code when the account has two-factor sign-in. */
export function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needOtp, setNeedOtp] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data } = await api<{ expires: number }>('POST', '/auth/login', { email, password, mode: 'session', ...(needOtp ? { otp } : {}) });
      keepSessionAlive(data.expires);
      queryClient.clear();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_OTP' && !needOtp) setNeedOtp(true);
      else if (err instanceof ApiError && err.code === 'INVALID_OTP') setError(new Error('That code is not valid. Enter the current code from your authenticator app.'));
      else setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit}>
        <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={setEmail} />
        <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
        {needOtp && (
          <>
            <p>Two-factor sign-in is on for this account: enter the code from your authenticator app.</p>
            <TextField label="One-time code" autoComplete="one-time-code" required value={otp} onChange={setOtp} />
          </>
        )}
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </AuthCard>
  );
}
