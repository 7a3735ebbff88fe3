import { downloadPage } from '@app/contracts';
import { formatFileDate } from '@app/contracts/format';
import { ApiError, apiBlob, saveBlob } from '../../api/client';

/** `matemática-DD-MM-YYYY.pdf` (spec §9), dated as the server dates purchases: in São Paulo time. */
export function boughtPageFileName(at: Date): string {
  return `matemática-${formatFileDate(at)}.pdf`;
}

/** Downloads a bought page's PDF into the browser; answers the pt-BR error to show, if any. */
export async function downloadBoughtPage(code: string): Promise<string | null> {
  try {
    const file = await apiBlob(downloadPage, { query: { code } });
    if (!file.ok) return file.message;
    // The server names the file after the purchase date; today's date only if a proxy dropped the header.
    saveBlob(file.blob, file.fileName ?? boughtPageFileName(new Date()));
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}
