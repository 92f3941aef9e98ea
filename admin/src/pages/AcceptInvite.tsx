import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../api';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { keepSessionAlive } from '../session';

/** The invited address, read from the invite token's payload (signed by Vellum; only shown, never trusted). */
function invitedEmail(token: string): string | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email : undefined;
  } catch {
    return undefined;
  }
}

/** The page an invite mail links to: the invited user chooses a password and is signed in. */
export function AcceptInvite() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token') ?? '';
  const email = invitedEmail(token);

  if (!email) {
    return (
      <AuthCard title="Accept invitation">
        <p role="alert">This invitation link is not valid. Ask for a new invitation.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Accept invitation">
      <p>Choose a password for {email}.</p>
      <NewPasswordForm
        submitLabel="Accept and sign in"
        deadLinkMessage="This invitation has expired or was already used. Ask for a new invitation."
        onSubmit={async (password) => {
          await api('POST', '/users/invite/accept', { token, password });
          const { data } = await api<{ expires: number }>('POST', '/auth/login', { email, password, mode: 'session' });
          keepSessionAlive(data.expires);
          queryClient.clear();
          navigate('/content', { replace: true });
        }}
      />
    </AuthCard>
  );
}
