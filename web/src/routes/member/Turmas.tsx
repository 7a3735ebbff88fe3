import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Msg, TURMAS_MAX, type Turma } from '@app/contracts';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { draftFrom, newDraft } from './turmas/editor';
import { TurmaEditor } from './turmas/TurmaEditor';
import { turmaButtonId, TurmaList } from './turmas/TurmaList';
import { useTurmas, type TurmaList as TurmaListState } from './turmas/useTurmas';
import './member-data.css';
import './turmas/turmas.css';

type Mode = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; turma: Turma };

const PRIVACY_NOTICE =
  'Os nomes dos alunos ficam visíveis só para a sua conta. Não aparecem em registros do sistema, entram no ' +
  'arquivo de “Baixar meus dados” e são apagados quando você apaga a turma ou a sua conta.';

/**
 * Minhas turmas: the member's classes and their children's names (LGPD art. 14: only the names typed, seen by this
 * account only). The list with 'Nova turma'; creating or editing one replaces the list until it is saved or
 * cancelled, and the cursor then goes back to the button that opened it (after a save, to the turma's 'Editar').
 */
export default function Turmas() {
  const prefix = useId();
  const { list, load, save, remove } = useTurmas();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [status, setStatus] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  const newButtonId = `${prefix}-new`;

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const open = (next: Mode) => {
    setStatus('');
    setMode(next);
  };
  const close = (focus: string) => {
    setMode({ kind: 'list' });
    setFocusId(focus);
  };
  const returnTo = mode.kind === 'edit' ? turmaButtonId(prefix, mode.turma.id, 'edit') : newButtonId;

  return (
    <Page title="Minhas turmas" className="turmas">
      <p className="lead">Cadastre cada turma com os nomes dos alunos, na ordem da lista de chamada.</p>
      <p className="turmas__privacy">
        {PRIVACY_NOTICE} <Link to={paths.privacy}>Política de Privacidade</Link>
      </p>
      <p role="status" className={status ? 'alert alert--success turmas__status' : 'turmas__status'}>
        {status}
      </p>
      {mode.kind === 'list' ? (
        <ListArea
          ids={{ prefix, newButton: newButtonId }}
          list={list}
          onRetry={() => void load()}
          onNew={() => open({ kind: 'new' })}
          onEdit={(turma) => open({ kind: 'edit', turma })}
          remove={remove}
          onDeleted={(turma) => {
            setStatus(`Turma ${turma.name} apagada.`);
            setFocusId(newButtonId);
          }}
        />
      ) : (
        <TurmaEditor
          key={mode.kind === 'edit' ? mode.turma.id : 'new'}
          initial={mode.kind === 'edit' ? draftFrom(mode.turma) : newDraft()}
          save={save}
          onSaved={(turma) => {
            setStatus('Turma salva.');
            close(turmaButtonId(prefix, turma.id, 'edit'));
          }}
          onCancel={() => close(returnTo)}
        />
      )}
    </Page>
  );
}

/** The list while it loads, why it could not be loaded (and 'Tentar de novo'), or 'Nova turma' and the turmas. */
function ListArea(props: {
  ids: { prefix: string; newButton: string };
  list: TurmaListState;
  onRetry: () => void;
  onNew: () => void;
  onEdit: (turma: Turma) => void;
  remove: Parameters<typeof TurmaList>[0]['remove'];
  onDeleted: (turma: Turma) => void;
}) {
  const { list } = props;
  if (list.state === 'loading')
    return (
      <p className="turmas__note" role="status">
        Carregando suas turmas…
      </p>
    );
  if (list.state === 'failed')
    return (
      <div className="alert alert--error" role="alert">
        <p>Não foi possível carregar suas turmas. {list.message}</p>
        <button type="button" className="button button--secondary button--compact" onClick={props.onRetry}>
          Tentar de novo
        </button>
      </div>
    );
  const full = list.turmas.length >= TURMAS_MAX;
  return (
    <>
      {full ? (
        <p className="turmas__note">{Msg.turmasFull}</p>
      ) : (
        <button
          id={props.ids.newButton}
          type="button"
          className="button button--accent"
          onClick={props.onNew}
        >
          Nova turma
        </button>
      )}
      {list.turmas.length === 0 ? (
        <p className="turmas__note">
          Você ainda não cadastrou nenhuma turma. Em Nova turma, dê um nome e cole a lista de alunos copiada
          da planilha.
        </p>
      ) : (
        <TurmaList
          idPrefix={props.ids.prefix}
          turmas={list.turmas}
          onEdit={props.onEdit}
          remove={props.remove}
          onDeleted={props.onDeleted}
        />
      )}
    </>
  );
}
