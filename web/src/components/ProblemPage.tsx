import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { Page } from './Page';

/** The not-found and error screens: what happened, optional technical detail, and a way home. */
export function ProblemPage({
  title,
  text,
  detail,
  art,
  actions,
}: {
  title: string;
  text: string;
  detail?: string;
  /** A big decorative figure above the title, e.g. 404. */
  art: string;
  actions?: ReactNode;
}) {
  return (
    <Page title={title} className="problem">
      <p className="problem__art" aria-hidden="true">
        {art}
      </p>
      <p className="lead">{text}</p>
      {detail && (
        <p className="problem__detail">
          <span>Detalhes:</span> {detail}
        </p>
      )}
      <div className="actions">
        <Link to={paths.home} className="button">
          Voltar para a página inicial
        </Link>
        {actions}
      </div>
    </Page>
  );
}
