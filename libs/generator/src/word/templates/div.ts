import {
  agree,
  capitalize,
  conj,
  howMany,
  money,
  pronoun,
  qty,
  VERBS,
  WORDS,
  type Noun,
} from '../lexicon.js';
import {
  N,
  T,
  one,
  two,
  adjective,
  COMPLETE,
  DIVIDE_THEM,
  FORMED,
  NEEDED,
  andHowManyLeft,
  andLeft,
  neededSentence,
  moneyVerbAfter,
  type WordTemplate,
} from './shared.js';

const FULL = adjective('chei');

/** "a página que falta", "as 4 páginas que faltam": what the last day reads. */
const lastPages = (remainder: number): string =>
  remainder === 1
    ? `a ${N.pagina.singular} que ${VERBS.falta.singular}`
    : `as ${qty(remainder, N.pagina)} que ${VERBS.falta.plural}`;

/** "Quantas figurinhas cada criança vai receber e quantas vão sobrar?": the resto asked only when there is one. */
const leftQuestion = (remainder: number, word: Noun, named = false): string =>
  remainder > 0 ? andHowManyLeft(word, named) : '';
const leftAnswer = (remainder: number, word: Noun): string => (remainder > 0 ? andLeft(word, remainder) : '');
/** "e quanto dinheiro vai sobrar", "e vão sobrar R$ 3,00". */
const moneyLeftQuestion = (remainder: number): string =>
  remainder > 0 ? ' e quanto dinheiro vai sobrar' : '';
const moneyLeftAnswer = (remainder: number): string =>
  remainder > 0 ? ` e ${moneyVerbAfter(remainder)} ${money(remainder)}` : '';

/** The parts the BNCC names (EF02MA08: metade, terça parte; EF03MA09: quarta, quinta e décima parte). */
const PARTS: Readonly<Record<number, string>> = {
  2: 'a metade',
  3: 'a terça parte',
  4: 'a quarta parte',
  5: 'a quinta parte',
  10: 'a décima parte',
};
/** Whether a divisor is one of the parts a comparação names. */
const named = ({ b }: { b: number }): boolean => b in PARTS;
/** "a metade", "a terça parte"; any other divisor (never told: `named`) as the fraction. */
const part = (b: number): string => PARTS[b] ?? `1/${b}`;

/**
 * The situações-problema of divisão told with one conta a ÷ b: a the dividend (what is shared, measured or
 * compared), b the divisor (how many parts, how much in each group, which part), the result the quotient and the
 * remainder the resto. Each story states the numbers it allows: a child shares a handful of figurinhas among 2 to 9
 * friends; dividends of four digits are told in a fábrica, a cooperativa, a campanha da cidade or a transportadora.
 */
