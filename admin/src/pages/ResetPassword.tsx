import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../api';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordForm } from '../components/NewPasswordForm';

/** The page a reset mail links to: `?token=` from the mail. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <p role="alert">This link has no reset token. Open the link from the mail again, or request a new one.</p>
        <Link to="/forgot-password">Request a new link</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password">
      {done ? (
        <p role="status">Your password is changed. You can now sign in with it.</p>
      ) : (
        <NewPasswordForm
          submitLabel="Set password"
          deadLinkMessage="This reset link has expired or was already used. Request a new one."
          onSubmit={async (password) => {
            await api('POST', '/auth/password/reset', { token, password });
            setDone(true);
          }}
        />
      )}
      <p>
        {done ? <Link to="/login">Sign in</Link> : <Link to="/forgot-password">Request a new link</Link>}
      </p>
    </AuthCard>
  );
}
