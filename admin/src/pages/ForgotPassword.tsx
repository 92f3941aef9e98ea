import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../api';
import { AuthCard } from '../components/AuthCard';
import { ErrorMessage } from '../components/ErrorMessage';
import { TextField } from '../components/TextField';

/** Asks Vellum to mail a reset link that opens this Studio's reset page. */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      // No reset_url: the server's own link (PUBLIC_URL/admin/reset-password) needs no allow-list entry.
      await api('POST', '/auth/password/request', { email });
      setSent(true);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <AuthCard title="Forgot password">
      {sent ? (
        <p role="status">If an account uses {email}, a mail with a link to set a new password is on its way.</p>
      ) : (
        <form onSubmit={submit}>
          <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={setEmail} />
          <ErrorMessage error={error} />
          <button type="submit">Send reset link</button>
        </form>
      )}
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
