import { downloadPage, downloadSet } from '@app/contracts';
import { formatFileDate } from '@app/contracts/format';
import { askWhileNotReady } from '../../api/askAgain';
import { ApiError, apiBlob, saveBlob } from '../../api/client';
import { boughtSetFileName } from './classSet';

/** `matemática-DD-MM-YYYY.pdf`, dated as the server dates purchases: in São Paulo time. */
export function boughtPageFileName(at: Date): string {
  return `matemática-${formatFileDate(at)}.pdf`;
}

/** Downloads a bought page's PDF into the browser; answers the pt-BR error to show, if any. */
export function downloadBoughtPage(code: string): Promise<string | null> {
  return downloadBought(() => apiBlob(downloadPage, { query: { code } }), boughtPageFileName);
}

/**
 * Downloads a bought class set as its one PDF, by the set's own code; answers the pt-BR error, if any.
 * `versions` names the file if the server's name got lost (`matemática-DD-MM-YYYY-30-versões.pdf`).
 */
export function downloadBoughtSet(setCode: string, versions: number): Promise<string | null> {
  return downloadBought(
    () => apiBlob(downloadSet, { query: { code: setCode } }),
    (at) => boughtSetFileName(at, versions),
  );
}

async function downloadBought(
  fetchFile: () => ReturnType<typeof apiBlob>,
  fallbackName: (at: Date) => string,
): Promise<string | null> {
  try {
    // 503: the file is still being printed (or printed again after it left the store); asked again, backing off.
    const file = await askWhileNotReady(fetchFile, (answer) => !answer.ok && answer.httpStatus === 503);
    if (!file.ok) return file.message;
    // The server names the file after the purchase date; today's date only if a proxy dropped the header.
    saveBlob(file.blob, file.fileName ?? fallbackName(new Date()));
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}
