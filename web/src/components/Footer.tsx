import { LogoMark } from './Logo';
import { site } from '../site';

export function Footer() {
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
        <div className="site-footer__links">
          <h2>Contato</h2>
          <ul>
            <li>
              <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
            </li>
            <li>
              <a href={site.whatsappUrl} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">
        © {site.copyrightYear} {site.name}. Todos os direitos reservados.
      </p>
    </footer>
  );
}
