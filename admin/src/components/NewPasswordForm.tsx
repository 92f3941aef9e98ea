import { useState, type FormEvent } from 'react';
import { ApiError } from '../api';
import { ErrorMessage } from './ErrorMessage';
import { TextField } from './TextField';

/** Codes with which Vellum refuses a reset or invite link that is expired, used or altered. */
const DEAD_LINK = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'FORBIDDEN']);

interface Props {
  submitLabel: string;
  deadLinkMessage: string;
  onSubmit: (password: string) => Promise<void>;
}

/** A new password typed twice; the API's policy message or a dead-link message on refusal. */
export function NewPasswordForm({ submitLabel, deadLinkMessage, onSubmit }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return setError(new Error('The two passwords differ.'));
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (err) {
      setError(err instanceof ApiError && DEAD_LINK.has(err.code ?? '') ? new Error(deadLinkMessage) : err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <TextField label="New password" type="password" autoComplete="new-password" required value={password} onChange={setPassword} />
      <TextField label="Repeat the password" type="password" autoComplete="new-password" required value={confirm} onChange={setConfirm} />
      <ErrorMessage error={error} />
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
