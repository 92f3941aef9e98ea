import { useTranslation } from 'react-i18next';
import { FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError, scheduleRefresh } from '../api';

// A refused password (the policy's FAILED_VALIDATION) stays on the form; these mean the link is spent.
const DEAD_TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'FORBIDDEN', 'INVALID_CREDENTIALS']);

interface Props {
  kind: 'reset' | 'invite';
}

/** The address an invitation was sent to, read from the token's payload (base64url JSON). */
function invitedEmail(token: string): string {
  return (JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { email: string }).email;
}

/** Sets a password from a mailed token: a reset, or an invitation that then signs the user in. */
export default function SetPassword({ kind }: Props) {
  const { t } = useTranslation('signin');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string>();
  const [deadToken, setDeadToken] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password') as string;
    setError(undefined);
    try {
      if (kind === 'reset') {
        await api('POST', '/auth/password/reset', { token, password });
        return setDone(true);
      }
      await api('POST', '/users/invite/accept', { token, password });
      const email = invitedEmail(token);
      const { expires } = await api<{ expires: number }>('POST', '/auth/login', { email, password, mode: 'session' });
      scheduleRefresh(expires);
      void navigate('/content', { replace: true });
    } catch (e) {
      if (e instanceof ApiError && DEAD_TOKEN_CODES.has(e.code ?? '')) setDeadToken(true);
      else setError((e as Error).message);
    }
  }

  const title = t(kind === 'reset' ? 'setNew' : 'acceptInvite');
  if (deadToken || !token)
    return (
      <main className="narrow">
        <h1>{t('deadLink')}</h1>
        <p>{t('deadLinkExplain')}</p>
        <Link to="/signin">{t('backToSignIn')}</Link>
      </main>
    );
  if (done)
    return (
      <main className="narrow">
        <h1>{t('passwordChanged')}</h1>
        <p role="status">{t('passwordSet')}</p>
        <Link to="/signin">{t('signIn')}</Link>
      </main>
    );
  return (
    <main className="narrow">
      <h1>{title}</h1>
      <form onSubmit={(event) => void submit(event)} aria-label={title}>
        <label>
          {t('newPassword')}
          <input name="password" type="password" autoComplete="new-password" required />
        </label>
        <button type="submit">{t('savePassword')}</button>
      </form>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
