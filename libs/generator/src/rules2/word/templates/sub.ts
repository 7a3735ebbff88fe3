import { thousands } from '../../../format.js';
import { agree, capitalize, conj, howMany, money, pronoun, qty, toHis, VERBS, WORDS } from '../lexicon.js';
import {
  N,
  adjective,
  BLUE,
  RED,
  SOLD,
  PLANTED,
  theOthers,
  one,
  two,
  upTo,
  any,
  T,
  type WordTemplate,
} from './shared.js';

/** The templates of subtração: separar, retirar, comparar and completar, in the order a page draws them from. */
export const SUB_TEMPLATES: readonly WordTemplate[] = [
  // ── − separar ───────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'separar.lapis',
    kind: 'separar',
    context: 'sala de aula',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `No armário da sala de artes há ${qty(a, N.lapis)}: ${thousands(b)} ${conj(VERBS.e, b)} ${agree(BLUE, 'm', b)} e ${theOthers(N.lapis, result)} ${conj(VERBS.e, result)} ${agree(RED, 'm', result)}.`,
      question: `${capitalize(howMany(N.lapis))} ${conj(VERBS.e, 2)} ${agree(RED, 'm', 2)}?`,
      answer: `${capitalize(qty(result, N.lapis))} ${conj(VERBS.e, result)} ${agree(RED, 'm', result)}.`,
    }),
  }),
  T({
    id: 'separar.horta',
    kind: 'separar',
    context: 'horta',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => {
      const planted = (count: number) =>
        `${conj(VERBS.foi, count)} ${agree(PLANTED, N.muda.gender, count)} ${qty(count, N.muda)}`;
      return {
        statement: `Na horta da escola, ${planted(a)}: ${thousands(b)} de alface e ${theOthers(N.muda, result)} de couve.`,
        question: `${capitalize(howMany(N.muda))} de couve foram plantadas?`,
        answer: `${capitalize(planted(result))} de couve.`,
      };
    },
  }),
  T({
    id: 'separar.passeio',
    kind: 'separar',
    context: 'passeio da escola',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `${capitalize(agree(WORDS.of, 'f', a))} ${qty(a, N.crianca)} que ${conj(VERBS.foi, a)} ao passeio da escola, ${thousands(b)} ${conj(VERBS.visitou, b)} o museu e ${theOthers(N.crianca, result)} ${conj(VERBS.visitou, result)} o planetário.`,
      question: `${capitalize(howMany(N.crianca))} visitaram o planetário?`,
      answer: `${capitalize(qty(result, N.crianca))} ${conj(VERBS.visitou, result)} o planetário.`,
    }),
  }),
  T({
    id: 'separar.campeonato',
    kind: 'separar',
    context: 'campeonato',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `${capitalize(agree(WORDS.of, 'f', a))} ${qty(a, N.pessoa)} que ${conj(VERBS.assistiu, a)} ao jogo do campeonato, ${thousands(b)} ${conj(VERBS.torcia, b)} para o time da casa e ${theOthers(N.pessoa, result)} ${conj(VERBS.torcia, result)} para o time visitante.`,
      question: `${capitalize(howMany(N.pessoa))} torciam para o time visitante?`,
      answer: `${capitalize(qty(result, N.pessoa))} ${conj(VERBS.torcia, result)} para o time visitante.`,
    }),
  }),

  T({
    id: 'separar.sitio',
    kind: 'separar',
    context: 'sítio',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Um sítio colheu ${qty(a, N.laranja)}: ${thousands(b)} ${conj(VERBS.foi, b)} para a fábrica de sucos e ${theOthers(N.laranja, result)} ${conj(VERBS.foi, result)} para a feira.`,
      question: `${capitalize(howMany(N.laranja))} foram para a feira?`,
      answer: `${capitalize(qty(result, N.laranja))} ${conj(VERBS.foi, result)} para a feira.`,
    }),
  }),
  T({
    id: 'separar.biblioteca',
    kind: 'separar',
    context: 'biblioteca',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `${capitalize(agree(WORDS.of, 'm', a))} ${qty(a, N.livro)} da biblioteca da cidade, ${thousands(b)} ${conj(VERBS.e, b)} de histórias e ${theOthers(N.livro, result)} ${conj(VERBS.e, result)} de ciências.`,
      question: `${capitalize(howMany(N.livro))} são de ciências?`,
      answer: `${capitalize(qty(result, N.livro))} ${conj(VERBS.e, result)} de ciências.`,
    }),
  }),

  // ── − retirar ───────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'retirar.figurinhas',
    kind: 'retirar',
    context: 'figurinhas',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} tinha ${qty(a, N.figurinha)} e deu ${qty(b, N.figurinha)} ${toHis(cast.relative)}.`,
      question: `Com ${howMany(N.figurinha)} ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${qty(result, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'retirar.lanche',
    kind: 'retirar',
    context: 'lanche',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `A cantina da escola fez ${qty(a, N.paoDeQueijo)} para o lanche, e as crianças comeram ${qty(b, N.paoDeQueijo)}.`,
      question: `${capitalize(howMany(N.paoDeQueijo))} sobraram?`,
      answer: `${capitalize(conj(VERBS.sobrou, result))} ${qty(result, N.paoDeQueijo)}.`,
    }),
  }),
  T({
    id: 'retirar.feira',
    kind: 'retirar',
    context: 'feira',
    people: 1,
    money: true,
    fits: upTo(300),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} levou ${money(a)} para a feira e gastou ${money(b)} em frutas e verduras.`,
      question: `Com quanto dinheiro ${pronoun(cast.people)} ficou?`,
      answer: `${one(cast).name} ficou com ${money(result)}.`,
    }),
  }),
  T({
    id: 'retirar.fabrica',
    kind: 'retirar',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `Uma fábrica de sucos tinha ${qty(a, N.garrafa)} no estoque e vendeu ${qty(b, N.garrafa)}.`,
      question: `${capitalize(howMany(N.garrafa))} ficaram no estoque?`,
      answer: `${capitalize(conj(VERBS.ficou, result))} ${qty(result, N.garrafa)} no estoque.`,
    }),
  }),
  T({
    id: 'retirar.biblioteca',
    kind: 'retirar',
    context: 'biblioteca',
    people: 0,
    fits: upTo(9_999),
    render: ({ a, b, result }) => ({
      statement: `A biblioteca da escola tinha ${qty(a, N.livro)} na estante de aventuras e emprestou ${qty(b, N.livro)} aos alunos.`,
      question: `${capitalize(howMany(N.livro))} ficaram na estante?`,
      answer: `${capitalize(conj(VERBS.ficou, result))} ${qty(result, N.livro)} na estante.`,
    }),
  }),

  T({
    id: 'retirar.campeonato',
    kind: 'retirar',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `Para a final do campeonato, ${conj(VERBS.foi, a)} ${agree(adjective('colocad'), 'm', a)} à venda ${qty(a, N.ingresso)}, e já ${conj(VERBS.foi, b)} ${agree(SOLD, 'm', b)} ${qty(b, N.ingresso)}.`,
      question: `${capitalize(howMany(N.ingresso))} ainda não foram vendidos?`,
      answer: `Ainda não ${conj(VERBS.foi, result)} ${agree(SOLD, 'm', result)} ${qty(result, N.ingresso)}.`,
    }),
  }),

  // ── − comparar ──────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'comparar.figurinhas',
    kind: 'comparar',
    context: 'figurinhas',
    people: 2,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} tem ${qty(a, N.figurinha)} e ${two(cast).name} tem ${qty(b, N.figurinha)}.`,
      question: `${capitalize(howMany(N.figurinha))} ${one(cast).name} tem a mais que ${two(cast).name}?`,
      answer: `${one(cast).name} tem ${qty(result, N.figurinha)} a mais que ${two(cast).name}.`,
    }),
  }),
  T({
    id: 'comparar.campeonato',
    kind: 'comparar',
    context: 'campeonato',
    people: 0,
    fits: upTo(999),
    render: ({ a, b, result }) => ({
      statement: `No campeonato de basquete da escola, o time azul marcou ${qty(a, N.ponto)} e o time verde marcou ${qty(b, N.ponto)}.`,
      question: `${capitalize(howMany(N.ponto))} o time azul marcou a mais que o time verde?`,
      answer: `O time azul marcou ${qty(result, N.ponto)} a mais que o time verde.`,
    }),
  }),
  T({
    id: 'comparar.leitura',
    kind: 'comparar',
    context: 'leitura',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `No campeonato de leitura do ano, a turma A leu ${qty(a, N.pagina)} e a turma B leu ${qty(b, N.pagina)}.`,
      question: `${capitalize(howMany(N.pagina))} a turma A leu a mais que a turma B?`,
      answer: `A turma A leu ${qty(result, N.pagina)} a mais que a turma B.`,
    }),
  }),
  T({
    id: 'comparar.loja',
    kind: 'comparar',
    context: 'loja',
    people: 0,
    money: true,
    fits: upTo(99),
    render: ({ a, b, result }) => ({
      statement: `Na papelaria, um livro de histórias custa ${money(a)} e um caderno custa ${money(b)}.`,
      question: 'Quanto o livro custa a mais que o caderno?',
      answer: `O livro custa ${money(result)} a mais que o caderno.`,
    }),
  }),
  T({
    id: 'comparar.bicicleta',
    kind: 'comparar',
    context: 'loja',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 100 && conta.a <= 9_999 && conta.b >= 50,
    render: ({ a, b, result }) => ({
      statement: `Numa loja, uma bicicleta custa ${money(a)} e um patinete custa ${money(b)}.`,
      question: 'Quanto a bicicleta custa a mais que o patinete?',
      answer: `A bicicleta custa ${money(result)} a mais que o patinete.`,
    }),
  }),

  T({
    id: 'comparar.torcida',
    kind: 'comparar',
    context: 'campeonato',
    people: 0,
    fits: (conta) => conta.a >= 100 && conta.a <= 99_999,
    render: ({ a, b, result }) => ({
      statement: `O primeiro jogo da final do campeonato teve ${qty(a, N.torcedor)} no estádio, e o segundo teve ${qty(b, N.torcedor)}.`,
      question: `${capitalize(howMany(N.torcedor))} o primeiro jogo teve a mais que o segundo?`,
      answer: `O primeiro jogo teve ${qty(result, N.torcedor)} a mais que o segundo.`,
    }),
  }),

  // ── − completar ─────────────────────────────────────────────────────────────────────────────────────────────
  T({
    id: 'completar.album',
    kind: 'completar',
    context: 'figurinhas',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `O álbum de ${one(cast).name} tem espaço para ${qty(a, N.figurinha)}. ${capitalize(pronoun(cast.people))} já colou ${qty(b, N.figurinha)}.`,
      question: `${capitalize(howMany(N.figurinha))} faltam para completar o álbum?`,
      answer: `${capitalize(conj(VERBS.falta, result))} ${qty(result, N.figurinha)} para completar o álbum.`,
    }),
  }),
  T({
    id: 'completar.leitura',
    kind: 'completar',
    context: 'leitura',
    people: 1,
    fits: upTo(999),
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} está lendo um livro de ${qty(a, N.pagina)} e já leu ${qty(b, N.pagina)}.`,
      question: `${capitalize(howMany(N.pagina))} faltam para ${pronoun(cast.people)} terminar o livro?`,
      answer: `${capitalize(conj(VERBS.falta, result))} ${qty(result, N.pagina)} para ${one(cast).name} terminar o livro.`,
    }),
  }),
  T({
    id: 'completar.passeio',
    kind: 'completar',
    context: 'passeio da escola',
    people: 1,
    money: true,
    fits: upTo(9_999),
    render: ({ a, b, result }, cast) => ({
      statement: `A turma de ${one(cast).name} precisa juntar ${money(a)} para o passeio da escola e já juntou ${money(b)}.`,
      question: 'Quanto dinheiro ainda falta?',
      answer: `Ainda ${conj(VERBS.falta, result)} ${money(result)} para o passeio.`,
    }),
  }),
  T({
    id: 'completar.festa-junina',
    kind: 'completar',
    context: 'festa junina',
    people: 0,
    money: true,
    fits: (conta) => conta.a >= 100,
    render: ({ a, b, result }) => ({
      statement: `A escola quer arrecadar ${money(a)} na festa junina para reformar a quadra e já arrecadou ${money(b)}.`,
      question: 'Quanto dinheiro ainda falta para a reforma?',
      answer: `Ainda ${conj(VERBS.falta, result)} ${money(result)} para a reforma.`,
    }),
  }),

  T({
    id: 'completar.reciclagem',
    kind: 'completar',
    context: 'reciclagem',
    people: 0,
    fits: any,
    render: ({ a, b, result }) => ({
      statement: `A escola quer juntar ${qty(a, N.latinha)} para trocar por livros novos e já juntou ${qty(b, N.latinha)}.`,
      question: `${capitalize(howMany(N.latinha))} ainda faltam?`,
      answer: `Ainda ${conj(VERBS.falta, result)} ${qty(result, N.latinha)}.`,
    }),
  }),
];
