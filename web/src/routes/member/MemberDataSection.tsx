import type { ReactNode } from 'react';

/** One part of Meus Dados (the export, the deletion): its title, what it does, then its controls. */
export function MemberDataSection(props: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section className="member-data" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p>{props.intro}</p>
      {props.children}
    </section>
  );
}
