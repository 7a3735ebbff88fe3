import { describeCustomSurvey } from './custom-survey.js';

// + and − of custom options (a page in 8 also holds × or ÷): 400 000 pages, ≥ 100 000 per option value.
describeCustomSurvey(
  { name: '+ −', main: ['add', 'sub'], others: ['mult', 'div'] },
  Number(process.env.CUSTOM_PAGES ?? 450_000),
);
