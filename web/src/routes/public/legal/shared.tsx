import { Link } from 'react-router';
import { formatDate } from '@app/contracts/format';
import { formatPhone, useCompany, whatsappLink, type Company } from '../../../company';
import { paths } from '../../../paths';
import { site } from '../../../site';
import './legal.css';

/** When the privacy policy was last changed (shown DD/MM/YYYY at its top). */
export const LEGAL_UPDATED_AT = '2026-11-30T12:00:00Z';
/** When the terms were last changed: Personalizar and the class sets (shown DD/MM/YYYY at their top). */
export const TERMS_UPDATED_AT = '2026-11-29T12:00:00Z';

export function UpdatedAt({ at = LEGAL_UPDATED_AT }: { at?: string }) {
  return <p className="legal__updated">Última atualização: {formatDate(at)}</p>;
}

/** The company as configured; while unknown, the product's name and no contact (never an invented one). */
export function useLegalCompany():
  Company | { name: string; cnpj: null; supportEmail: null; supportWhatsapp: null } {
  return useCompany() ?? { name: site.name, cnpj: null, supportEmail: null, supportWhatsapp: null };
}

/** '{name}, CNPJ 00.000.000/0000-00' or just the name. */
export function CompanyIdentity() {
  const company = useLegalCompany();
  return (
    <strong>
      {company.name}
      {company.cnpj && <>, CNPJ {company.cnpj}</>}
    </strong>
  );
}

/** The support channels: email, WhatsApp when configured, and (elsewhere than on it) the support page. */
export function SupportChannels({ linkSupportPage = true }: { linkSupportPage?: boolean }) {
  const company = useLegalCompany();
  return (
    <ul className="legal__channels">
      {company.supportEmail && (
        <li>
          Email: <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
        </li>
      )}
      {company.supportWhatsapp && (
        <li>
          WhatsApp:{' '}
          <a href={whatsappLink(company.supportWhatsapp)} target="_blank" rel="noopener noreferrer">
            {formatPhone(company.supportWhatsapp)}
          </a>
        </li>
      )}
      {linkSupportPage && (
        <li>
          Página de <Link to={paths.support}>Suporte</Link>
        </li>
      )}
    </ul>
  );
}
