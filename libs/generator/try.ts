import { checkCustom, allowedCounts } from './src/index.js';
const settings: Record<string, any[]> = {
  add: [...[1,2,3,4].flatMap(t=>[1,2,3,4].map(b=>({numbers:{kind:'digits',top:t,bottom:b}}))), ...[10,20,50,100,1000].map(m=>({numbers:{kind:'max',max:m}}))].flatMap(x=>['sem','com','misturado'].map(r=>({...x,regrouping:r,casas:'reais'}))),
  mult: [[2],[3,4,5],[2,3,4,5,6,7,8,9,10]].map(t=>({kind:'tables',tables:t})).concat([{kind:'twoDigits'} as any]).flatMap(m=>['fatos',2,3].map(mc=>({multiplier:m,multiplicand:mc,casas:'reais'}))),
  div: [{kind:'list',divisors:[2]},{kind:'list',divisors:[2,3,4,5,6,7,8,9]},{kind:'twoDigits'}].flatMap(d=>['fatos',2].map(dv=>({divisor:d,dividend:dv,remainders:'exata',casas:'reais'}))),
};
settings.sub = settings.add.filter(s => s.numbers.kind==='max' || s.numbers.bottom <= s.numbers.top);
for (const op of ['add','sub','mult','div']) {
  let ok = 0; const refused: string[] = [];
  for (const st of settings[op]) {
    const c: any = { v: 1, format: 'problemas', size: 'normal', [op]: st };
    c.count = allowedCounts(c).at(-1);
    const r = checkCustom([op] as any, c);
    if (r.length === 0) ok++; else refused.push(JSON.stringify(st) + ' → ' + r[0].message.slice(0, 90));
  }
  console.log(op, ok, '/', settings[op].length); for (const r of refused.slice(0, 8)) console.log('   ', r);
}
