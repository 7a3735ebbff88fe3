import { useId } from 'react';
import { SAVED_SHEET_NAME_MAX } from '@app/contracts';
import { sheetWhat } from '@app/generator/options';
import { useSavedSheets, type SavedSheet, type SheetOptions } from './useSavedSheets';
import './personalize.css';

export type { SavedSheet, SheetOptions } from './useSavedSheets';

/**
 * "Minhas folhas salvas": the builder's settings saved under a name (the same name again replaces them, and the
 * button says so before), and the list to start from one or delete one. It sits in the builder's form: Enter in the
 * name saves, it does not generate a page.
 */
export default function SavedSheets({
  current,
  canLoad,
  onLoad,
}: {
  /** The builder's settings as they would be saved, or why they cannot be (no operation, a problem in the panel). */
  current: { options: SheetOptions } | { reason: string };
  /** False while a generated page locks the builder. */
  canLoad: boolean;
  onLoad: (sheet: SavedSheet) => void;
}) {
  const id = useId();
  const saved = useSavedSheets(current);
  const { name, setName, saving, status, existing, canSave, save, list, sheets, load } = saved;
  const nameId = `${id}-name`;
  const noteId = `${id}-note`;
  const note =
    'reason' in current
      ? current.reason
      : existing
        ? `Já existe uma folha com este nome: salvar substitui as opções dela.`
        : null;

  return (
    <section className="saved-sheets" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Minhas folhas salvas</h2>
      <div className="saved-sheets__save">
        <div>
          <label htmlFor={nameId}>Nome para salvar estas opções</label>
          <input
            id={nameId}
            type="text"
            maxLength={SAVED_SHEET_NAME_MAX}
            value={name}
            placeholder="Ex.: Tabuada do 7 — 3º ano"
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(event) => {
              // Enter saves (the builder's own form would generate a page).
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (canSave) void save();
            }}
            aria-describedby={note ? noteId : undefined}
          />
        </div>
        <button
          type="button"
          onClick={() => void save()}
          className="button button--secondary button--compact"
          disabled={!canSave}
        >
          {saving ? 'Salvando…' : existing ? 'Substituir' : 'Salvar'}
        </button>
      </div>
      {note && (
        <p className="personalize__hint" id={noteId}>
          {note}
        </p>
      )}
      <p
        className={status ? `alert alert--${status.kind} saved-sheets__status` : 'saved-sheets__status'}
        role={status?.kind === 'error' ? 'alert' : 'status'}
      >
        {status?.text}
      </p>

      <ListMessages list={list} sheets={sheets} load={load} />
      {sheets.length > 0 && (
        <ul className="saved-sheets__list">
          {sheets.map((sheet) => (
            <SavedSheetItem key={sheet.id} sheet={sheet} canLoad={canLoad} onLoad={onLoad} saved={saved} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One saved sheet: its name and what it practises, "Usar" and "Apagar" (asked twice). */
function SavedSheetItem({
  sheet,
  canLoad,
  onLoad,
  saved: { confirming, setConfirming, deleting, remove, setStatus },
}: {
  sheet: SavedSheet;
  canLoad: boolean;
  onLoad: (sheet: SavedSheet) => void;
  saved: ReturnType<typeof useSavedSheets>;
}) {
  return (
    <li className="saved-sheet">
      <span className="saved-sheet__text">
        <span className="saved-sheet__name">{sheet.name}</span>
        <span className="saved-sheet__what">{sheetWhat(sheet.options)}</span>
      </span>
      <span className="saved-sheet__buttons">
        {confirming === sheet.id ? (
          <>
            <button
              type="button"
              className="button button--accent button--compact"
              disabled={deleting === sheet.id}
              onClick={() => void remove(sheet)}
              aria-label={`Confirmar: apagar a folha ${sheet.name}`}
            >
              {deleting === sheet.id ? 'Apagando…' : 'Sim, apagar'}
            </button>
            <button
              type="button"
              className="button button--secondary button--compact"
              onClick={() => setConfirming(null)}
            >
              Cancelar
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button--compact"
              disabled={!canLoad}
              onClick={() => {
                setStatus({ kind: 'success', text: `Opções da folha “${sheet.name}” carregadas.` });
                onLoad(sheet);
              }}
              aria-label={`Usar a folha ${sheet.name}`}
            >
              Usar
            </button>
            <button
              type="button"
              className="button button--secondary button--compact"
              onClick={() => setConfirming(sheet.id)}
              aria-label={`Apagar a folha ${sheet.name}`}
            >
              Apagar
            </button>
          </>
        )}
      </span>
    </li>
  );
}

/** The list while it loads, why it could not be loaded, or that it is empty. */
function ListMessages({
  list,
  sheets,
  load,
}: Pick<ReturnType<typeof useSavedSheets>, 'list' | 'sheets' | 'load'>) {
  return (
    <>
      {list.state === 'loading' && <p className="personalize__note">Carregando suas folhas salvas…</p>}
      {list.state === 'error' && (
        // Not role="alert": the builder works without the list, and its own alerts stay the only ones.
        <div className="alert alert--error">
          <p>Não foi possível carregar suas folhas salvas. {list.message}</p>
          <button
            type="button"
            className="button button--secondary button--compact"
            onClick={() => void load()}
          >
            Tentar de novo
          </button>
        </div>
      )}
      {list.state === 'ready' && sheets.length === 0 && (
        <p className="personalize__note">
          Você ainda não salvou nenhuma folha. Escolha as opções, dê um nome e clique em Salvar.
        </p>
      )}
    </>
  );
}
