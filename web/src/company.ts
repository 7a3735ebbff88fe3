import { useRouteLoaderData } from 'react-router';
import { ApiError } from './api/client';
import { clientConfig } from './api/clientConfig';

/** Who runs the site and how to reach its support: the gateway's configuration (COMPANY_*, SUPPORT_*). */
export interface Company {
  name: string;
  /** Written 00.000.000/0000-00; null when not configured. */
  cnpj: string | null;
  supportEmail: string;
  /** Digits, country code first; null: no WhatsApp channel. */
  supportWhatsapp: string | null;
}

/** Loaded with the environment by the root route; null when the gateway could not say (no contact is invented). */
export async function loadCompany(): Promise<Company | null> {
  try {
    const config = await clientConfig();
    return config.company ?? null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

export const ROOT_ROUTE_ID = 'root';

/** The company of the root route's data (null while booting, on the root error screen, or when unknown). */
export function useCompany(): Company | null {
  const data = useRouteLoaderData(ROOT_ROUTE_ID) as { company?: Company | null } | undefined;
  return data?.company ?? null;
}

/** `https://wa.me/5511912345678`, the link that opens a WhatsApp chat with that number. */
export const whatsappLink = (digits: string) => `https://wa.me/${digits}`;

/** `+55 11 91234-5678` for a Brazilian number (55, area code, 8 or 9 digits); others as `+<digits>`. */
export function formatPhone(digits: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return br ? `+55 ${br[1]} ${br[2]}-${br[3]}` : `+${digits}`;
}
