import { agree, capitalize, conj, eachOne, howMany, money, pronoun, qty, VERBS, WORDS } from '../lexicon.js';
import {
  N,
  adjective,
  FORMED,
  NEEDED,
  COMPLETE,
  DIVIDE_THEM,
  TAKE_THEM,
  one,
  andHowManyLeft,
  andLeft,
  neededSentence,
  any,
  T,
  moneyVerbAfter,
  type WordTemplate,
} from './shared.js';

/** The templates of divisão: repartição, medida and quantos são necessários, in the order a page draws them from. */
export const DIV_TEMPLATES: readonly WordTemplate[] = [
  // ── ÷ repartição em partes iguais (a repartido em b partes) ─────────────────────────────────────────────────
  T({
    id: 'reparticao.figurinhas',
    kind: 'reparticao',
    context: 'figurinhas',
    people: 1,
    fits: (conta) => conta.a <= 999 && conta.b <= 10,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} vai repartir ${qty(a, N.figurinha)} igualmente entre ${qty(b, N.crianca)}.`,
      question: `${capitalize(howMany(N.figurinha))} cada criança vai receber${remainder > 0 ? andHowManyLeft(N.figurinha) : ''}?`,
      answer: `Cada criança vai receber ${qty(result, N.figurinha)}${remainder > 0 ? andLeft(N.figurinha, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'reparticao.lanche',
    kind: 'reparticao',
    context: 'lanche',
    people: 0,
    fits: (conta) => conta.a <= 9_999 && conta.b <= 20,
    render: ({ a, b, result, remainder }) => ({
      statement: `A cozinheira da escola fez ${qty(a, N.paoDeQueijo)} e vai ${agree(DIVIDE_THEM, N.paoDeQueijo.gender, a)} igualmente em ${qty(b, N.cesta)}.`,
      question: `${capitalize(howMany(N.paoDeQueijo))} vão em cada cesta${remainder > 0 ? andHowManyLeft(N.paoDeQueijo) : ''}?`,
      answer: `Em cada cesta ${conj(VERBS.vai, result)} ${qty(result, N.paoDeQueijo)}${remainder > 0 ? andLeft(N.paoDeQueijo, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'reparticao.campeonato',
    kind: 'reparticao',
    context: 'campeonato',
    people: 0,
    fits: any,
    render: ({ a, b, result, remainder }) => ({
      statement: `O clube da cidade vai distribuir ${qty(a, N.ingresso)} para a final do campeonato igualmente entre ${qty(b, N.escola)}.`,
      question: `${capitalize(howMany(N.ingresso))} cada escola vai receber${remainder > 0 ? andHowManyLeft(N.ingresso) : ''}?`,
      answer: `Cada escola vai receber ${qty(result, N.ingresso)}${remainder > 0 ? andLeft(N.ingresso, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'reparticao.premio',
    kind: 'reparticao',
    context: 'campeonato',
    people: 0,
    money: true,
    fits: (conta) => conta.remainder === 0 && conta.b <= 15,
    render: ({ a, b, result }) => ({
      statement: `O prêmio de ${money(a)} do campeonato de futsal vai ser dividido igualmente entre ${agree(WORDS.definite, N.jogador.gender, b)} ${qty(b, N.jogador)} do time campeão.`,
      question: 'Quanto cada jogador vai receber?',
      answer: `Cada jogador vai receber ${money(result)}.`,
    }),
  }),

  T({
    id: 'reparticao.biblioteca',
    kind: 'reparticao',
    context: 'biblioteca',
    people: 0,
    fits: any,
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca da cidade vai doar ${qty(a, N.livro)}, repartidos igualmente entre ${qty(b, N.escola)}.`,
      question: `${capitalize(howMany(N.livro))} cada escola vai receber${remainder > 0 ? andHowManyLeft(N.livro) : ''}?`,
      answer: `Cada escola vai receber ${qty(result, N.livro)}${remainder > 0 ? andLeft(N.livro, remainder) : ''}.`,
    }),
  }),

  // ── ÷ medida (quantos grupos de b cabem em a) ───────────────────────────────────────────────────────────────
  T({
    id: 'medida.passeio',
    kind: 'medida',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.a <= 999 && conta.b <= 10,
    render: ({ a, b, result, remainder }) => ({
      statement: `No passeio da escola, ${qty(a, N.crianca)} ${conj(VERBS.vai, a)} formar grupos de ${qty(b, N.crianca)} para visitar o museu.`,
      question:
        remainder > 0
          ? `Quantos grupos completos vão ser formados e ${agree(WORDS.howMany, 'f', 2)} crianças vão ficar sem grupo?`
          : 'Quantos grupos vão ser formados?',
      answer:
        remainder > 0
          ? `${capitalize(conj(VERBS.vai, result))} ser ${agree(FORMED, N.grupo.gender, result)} ${qty(result, N.grupo)} ${agree(COMPLETE, N.grupo.gender, result)}, e ${qty(remainder, N.crianca)} ${conj(VERBS.vai, remainder)} ficar sem grupo.`
          : `${capitalize(conj(VERBS.vai, result))} ser ${agree(FORMED, N.grupo.gender, result)} ${qty(result, N.grupo)}.`,
    }),
  }),
  T({
    id: 'medida.feira',
    kind: 'medida',
    context: 'feira',
    people: 1,
    fits: (conta) => conta.a <= 9_999 && conta.b <= 30,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `Na feira, ${one(cast).name} vai arrumar ${qty(a, N.laranja)} em saquinhos com ${qty(b, N.laranja)} em ${eachOne(N.saquinho)}.`,
      question: `${capitalize(howMany(N.saquinho))} ${pronoun(cast.people)} vai encher${remainder > 0 ? andHowManyLeft(N.laranja, true) : ''}?`,
      answer: `${one(cast).name} vai encher ${qty(result, N.saquinho)}${remainder > 0 ? andLeft(N.laranja, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'medida.fabrica',
    kind: 'medida',
    context: 'fábrica',
    people: 0,
    fits: any,
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma fábrica de chocolates vai embalar ${qty(a, N.bombom)} em caixas com ${qty(b, N.bombom)} ${eachOne(N.caixa)}.`,
      question: `${capitalize(howMany(N.caixa))} a fábrica vai encher${remainder > 0 ? andHowManyLeft(N.bombom, true) : ''}?`,
      answer: `A fábrica vai encher ${qty(result, N.caixa)}${remainder > 0 ? andLeft(N.bombom, remainder) : ''}.`,
    }),
  }),
  T({
    id: 'medida.sorveteria',
    kind: 'medida',
    context: 'lanche',
    people: 1,
    money: true,
    fits: (conta) => conta.a <= 100 && conta.b <= 9,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} tem ${money(a)} e quer comprar picolés que custam ${money(b)} cada um.`,
      question: `${capitalize(howMany(N.picole))} ${pronoun(cast.people)} pode comprar${remainder > 0 ? ' e quanto dinheiro vai sobrar' : ''}?`,
      answer: `${one(cast).name} pode comprar ${qty(result, N.picole)}${
        remainder > 0 ? ` e ${moneyVerbAfter(remainder)} ${money(remainder)}` : ''
      }.`,
    }),
  }),
  T({
    id: 'medida.livraria',
    kind: 'medida',
    context: 'loja',
    people: 1,
    money: true,
    fits: (conta) => conta.a <= 999 && conta.b >= 10 && conta.b <= 60,
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} tem ${money(a)} e quer comprar livros que custam ${money(b)} cada um.`,
      question: `${capitalize(howMany(N.livro))} ${pronoun(cast.people)} pode comprar${remainder > 0 ? ' e quanto dinheiro vai sobrar' : ''}?`,
      answer: `${one(cast).name} pode comprar ${qty(result, N.livro)}${
        remainder > 0 ? ` e ${moneyVerbAfter(remainder)} ${money(remainder)}` : ''
      }.`,
    }),
  }),

  T({
    id: 'medida.biblioteca',
    kind: 'medida',
    context: 'biblioteca',
    people: 0,
    fits: (conta) => conta.b >= 8,
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca da cidade vai arrumar ${qty(a, N.livro)} em prateleiras, com ${qty(b, N.livro)} em ${eachOne(N.prateleira)}.`,
      question: `${capitalize(howMany(N.prateleira))} vão ficar cheias${remainder > 0 ? andHowManyLeft(N.livro, true) : ''}?`,
      answer: `${capitalize(conj(VERBS.vai, result))} ficar ${agree(adjective('chei'), 'f', result)} ${qty(result, N.prateleira)}${remainder > 0 ? andLeft(N.livro, remainder) : ''}.`,
    }),
  }),

  // ── ÷ com resto: quantos são necessários (o resto pede mais um) ─────────────────────────────────────────────
  T({
    id: 'necessarios.passeio',
    kind: 'necessarios',
    context: 'passeio da escola',
    people: 0,
    fits: (conta) => conta.remainder > 0 && conta.b >= 6 && conta.b <= 50 && conta.a <= 2_000,
    render: ({ a, b, result, remainder }) => {
      const vehicle = b <= 15 ? N.van : N.onibus;
      return {
        statement: `Para o passeio da escola, ${qty(a, N.crianca)} ${conj(VERBS.vai, a)} viajar de ${vehicle.singular}, e cada ${vehicle.singular} leva ${qty(b, N.crianca)}.`,
        question: `${capitalize(howMany(vehicle))} são ${agree(NEEDED, vehicle.gender, 2)} para levar todas as crianças?`,
        answer: neededSentence(vehicle, result, remainder, adjective('chei'), 'leva', N.crianca),
      };
    },
  }),
  T({
    id: 'necessarios.biblioteca',
    kind: 'necessarios',
    context: 'biblioteca',
    people: 0,
    fits: (conta) => conta.remainder > 0,
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca vai guardar ${qty(a, N.livro)} em caixas, e em cada caixa ${conj(VERBS.cabe, b)} ${qty(b, N.livro)}.`,
      question: `${capitalize(howMany(N.caixa))} são necessárias para guardar todos os livros?`,
      answer: neededSentence(N.caixa, result, remainder, adjective('chei'), 'guarda', N.livro),
    }),
  }),
  T({
    id: 'necessarios.festa-junina',
    kind: 'necessarios',
    context: 'festa junina',
    people: 0,
    fits: (conta) => conta.remainder > 0 && conta.b >= 4 && conta.b <= 12 && conta.a <= 999,
    render: ({ a, b, result, remainder }) => ({
      statement: `A festa junina da escola vai receber ${qty(a, N.convidado)}, e cada mesa tem lugar para ${qty(b, N.convidado)}.`,
      question: `${capitalize(howMany(N.mesa))} são necessárias para que todos os convidados se sentem?`,
      answer: neededSentence(N.mesa, result, remainder, COMPLETE, 'recebe', N.convidado),
    }),
  }),
  T({
    id: 'necessarios.reciclagem',
    kind: 'necessarios',
    context: 'reciclagem',
    people: 0,
    fits: (conta) => conta.remainder > 0,
    render: ({ a, b, result, remainder }) => ({
      statement: `A escola juntou ${qty(a, N.garrafa)} para a reciclagem e vai ${agree(TAKE_THEM, N.garrafa.gender, a)} em sacos; em cada saco ${conj(VERBS.cabe, b)} ${qty(b, N.garrafa)}.`,
      question: `${capitalize(howMany(N.saco))} são necessários para levar todas as garrafas?`,
      answer: neededSentence(N.saco, result, remainder, adjective('chei'), 'leva', N.garrafa),
    }),
  }),
];
