import { useQuery } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { api, ApiError } from '../../api';
import { Failure } from '../Content';
import { TwoFactor } from './TwoFactor';

interface Profile {
  email: string;
  tfa_secret: string | null;
}

export type Notice = { text: string; error: boolean };

/** The signed-in user's own account: a new password, and two-factor sign-in turned on or off. */
export function ProfilePage() {
  const me = useQuery({ queryKey: ['profile'], queryFn: () => api<Profile>('GET', '/users/me?fields=email,tfa_secret') });
  const [notice, setNotice] = useState<Notice>();
  if (me.error) return <Failure error={me.error} retry={() => me.refetch()} />;
  if (!me.data) return <p role="status">Loading…</p>;
  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = new FormData(form).get('password');
    await api('PATCH', '/users/me', { password }).then(
      () => (setNotice({ text: 'Your password is changed.', error: false }), form.reset()),
      (e: ApiError) => setNotice({ text: e.message, error: true }),
    );
  }
  return (
    <section>
      <h1>Your account</h1>
      <p>{me.data.email}</p>
      <form className="toolbar" onSubmit={changePassword} aria-label="Change your password">
        <label>
          New password
          <input name="password" type="password" autoComplete="new-password" required />
        </label>
        <button type="submit">Change password</button>
      </form>
      <TwoFactor enabled={Boolean(me.data.tfa_secret)} onChange={(n) => (setNotice(n), void me.refetch())} />
      {notice && <p role={notice.error ? 'alert' : 'status'}>{notice.text}</p>}
    </section>
  );
}
