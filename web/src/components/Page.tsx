import type { ReactNode } from 'react';
import { site } from '../site';

/** A screen's card: its heading, and the browser tab title that goes with it. */
export function Page({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className ? `card page ${className}` : 'card page'}>
      <title>{`${title} · ${site.name}`}</title>
      <h1>{title}</h1>
      {children}
    </section>
  );
}
