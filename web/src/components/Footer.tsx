import { Link } from 'react-router';
import { formatPhone, useCompany, whatsappLink } from '../company';
import { paths } from '../paths';
import { site } from '../site';
import { LogoMark } from './Logo';

export function Footer() {
  const company = useCompany();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <LogoMark size={36} />
          <div>
            <p className="site-footer__name">{site.name}</p>
            <p>Folhas de exercícios de aritmética para imprimir, do jeito que cada criança precisa.</p>
          </div>
        </div>
        <nav className="site-footer__links" aria-label="Redes sociais">
          <h2>Redes sociais</h2>
          <ul>
            {site.social.map((network) => (
              <li key={network.name}>
                <a href={network.url} target="_blank" rel="noopener noreferrer">
                  {network.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__links" aria-label="Ajuda e informações legais">
          <h2>Ajuda</h2>
          <ul>
            <li>
              <Link to={paths.support}>Suporte</Link>
            </li>
            <li>
              <Link to={paths.terms}>Termos de Uso</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Política de Privacidade</Link>
            </li>
            {/* The channels configured on the gateway; none is shown rather than a made-up one. */}
            {company && (
              <li>
                <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
              </li>
            )}
            {company?.supportWhatsapp && (
              <li>
                <a
                  href={whatsappLink(company.supportWhatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`WhatsApp ${formatPhone(company.supportWhatsapp)}`}
                >
                  WhatsApp
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {site.copyrightYear} {company?.name ?? site.name}. Todos os direitos reservados.
        {company?.cnpj && <> CNPJ {company.cnpj}.</>}
      </p>
    </footer>
  );
}
