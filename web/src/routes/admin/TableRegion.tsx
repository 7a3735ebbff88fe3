import type { ReactNode } from 'react';

/**
 * Every admin table sits in this box: it scrolls sideways inside itself when the table is wider than the screen
 * (never the page), and a keyboard user can focus it and scroll it with the arrow keys (WCAG 2.1.1).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** An email that may wrap after its '@' (never inside a word): keeps a table of long addresses narrow. */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
