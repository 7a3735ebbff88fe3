import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteSavedSheet, getSavedSheets, Msg, saveSheet } from '@app/contracts';
import { PlatformMessages } from '@app/contracts/platform-messages';
import { ApiError, api } from '../../../api/client';
import { paths } from '../../../paths';
import type { z } from 'zod';
import type { CreatePageBody, SavedSheet as SavedSheetSchema } from '@app/contracts';

export type SavedSheet = z.infer<typeof SavedSheetSchema>;
export type SheetOptions = z.infer<typeof CreatePageBody>;

type ListState =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; sheets: SavedSheet[] };
export type Status = { kind: 'success' | 'error'; text: string } | null;

/** The member's saved sheets, loaded once and again on demand. */
function useSheetList() {
  const navigate = useNavigate();
  const [list, setList] = useState<ListState>({ state: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setList({ state: 'loading' });
      try {
        const result = await api(getSavedSheets, { signal });
        if (result.httpStatus === 401) return void navigate(paths.logout);
        if (result.status !== 'SUCCESS' || !result.payload)
          return setList({ state: 'error', message: result.message || PlatformMessages.internal });
        setList({ state: 'ready', sheets: result.payload });
      } catch (error) {
        if (signal?.aborted) return;
        if (!(error instanceof ApiError)) throw error;
        setList({ state: 'error', message: error.message });
      }
    },
    [navigate],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return { list, load };
}

/**
 * The member's saved sheets: the list (loaded once, again after each change), saving the builder's settings under a
 * name (the same name again replaces them) and deleting one.
 */
export function useSavedSheets(current: { options: SheetOptions } | { reason: string }) {
  const navigate = useNavigate();
  const { list, load } = useSheetList();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const sheets = list.state === 'ready' ? list.sheets : [];
  const trimmed = name.trim();
  const existing = sheets.find((sheet) => sheet.name === trimmed);
  const canSave = 'options' in current && trimmed.length > 0 && !saving;

  async function save() {
    if (!('options' in current) || !trimmed) return;
    setSaving(true);
    setStatus(null);
    try {
      const result = await api(saveSheet, { body: { name: trimmed, options: current.options } });
      if (result.httpStatus === 401) return void navigate(paths.logout);
      if (result.status !== 'SUCCESS' || !result.payload)
        return setStatus({ kind: 'error', text: result.message || PlatformMessages.internal });
      setStatus({
        kind: 'success',
        text: existing ? `Folha “${trimmed}” substituída.` : `Folha “${trimmed}” salva.`,
      });
      setName('');
      await load();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setStatus({ kind: 'error', text: error.message });
    } finally {
      setSaving(false);
    }
  }

  async function remove(sheet: SavedSheet) {
    setDeleting(sheet.id);
    setStatus(null);
    try {
      const result = await api(deleteSavedSheet, { body: { id: sheet.id } });
      if (result.httpStatus === 401) return void navigate(paths.logout);
      // Already gone (deleted in another tab): the list without it is what the member wanted.
      if (result.status !== 'SUCCESS' && result.message !== Msg.savedSheetNotFound)
        return setStatus({ kind: 'error', text: result.message || PlatformMessages.internal });
      setStatus({ kind: 'success', text: `Folha “${sheet.name}” apagada.` });
      setConfirming(null);
      await load();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setStatus({ kind: 'error', text: error.message });
    } finally {
      setDeleting(null);
    }
  }

  return {
    ...{ list, sheets, name, setName, saving, status, setStatus, confirming, setConfirming, deleting },
    ...{ existing, trimmed, canSave, load, save, remove },
  };
}