export const DIV_TEMPLATES: readonly WordTemplate[] = [
  // Repartição em partes iguais: a shared among b; how much each (and the resto).
  T({
    id: 'reparticao.figurinhas',
    kind: 'reparticao',
    op: 'div',
    context: 'figurinhas',
    people: 1,
    ranges: { a: [4, 300], b: [2, 9], result: [2, 60] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} vai repartir ${qty(a, N.figurinha)} repetidas igualmente entre ${qty(b, N.amigo)}.`,
      question: `${capitalize(howMany(N.figurinha))} cada amigo vai receber${leftQuestion(remainder, N.figurinha)}?`,
      answer: `Cada amigo vai receber ${qty(result, N.figurinha)}${leftAnswer(remainder, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'reparticao.lanche',
    kind: 'reparticao',
    op: 'div',
    context: 'lanche',
    people: 0,
    ranges: { a: [20, 999], b: [2, 12], result: [5, 200] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A cozinheira da escola fez ${qty(a, N.paoDeQueijo)} e vai ${agree(DIVIDE_THEM, N.paoDeQueijo.gender, a)} igualmente em ${qty(b, N.cesta)}.`,
      question: `${capitalize(howMany(N.paoDeQueijo))} vão em cada cesta${leftQuestion(remainder, N.paoDeQueijo)}?`,
      answer: `Em cada cesta ${conj(VERBS.vai, result)} ${qty(result, N.paoDeQueijo)}${leftAnswer(remainder, N.paoDeQueijo)}.`,
    }),
  }),
  T({
    id: 'reparticao.ingressos',
    kind: 'reparticao',
    op: 'div',
    context: 'campeonato',
    people: 0,
    ranges: { a: [50, 9_999], b: [2, 60], result: [4, 999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `O clube da cidade vai distribuir ${qty(a, N.ingresso)} para a final do campeonato igualmente entre ${qty(b, N.escola)}.`,
      question: `${capitalize(howMany(N.ingresso))} cada escola vai receber${leftQuestion(remainder, N.ingresso)}?`,
      answer: `Cada escola vai receber ${qty(result, N.ingresso)}${leftAnswer(remainder, N.ingresso)}.`,
    }),
  }),
  T({
    id: 'reparticao.premio',
    kind: 'reparticao',
    op: 'div',
    context: 'campeonato',
    people: 0,
    money: true,
    ranges: { a: [100, 9_999], b: [5, 14], result: [10, 1_999] },
    // A prize is shared to the last real: a resto would be no story.
    when: (conta) => conta.remainder === 0,
    render: ({ a, b, result }) => ({
      statement: `O prêmio de ${money(a)} do campeonato de futsal vai ser dividido igualmente entre ${agree(WORDS.definite, N.jogador.gender, b)} ${qty(b, N.jogador)} do time campeão.`,
      question: 'Quanto cada jogador vai receber?',
      answer: `Cada jogador vai receber ${money(result)}.`,
    }),
  }),
  T({
    id: 'reparticao.biblioteca',
    kind: 'reparticao',
    op: 'div',
    context: 'biblioteca',
    people: 0,
    ranges: { a: [50, 9_999], b: [2, 99], result: [5, 500] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca da cidade vai doar ${qty(a, N.livro)}, repartidos igualmente entre ${qty(b, N.escola)}.`,
      question: `${capitalize(howMany(N.livro))} cada escola vai receber${leftQuestion(remainder, N.livro)}?`,
      answer: `Cada escola vai receber ${qty(result, N.livro)}${leftAnswer(remainder, N.livro)}.`,
    }),
  }),
  T({
    id: 'reparticao.lapis',
    kind: 'reparticao',
    op: 'div',
    context: 'sala de aula',
    people: 0,
    ranges: { a: [4, 200], b: [2, 9], result: [2, 40] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A professora vai repartir ${qty(a, N.lapis)} igualmente entre ${qty(b, N.grupo)} da turma.`,
      question: `${capitalize(howMany(N.lapis))} cada grupo vai receber${leftQuestion(remainder, N.lapis)}?`,
      answer: `Cada grupo vai receber ${qty(result, N.lapis)}${leftAnswer(remainder, N.lapis)}.`,
    }),
  }),
  T({
    id: 'reparticao.folhas',
    kind: 'reparticao',
    op: 'div',
    context: 'sala de aula',
    people: 0,
    ranges: { a: [30, 999], b: [15, 40], result: [2, 30] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Para a aula de Artes, a professora vai repartir ${qty(a, N.folha)} coloridas igualmente entre ${agree(WORDS.definite, N.aluno.gender, b)} ${qty(b, N.aluno)} da turma.`,
      question: `${capitalize(howMany(N.folha))} cada aluno vai receber${leftQuestion(remainder, N.folha)}?`,
      answer: `Cada aluno vai receber ${qty(result, N.folha)}${leftAnswer(remainder, N.folha)}.`,
    }),
  }),
  T({
    id: 'reparticao.leite',
    kind: 'reparticao',
    op: 'div',
    context: 'fazenda',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 40], result: [10, 2_000] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma cooperativa de leite vai doar ${qty(a, N.litro)} de leite, repartindo igualmente entre ${qty(b, N.creche)} da cidade.`,
      question: `${capitalize(howMany(N.litro))} cada creche vai receber${leftQuestion(remainder, N.litro)}?`,
      answer: `Cada creche vai receber ${qty(result, N.litro)}${leftAnswer(remainder, N.litro)}.`,
    }),
  }),
  T({
    id: 'reparticao.agasalhos',
    kind: 'reparticao',
    op: 'div',
    context: 'arrecadação',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 30], result: [5, 5_000] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A campanha do agasalho da cidade arrecadou ${qty(a, N.agasalho)}, e a prefeitura vai repartir os agasalhos igualmente entre ${qty(b, N.instituicao)}.`,
      question: `${capitalize(howMany(N.agasalho))} cada instituição vai receber${leftQuestion(remainder, N.agasalho)}?`,
      answer: `Cada instituição vai receber ${qty(result, N.agasalho)}${leftAnswer(remainder, N.agasalho)}.`,
    }),
  }),
  T({
    id: 'reparticao.mudas',
    kind: 'reparticao',
    op: 'div',
    context: 'meio ambiente',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 60], result: [2, 5_000] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A prefeitura vai repartir ${qty(a, N.muda)} de árvores igualmente entre ${qty(b, N.bairro)} da cidade, para plantar nas praças.`,
      question: `${capitalize(howMany(N.muda))} cada bairro vai receber${leftQuestion(remainder, N.muda)}?`,
      answer: `Cada bairro vai receber ${qty(result, N.muda)}${leftAnswer(remainder, N.muda)}.`,
    }),
  }),
  T({
    id: 'reparticao.laranjas',
    kind: 'reparticao',
    op: 'div',
    context: 'sítio',
    people: 0,
    ranges: { a: [50, 9_999], b: [2, 20], result: [10, 5_000] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Um sítio colheu ${qty(a, N.laranja)} e vai repartir a colheita igualmente entre ${qty(b, N.mercado)} da região.`,
      question: `${capitalize(howMany(N.laranja))} cada mercado vai receber${leftQuestion(remainder, N.laranja)}?`,
      answer: `Cada mercado vai receber ${qty(result, N.laranja)}${leftAnswer(remainder, N.laranja)}.`,
    }),
  }),
  T({
    id: 'reparticao.bandeirinhas',
    kind: 'reparticao',
    op: 'div',
    context: 'festa junina',
    people: 0,
    ranges: { a: [20, 2_000], b: [2, 30], result: [5, 200] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Para enfeitar a festa junina, a escola vai repartir ${qty(a, N.bandeirinha)} igualmente entre ${qty(b, N.turma)}.`,
      question: `${capitalize(howMany(N.bandeirinha))} cada turma vai receber${leftQuestion(remainder, N.bandeirinha)}?`,
      answer: `Cada turma vai receber ${qty(result, N.bandeirinha)}${leftAnswer(remainder, N.bandeirinha)}.`,
    }),
  }),
  T({
    id: 'reparticao.brinquedos',
    kind: 'reparticao',
    op: 'div',
    context: 'fábrica',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 99], result: [10, 5_000] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma fábrica de brinquedos vai entregar ${qty(a, N.brinquedo)}, repartidos igualmente entre ${qty(b, N.loja)}.`,
      question: `${capitalize(howMany(N.brinquedo))} cada loja vai receber${leftQuestion(remainder, N.brinquedo)}?`,
      answer: `Cada loja vai receber ${qty(result, N.brinquedo)}${leftAnswer(remainder, N.brinquedo)}.`,
    }),
  }),
  T({
    id: 'reparticao.horta',
    kind: 'reparticao',
    op: 'div',
    context: 'horta',
    people: 1,
    ranges: { a: [4, 100], b: [2, 9], result: [2, 20] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} colheu ${qty(a, N.tomate)} na horta e vai repartir os tomates igualmente entre ${qty(b, N.familia)} da rua.`,
      question: `${capitalize(howMany(N.tomate))} cada família vai receber${leftQuestion(remainder, N.tomate)}?`,
      answer: `Cada família vai receber ${qty(result, N.tomate)}${leftAnswer(remainder, N.tomate)}.`,
    }),
  }),
  T({
    id: 'reparticao.bolinhas',
    kind: 'reparticao',
    op: 'div',
    context: 'brincadeiras',
    people: 1,
    ranges: { a: [4, 100], b: [2, 9], result: [2, 20] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} ganhou ${qty(a, N.bolinha)} e vai dividir as bolinhas igualmente entre ${qty(b, N.primo)}.`,
      question: `${capitalize(howMany(N.bolinha))} cada primo vai receber${leftQuestion(remainder, N.bolinha)}?`,
      answer: `Cada primo vai receber ${qty(result, N.bolinha)}${leftAnswer(remainder, N.bolinha)}.`,
    }),
  }),
  T({
    id: 'reparticao.baloes',
    kind: 'reparticao',
    op: 'div',
    context: 'brincadeiras',
    people: 1,
    ranges: { a: [4, 400], b: [2, 40], result: [2, 20] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `Na festa de aniversário de ${one(cast).name}, a mãe ${one(cast).gender === 'f' ? 'dela' : 'dele'} vai repartir ${qty(a, N.balao)} igualmente entre ${agree(WORDS.definite, N.crianca.gender, b)} ${qty(b, N.crianca)} da festa.`,
      question: `${capitalize(howMany(N.balao))} cada criança vai receber${leftQuestion(remainder, N.balao)}?`,
      answer: `Cada criança vai receber ${qty(result, N.balao)}${leftAnswer(remainder, N.balao)}.`,
    }),
  }),
  T({
    id: 'reparticao.avo',
    kind: 'reparticao',
    op: 'div',
    context: 'família',
    people: 0,
    money: true,
    ranges: { a: [10, 999], b: [2, 9], result: [2, 200] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma avó deu ${money(a)} para ${qty(b, N.neto)} dividirem igualmente.`,
      question: `Quanto cada neto vai receber${moneyLeftQuestion(remainder)}?`,
      answer: `Cada neto vai receber ${money(result)}${moneyLeftAnswer(remainder)}.`,
    }),
  }),
  T({
    id: 'reparticao.onibus',
    kind: 'reparticao',
    op: 'div',
    context: 'passeio da escola',
    people: 0,
    money: true,
    ranges: { a: [200, 9_999], b: [15, 99], result: [5, 100] },
    // A bill is shared to the last real: a resto would be no story.
    when: (conta) => conta.remainder === 0,
    render: ({ a, b, result }) => ({
      statement: `O aluguel dos ônibus para o passeio da escola custa ${money(a)}, e o valor vai ser dividido igualmente entre ${agree(WORDS.definite, N.aluno.gender, b)} ${qty(b, N.aluno)} que ${conj(VERBS.vai, b)} ao passeio.`,
      question: 'Quanto cada aluno vai pagar?',
      answer: `Cada aluno vai pagar ${money(result)}.`,
    }),
  }),

  // Medida: how many groups of b fit in a (and the resto).
  T({
    id: 'medida.feira',
    kind: 'medida',
    op: 'div',
    context: 'feira',
    people: 1,
    ranges: { a: [6, 600], b: [3, 12], result: [2, 200] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `Na feira, ${one(cast).name} vai arrumar ${qty(a, N.laranja)} em saquinhos com ${qty(b, N.laranja)} em cada um.`,
      question: `${capitalize(howMany(N.saquinho))} ${pronoun(cast.people)} vai encher${leftQuestion(remainder, N.laranja, true)}?`,
      answer: `${one(cast).name} vai encher ${qty(result, N.saquinho)}${leftAnswer(remainder, N.laranja)}.`,
    }),
  }),
  T({
    id: 'medida.bombons',
    kind: 'medida',
    op: 'div',
    context: 'fábrica',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 50], result: [2, 4_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma fábrica de chocolates vai embalar ${qty(a, N.bombom)} em caixas com ${qty(b, N.bombom)} cada uma.`,
      question: `${capitalize(howMany(N.caixa))} a fábrica vai encher${leftQuestion(remainder, N.bombom, true)}?`,
      answer: `A fábrica vai encher ${qty(result, N.caixa)}${leftAnswer(remainder, N.bombom)}.`,
    }),
  }),
  T({
    id: 'medida.passeio',
    kind: 'medida',
    op: 'div',
    context: 'passeio da escola',
    people: 0,
    ranges: { a: [4, 500], b: [2, 12], result: [2, 250] },
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
    id: 'medida.picoles',
    kind: 'medida',
    op: 'div',
    context: 'sorveteria',
    people: 1,
    money: true,
    ranges: { a: [4, 100], b: [2, 9], result: [2, 50] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} tem ${money(a)} e quer comprar picolés que custam ${money(b)} cada um.`,
      question: `${capitalize(howMany(N.picole))} ${pronoun(cast.people)} pode comprar${moneyLeftQuestion(remainder)}?`,
      answer: `${one(cast).name} pode comprar ${qty(result, N.picole)}${moneyLeftAnswer(remainder)}.`,
    }),
  }),
  T({
    id: 'medida.livraria',
    kind: 'medida',
    op: 'div',
    context: 'loja',
    people: 1,
    money: true,
    ranges: { a: [20, 999], b: [11, 60], result: [2, 90] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} tem ${money(a)} e quer comprar livros que custam ${money(b)} cada um.`,
      question: `${capitalize(howMany(N.livro))} ${pronoun(cast.people)} pode comprar${moneyLeftQuestion(remainder)}?`,
      answer: `${one(cast).name} pode comprar ${qty(result, N.livro)}${moneyLeftAnswer(remainder)}.`,
    }),
  }),
  T({
    id: 'medida.prateleiras',
    kind: 'medida',
    op: 'div',
    context: 'biblioteca',
    people: 0,
    ranges: { a: [100, 9_999], b: [8, 60], result: [2, 999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca da cidade vai arrumar ${qty(a, N.livro)} em prateleiras, com ${qty(b, N.livro)} em cada prateleira.`,
      question: `${capitalize(howMany(N.prateleira))} vão ficar cheias${leftQuestion(remainder, N.livro, true)}?`,
      answer: `${capitalize(qty(result, N.prateleira))} ${conj(VERBS.vai, result)} ficar ${agree(FULL, 'f', result)}${leftAnswer(remainder, N.livro)}.`,
    }),
  }),
  T({
    id: 'medida.canteiros',
    kind: 'medida',
    op: 'div',
    context: 'horta',
    people: 0,
    ranges: { a: [8, 999], b: [4, 30], result: [2, 100] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A horta da escola recebeu ${qty(a, N.muda)} de alface para plantar em canteiros, com ${qty(b, N.muda)} em cada canteiro.`,
      question: `${capitalize(howMany(N.canteiro))} vão ficar completos${leftQuestion(remainder, N.muda, true)}?`,
      answer: `${capitalize(qty(result, N.canteiro))} ${conj(VERBS.vai, result)} ficar ${agree(COMPLETE, 'm', result)}${leftAnswer(remainder, N.muda)}.`,
    }),
  }),
  T({
    id: 'medida.varais',
    kind: 'medida',
    op: 'div',
    context: 'festa junina',
    people: 0,
    ranges: { a: [20, 2_000], b: [11, 50], result: [2, 100] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Para a festa junina, a escola vai pendurar ${qty(a, N.bandeirinha)} em varais, com ${qty(b, N.bandeirinha)} em cada varal.`,
      question: `${capitalize(howMany(N.varal))} a escola vai completar${leftQuestion(remainder, N.bandeirinha, true)}?`,
      answer: `A escola vai completar ${qty(result, N.varal)}${leftAnswer(remainder, N.bandeirinha)}.`,
    }),
  }),
  T({
    id: 'medida.caminhoes',
    kind: 'medida',
    op: 'div',
    context: 'transporte',
    people: 0,
    ranges: { a: [100, 9_999], b: [11, 99], result: [2, 150] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma transportadora vai levar ${qty(a, N.caixa)} de uma fábrica, e cada caminhão leva ${qty(b, N.caixa)}. Os caminhões só saem cheios.`,
      question: `${capitalize(howMany(N.caminhao))} vão sair${leftQuestion(remainder, N.caixa, true)}?`,
      answer: `${capitalize(qty(result, N.caminhao))} ${conj(VERBS.vai, result)} sair${leftAnswer(remainder, N.caixa)}.`,
    }),
  }),
  T({
    id: 'medida.bolas',
    kind: 'medida',
    op: 'div',
    context: 'campeonato',
    people: 0,
    money: true,
    ranges: { a: [100, 9_999], b: [15, 99], result: [2, 120] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A escolinha de futebol do bairro tem ${money(a)} para comprar bolas novas, e cada bola custa ${money(b)}.`,
      question: `${capitalize(howMany(N.bola))} a escolinha pode comprar${moneyLeftQuestion(remainder)}?`,
      answer: `A escolinha pode comprar ${qty(result, N.bola)}${moneyLeftAnswer(remainder)}.`,
    }),
  }),
  T({
    id: 'medida.balas',
    kind: 'medida',
    op: 'div',
    context: 'sala de aula',
    people: 0,
    ranges: { a: [4, 120], b: [2, 10], result: [2, 40] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A professora tem ${qty(a, N.bala)} e vai dar ${qty(b, N.bala)} para cada aluno.`,
      question: `${capitalize(howMany(N.aluno))} vão receber balas${leftQuestion(remainder, N.bala, true)}?`,
      answer: `${capitalize(qty(result, N.aluno))} ${conj(VERBS.vaiReceber, result)} balas${leftAnswer(remainder, N.bala)}.`,
    }),
  }),
  T({
    id: 'medida.album',
    kind: 'medida',
    op: 'div',
    context: 'figurinhas',
    people: 1,
    ranges: { a: [4, 700], b: [2, 20], result: [2, 100] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} tem ${qty(a, N.figurinha)} para colar no álbum, e em cada página ${conj(VERBS.cabe, b)} ${qty(b, N.figurinha)}.`,
      question: `${capitalize(howMany(N.pagina))} ${pronoun(cast.people)} vai completar${leftQuestion(remainder, N.figurinha, true)}?`,
      answer: `${one(cast).name} vai completar ${qty(result, N.pagina)}${leftAnswer(remainder, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'medida.ovos',
    kind: 'medida',
    op: 'div',
    context: 'fazenda',
    people: 0,
    ranges: { a: [100, 9_999], b: [6, 30], result: [2, 1_666] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma granja recolheu ${qty(a, N.ovo)} e vai arrumar os ovos em bandejas com ${qty(b, N.ovo)} em cada uma.`,
      question: `${capitalize(howMany(N.bandeja))} vão ficar cheias${leftQuestion(remainder, N.ovo, true)}?`,
      answer: `${capitalize(qty(result, N.bandeja))} ${conj(VERBS.vai, result)} ficar ${agree(FULL, 'f', result)}${leftAnswer(remainder, N.ovo)}.`,
    }),
  }),
  T({
    id: 'medida.leitura',
    kind: 'medida',
    op: 'div',
    context: 'leitura',
    people: 1,
    ranges: { a: [20, 400], b: [2, 40], result: [2, 60] },
    // With a resto the last day reads less: that is "quantos dias são necessários" (necessarios.leitura).
    when: (conta) => conta.remainder === 0,
    render: ({ a, b, result }, cast) => ({
      statement: `${one(cast).name} vai ler um livro de ${qty(a, N.pagina)}, sempre ${qty(b, N.pagina)} por dia.`,
      question: `Em quantos dias ${pronoun(cast.people)} vai terminar o livro?`,
      answer: `${one(cast).name} vai terminar o livro em ${qty(result, N.dia)}.`,
    }),
  }),
  T({
    id: 'medida.garrafas',
    kind: 'medida',
    op: 'div',
    context: 'fábrica',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 20], result: [2, 4_999] },
    render: ({ a, b, result, remainder }) => {
      const bottle = b <= 3 ? N.garrafa : N.garrafao;
      return {
        statement: `Uma fábrica de sucos tem ${qty(a, N.litro)} de suco para encher ${bottle.plural} de ${qty(b, N.litro)}.`,
        question: `${capitalize(howMany(bottle))} vão ficar ${agree(FULL, bottle.gender, 2)}${leftQuestion(remainder, N.litro, true)}?`,
        answer: `${capitalize(qty(result, bottle))} ${conj(VERBS.vai, result)} ficar ${agree(FULL, bottle.gender, result)}${leftAnswer(remainder, N.litro)}.`,
      };
    },
  }),
  T({
    id: 'medida.pacotes-livros',
    kind: 'medida',
    op: 'div',
    context: 'leitura',
    people: 0,
    ranges: { a: [100, 9_999], b: [4, 20], result: [2, 4_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma editora vai mandar ${qty(a, N.livro)} para as escolas em pacotes com ${qty(b, N.livro)} cada um.`,
      question: `${capitalize(howMany(N.pacote))} a editora vai fechar${leftQuestion(remainder, N.livro, true)}?`,
      answer: `A editora vai fechar ${qty(result, N.pacote)}${leftAnswer(remainder, N.livro)}.`,
    }),
  }),
  T({
    id: 'medida.sacos-laranjas',
    kind: 'medida',
    op: 'div',
    context: 'sítio',
    people: 0,
    ranges: { a: [100, 9_999], b: [5, 30], result: [4, 1_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Um sítio colheu ${qty(a, N.laranja)} e vai vendê-las em sacos com ${qty(b, N.laranja)} em cada um.`,
      question: `${capitalize(howMany(N.saco))} o sítio vai encher${leftQuestion(remainder, N.laranja, true)}?`,
      answer: `O sítio vai encher ${qty(result, N.saco)}${leftAnswer(remainder, N.laranja)}.`,
    }),
  }),
  T({
    id: 'medida.rodinhas',
    kind: 'medida',
    op: 'div',
    context: 'fábrica',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 4], result: [2, 4_999] },
    render: ({ a, b, result, remainder }) => {
      const toy = b === 2 ? N.patinete : b === 3 ? N.triciclo : N.carrinho;
      return {
        statement: `Uma fábrica de brinquedos tem ${qty(a, N.rodinha)} para montar ${toy.plural}, e cada um usa ${qty(b, N.rodinha)}.`,
        question: `${capitalize(howMany(toy))} a fábrica pode montar${leftQuestion(remainder, N.rodinha, true)}?`,
        answer: `A fábrica pode montar ${qty(result, toy)}${leftAnswer(remainder, N.rodinha)}.`,
      };
    },
  }),
  T({
    id: 'medida.sucata',
    kind: 'medida',
    op: 'div',
    context: 'sala de aula',
    people: 0,
    ranges: { a: [4, 100], b: [2, 4], result: [2, 50] },
    render: ({ a, b, result, remainder }) => {
      const toy = b === 2 ? N.patinete : b === 3 ? N.triciclo : N.carrinho;
      return {
        statement: `Na aula de Artes, a turma vai montar ${toy.plural} de sucata com ${qty(a, N.tampinha)}, e cada um leva ${qty(b, N.tampinha)} como rodas.`,
        question: `${capitalize(howMany(toy))} a turma pode montar${leftQuestion(remainder, N.tampinha, true)}?`,
        answer: `A turma pode montar ${qty(result, toy)}${leftAnswer(remainder, N.tampinha)}.`,
      };
    },
  }),
  T({
    id: 'medida.meias',
    kind: 'medida',
    op: 'div',
    context: 'roupas',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 2], result: [50, 4_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma fábrica de meias fez ${qty(a, N.meia)} e vai embalar as meias em pares, ${qty(b, N.meia)} em cada par.`,
      question: `${capitalize(howMany(N.par))} a fábrica vai embalar${leftQuestion(remainder, N.meia, true)}?`,
      answer: `A fábrica vai embalar ${qty(result, N.par)}${leftAnswer(remainder, N.meia)}.`,
    }),
  }),

  // Quantos são necessários: the resto needs one more (answer quotient + 1).
  T({
    id: 'necessarios.passeio',
    kind: 'necessarios',
    op: 'div',
    context: 'passeio da escola',
    people: 0,
    ranges: { a: [10, 2_000], b: [6, 50], result: [1, 333] },
    render: ({ a, b, result, remainder }) => {
      const vehicle = b <= 15 ? N.van : N.onibus;
      return {
        statement: `Para o passeio da escola, ${qty(a, N.crianca)} ${conj(VERBS.vai, a)} viajar de ${vehicle.singular}, e cada ${vehicle.singular} leva ${qty(b, N.crianca)}.`,
        question: `${capitalize(howMany(vehicle))} são ${agree(NEEDED, vehicle.gender, 2)} para levar todas as crianças?`,
        answer: neededSentence(vehicle, result, remainder, FULL, 'leva', N.crianca),
      };
    },
  }),
  T({
    id: 'necessarios.biblioteca',
    kind: 'necessarios',
    op: 'div',
    context: 'biblioteca',
    people: 0,
    ranges: { a: [10, 9_999], b: [5, 60], result: [1, 1_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A biblioteca vai guardar ${qty(a, N.livro)} em caixas, e em cada caixa ${conj(VERBS.cabe, b)} ${qty(b, N.livro)}.`,
      question: `${capitalize(howMany(N.caixa))} são necessárias para guardar todos os livros?`,
      answer: neededSentence(N.caixa, result, remainder, FULL, 'guarda', N.livro),
    }),
  }),
  T({
    id: 'necessarios.festa-junina',
    kind: 'necessarios',
    op: 'div',
    context: 'festa junina',
    people: 0,
    ranges: { a: [10, 999], b: [4, 12], result: [1, 249] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A festa junina da escola vai receber ${qty(a, N.convidado)}, e cada mesa tem lugar para ${qty(b, N.convidado)}.`,
      question: `${capitalize(howMany(N.mesa))} são necessárias para que todos os convidados se sentem?`,
      answer: neededSentence(N.mesa, result, remainder, COMPLETE, 'recebe', N.convidado),
    }),
  }),
  T({
    id: 'necessarios.reciclagem',
    kind: 'necessarios',
    op: 'div',
    context: 'reciclagem',
    people: 0,
    ranges: { a: [10, 9_999], b: [5, 99], result: [1, 1_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A escola juntou ${qty(a, N.garrafa)} para a reciclagem e vai levar as garrafas em sacos; em cada saco ${conj(VERBS.cabe, b)} ${qty(b, N.garrafa)}.`,
      question: `${capitalize(howMany(N.saco))} são necessários para levar todas as garrafas?`,
      answer: neededSentence(N.saco, result, remainder, FULL, 'leva', N.garrafa),
    }),
  }),
  T({
    id: 'necessarios.leitura',
    kind: 'necessarios',
    op: 'div',
    context: 'leitura',
    people: 1,
    ranges: { a: [20, 400], b: [2, 40], result: [1, 199] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} vai ler um livro de ${qty(a, N.pagina)}, no máximo ${qty(b, N.pagina)} por dia.`,
      question: `Em quantos dias, no mínimo, ${pronoun(cast.people)} vai terminar o livro?`,
      answer:
        `${one(cast).name} vai terminar o livro em ${qty(result + 1, N.dia)}: ${qty(result, N.dia)} ` +
        `lendo ${qty(b, N.pagina)} e mais um dia para ${lastPages(remainder)}.`,
    }),
  }),
  T({
    id: 'necessarios.torcida',
    kind: 'necessarios',
    op: 'div',
    context: 'estádio',
    people: 0,
    ranges: { a: [100, 9_999], b: [25, 50], result: [2, 399] },
    render: ({ a, b, result, remainder }) => ({
      statement: `A torcida de um time vai levar ${qty(a, N.torcedor)} ao estádio em ônibus de ${qty(b, N.lugar)}.`,
      question: `${capitalize(howMany(N.onibus))} são necessários para levar todos os torcedores?`,
      answer: neededSentence(N.onibus, result, remainder, FULL, 'leva', N.torcedor),
    }),
  }),
  T({
    id: 'necessarios.pedalinhos',
    kind: 'necessarios',
    op: 'div',
    context: 'cidade',
    people: 0,
    ranges: { a: [3, 100], b: [2, 4], result: [1, 50] },
    render: ({ a, b, result, remainder }) => ({
      statement: `No lago do parque, ${qty(a, N.crianca)} ${conj(VERBS.vai, a)} andar de pedalinho, e cada pedalinho leva ${qty(b, N.crianca)}.`,
      question: 'Quantos pedalinhos são necessários para todas as crianças passearem ao mesmo tempo?',
      answer: neededSentence(N.pedalinho, result, remainder, FULL, 'leva', N.crianca),
    }),
  }),
  T({
    id: 'necessarios.potes',
    kind: 'necessarios',
    op: 'div',
    context: 'lanche',
    people: 1,
    ranges: { a: [10, 200], b: [4, 30], result: [1, 50] },
    render: ({ a, b, result, remainder }, cast) => ({
      statement: `${one(cast).name} fez ${qty(a, N.biscoito)} e vai guardar os biscoitos em potes; em cada pote ${conj(VERBS.cabe, b)} ${qty(b, N.biscoito)}.`,
      question: `${capitalize(howMany(N.pote))} são necessários para guardar todos os biscoitos?`,
      answer: neededSentence(N.pote, result, remainder, FULL, 'guarda', N.biscoito),
    }),
  }),
  T({
    id: 'necessarios.barracas',
    kind: 'necessarios',
    op: 'div',
    context: 'passeio da escola',
    people: 0,
    ranges: { a: [5, 200], b: [2, 8], result: [1, 100] },
    render: ({ a, b, result, remainder }) => ({
      statement: `No acampamento da escola, ${qty(a, N.aluno)} ${conj(VERBS.vai, a)} dormir em barracas de ${qty(b, N.lugar)}.`,
      question: 'Quantas barracas são necessárias para todos os alunos?',
      answer: neededSentence(N.barraca, result, remainder, FULL, 'recebe', N.aluno),
    }),
  }),
  T({
    id: 'necessarios.sabonetes',
    kind: 'necessarios',
    op: 'div',
    context: 'fábrica',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 99], result: [1, 4_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma fábrica vai embalar ${qty(a, N.sabonete)} em caixas, e em cada caixa ${conj(VERBS.cabe, b)} ${qty(b, N.sabonete)}.`,
      question: 'Quantas caixas são necessárias para embalar todos os sabonetes?',
      answer: neededSentence(N.caixa, result, remainder, FULL, 'guarda', N.sabonete),
    }),
  }),
  T({
    id: 'necessarios.escoteiros',
    kind: 'necessarios',
    op: 'div',
    context: 'cidade',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 8], result: [12, 4_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Um encontro de escoteiros reuniu ${qty(a, N.escoteiro)}, que vão dormir em barracas de ${qty(b, N.lugar)}.`,
      question: 'Quantas barracas são necessárias para todos os escoteiros?',
      answer: neededSentence(N.barraca, result, remainder, FULL, 'recebe', N.escoteiro),
    }),
  }),
  T({
    id: 'necessarios.leite',
    kind: 'necessarios',
    op: 'div',
    context: 'fazenda',
    people: 0,
    ranges: { a: [100, 9_999], b: [10, 50], result: [2, 999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Uma cooperativa tem ${qty(a, N.litro)} de leite para guardar em latões de ${qty(b, N.litro)}.`,
      question: 'Quantos latões são necessários para guardar todo o leite?',
      answer: neededSentence(N.latao, result, remainder, FULL, 'guarda', N.litro),
    }),
  }),
  T({
    id: 'necessarios.alojamento',
    kind: 'necessarios',
    op: 'div',
    context: 'campeonato',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 6], result: [16, 4_999] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Nos Jogos Escolares do estado, ${qty(a, N.atleta)} ${conj(VERBS.vai, a)} dormir em alojamentos, em quartos de ${qty(b, N.cama)}.`,
      question: 'Quantos quartos são necessários para todos os atletas?',
      answer: neededSentence(N.quarto, result, remainder, FULL, 'recebe', N.atleta),
    }),
  }),
  T({
    id: 'necessarios.mesas-sala',
    kind: 'necessarios',
    op: 'div',
    context: 'sala de aula',
    people: 0,
    ranges: { a: [15, 40], b: [2, 6], result: [2, 19] },
    render: ({ a, b, result, remainder }) => ({
      statement: `Numa turma de ${qty(a, N.aluno)}, a professora vai arrumar a sala com mesas de ${qty(b, N.lugar)}.`,
      question: 'Quantas mesas são necessárias para todos os alunos se sentarem?',
      answer: neededSentence(N.mesa, result, remainder, COMPLETE, 'recebe', N.aluno),
    }),
  }),

  // Comparação multiplicativa: a metade, a terça parte… of the base quantity a (exact divisions only).
  T({
    id: 'comparacao-multiplicativa.figurinhas-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'figurinhas',
    people: 2,
    ranges: { a: [4, 999], b: [2, 10], result: [2, 500] },
    when: named,
    render: ({ a, b, result }, cast) => ({
      statement: `${two(cast).name} tem ${qty(a, N.figurinha)}. ${one(cast).name} tem ${part(b)} das figurinhas de ${two(cast).name}.`,
      question: `${capitalize(howMany(N.figurinha))} ${one(cast).name} tem?`,
      answer: `${one(cast).name} tem ${qty(result, N.figurinha)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.livro-caderno',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'loja',
    people: 0,
    money: true,
    ranges: { a: [10, 200], b: [2, 10], result: [2, 100] },
    when: named,
    render: ({ a, b, result }) => ({
      statement: `Numa papelaria, um livro custa ${money(a)}, e um caderno custa ${part(b)} do preço do livro.`,
      question: 'Quanto custa o caderno?',
      answer: `O caderno custa ${money(result)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.televisao',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'loja',
    people: 0,
    money: true,
    ranges: { a: [800, 9_999], b: [2, 10], result: [80, 5_000] },
    when: named,
    render: ({ a, b, result }) => ({
      statement: `Numa loja, uma televisão custa ${money(a)}, e um ventilador custa ${part(b)} do preço da televisão.`,
      question: 'Quanto custa o ventilador?',
      answer: `O ventilador custa ${money(result)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.fabrica-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'fábrica',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 10], result: [10, 5_000] },
    when: named,
    render: ({ a, b, result }) => ({
      statement: `Em março, uma fábrica de brinquedos produziu ${qty(a, N.boneca)}. Em abril, produziu ${part(b)} das bonecas de março.`,
      question: `${capitalize(howMany(N.boneca))} a fábrica produziu em abril?`,
      answer: `Em abril, a fábrica produziu ${qty(result, N.boneca)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.leitura-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'leitura',
    people: 2,
    ranges: { a: [20, 400], b: [2, 10], result: [10, 200] },
    when: named,
    render: ({ a, b, result }, cast) => ({
      statement: `O livro de ${two(cast).name} tem ${qty(a, N.pagina)}. O livro de ${one(cast).name} tem ${part(b)} das páginas do livro de ${two(cast).name}.`,
      question: `${capitalize(howMany(N.pagina))} tem o livro de ${one(cast).name}?`,
      answer: `O livro de ${one(cast).name} tem ${qty(result, N.pagina)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.idade-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'família',
    people: 1,
    ranges: { a: [40, 99], b: [2, 10], result: [4, 12] },
    when: named,
    render: ({ a, b, result }, cast) => ({
      statement: `A avó de ${one(cast).name} tem ${qty(a, N.ano)}. A idade de ${one(cast).name} é ${part(b)} da idade da avó.`,
      question: `Quantos anos tem ${one(cast).name}?`,
      answer: `${one(cast).name} tem ${qty(result, N.ano)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.viagem-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'estrada',
    people: 0,
    ranges: { a: [60, 5_000], b: [2, 10], result: [20, 2_500] },
    when: named,
    render: ({ a, b, result }) => ({
      statement: `Um caminhão vai fazer uma viagem de ${qty(a, N.quilometro)}. Até a primeira parada, o caminhão percorre ${part(b)} da viagem.`,
      question: `${capitalize(howMany(N.quilometro))} o caminhão percorre até a primeira parada?`,
      answer: `Até a primeira parada, o caminhão percorre ${qty(result, N.quilometro)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.horta-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'horta',
    people: 2,
    ranges: { a: [4, 200], b: [2, 10], result: [2, 100] },
    when: named,
    render: ({ a, b, result }, cast) => ({
      statement: `Na horta da escola, ${two(cast).name} plantou ${qty(a, N.muda)} de alface. ${one(cast).name} plantou ${part(b)} das mudas de ${two(cast).name}.`,
      question: `${capitalize(howMany(N.muda))} ${one(cast).name} plantou?`,
      answer: `${one(cast).name} plantou ${qty(result, N.muda)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.museu-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'museu',
    people: 0,
    ranges: { a: [100, 9_999], b: [2, 10], result: [10, 5_000] },
    when: named,
    render: ({ a, b, result }) => ({
      statement: `No domingo, o museu da cidade recebeu ${qty(a, N.visitante)}. Na segunda-feira, recebeu ${part(b)} dos visitantes de domingo.`,
      question: `${capitalize(howMany(N.visitante))} o museu recebeu na segunda-feira?`,
      answer: `Na segunda-feira, o museu recebeu ${qty(result, N.visitante)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.cofrinho-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'família',
    people: 2,
    money: true,
    ranges: { a: [4, 999], b: [2, 10], result: [2, 500] },
    when: named,
    render: ({ a, b, result }, cast) => ({
      statement: `${two(cast).name} tem ${money(a)} no cofrinho. ${one(cast).name} tem ${part(b)} do dinheiro de ${two(cast).name}.`,
      question: `Quanto ${one(cast).name} tem no cofrinho?`,
      answer: `${one(cast).name} tem ${money(result)} no cofrinho.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.gincana-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'campeonato',
    people: 0,
    ranges: { a: [4, 999], b: [2, 10], result: [2, 500] },
    when: named,
    render: ({ a, b, result }) => ({
      statement: `Na gincana da escola, a equipe azul fez ${qty(a, N.ponto)}. A equipe verde fez ${part(b)} dos pontos da equipe azul.`,
      question: `${capitalize(howMany(N.ponto))} a equipe verde fez?`,
      answer: `A equipe verde fez ${qty(result, N.ponto)}.`,
    }),
  }),
  T({
    id: 'comparacao-multiplicativa.bairro-parte',
    kind: 'comparacao-multiplicativa',
    op: 'div',
    context: 'população',
    people: 0,
    ranges: { a: [200, 9_999], b: [2, 10], result: [100, 5_000] },
    when: named,
    render: ({ a, b, result }) => ({
      statement: `O bairro onde fica a escola tem ${qty(a, N.morador)}. O bairro vizinho tem ${part(b)} dos moradores do bairro da escola.`,
      question: `${capitalize(howMany(N.morador))} tem o bairro vizinho?`,
      answer: `O bairro vizinho tem ${qty(result, N.morador)}.`,
    }),
  }),
];
