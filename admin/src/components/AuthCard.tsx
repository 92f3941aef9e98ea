import type { ReactNode } from 'react';

/** The frame of the signed-out pages: one landmark, one heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="card">
        <p className="brand">Vellum Studio</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
