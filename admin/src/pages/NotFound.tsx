import { Link } from 'react-router';
import { AuthCard } from '../components/AuthCard';

export function NotFound() {
  return (
    <AuthCard title="Page not found">
      <p>Vellum Studio has no page at this address.</p>
      <Link to="/content">Go to the content</Link>
    </AuthCard>
  );
}
