import {
  buy,
  buySet,
  createPage,
  createPageSet,
  createReforcoSet,
  deleteSavedSheet,
  downloadPage,
  downloadSet,
  getMyPages,
  getReadingMaps,
  getSetProgress,
  getSavedSheets,
  Msg,
  ok,
  pageAnswers,
  saveSheet,
  thumb,
} from '@app/contracts';
import { centsToReais } from '@app/contracts/format';
import { addRoute, type App } from '@app/kit';
import { buyPage } from './domain/buy-page.js';
import { buyPageSet } from './domain/buy-page-set.js';
import { makePage } from './domain/create-page.js';
import { makePageSet } from './domain/create-page-set.js';
import { makeReforcoSet } from './domain/create-reforco-set.js';
import type { PagesDeps } from './domain/deps.js';
import { pdfContentDisposition } from './domain/download-name.js';
import { myPurchases } from './domain/my-purchases.js';
import { readAnswers } from './domain/read-answers.js';
import { readBoughtPdf, readBoughtSet, readThumbnail } from './domain/read-render.js';
import { readingMaps } from './domain/reading-maps.js';
import { listSavedSheets, removeSavedSheet, storeSavedSheet } from './domain/saved-sheets.js';
import { setProgress } from './domain/set-progress.js';

export function registerRoutes(app: App, deps: PagesDeps): void {
  addRoute(app, createPage, async ({ body, identity }) => ok(await makePage(deps, identity.userId, body)));

  addRoute(app, thumb, async ({ query, identity, reply }) => {
    const png = await readThumbnail(deps, identity.userId, query.code);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, max-age=86400')
      .send(png);
  });

  addRoute(app, buy, async ({ body, identity }) => {
    const balanceCents = await buyPage(deps, identity.userId, body.code);
    return ok({ balance: centsToReais(balanceCents) });
  });

  addRoute(app, downloadPage, async ({ query, identity, reply }) => {
    const { pdf, boughtAt } = await readBoughtPdf(deps, identity.userId, query.code);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', pdfContentDisposition(boughtAt))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  addRoute(app, pageAnswers, async ({ query, identity, reply }) => {
    const answers = await readAnswers(deps, identity, query.code);
    // Only for the buyer: no shared cache may keep them.
    void reply.header('cache-control', 'private, no-store');
    return ok(answers);
  });

  addRoute(app, getReadingMaps, async ({ query, identity, reply }) => {
    const maps = await readingMaps(deps, identity.userId, query.code);
    void reply.header('cache-control', 'private, no-store');
    return ok(maps);
  });

  // Class sets: N versions bought together and downloaded as one file.
  addRoute(app, createPageSet, async ({ body, identity }) =>
    ok(await makePageSet(deps, identity.userId, body)),
  );

  addRoute(app, createReforcoSet, async ({ body, identity }) =>
    ok(await makeReforcoSet(deps, identity.userId, body)),
  );

  addRoute(app, getSetProgress, async ({ query, identity }) =>
    ok(await setProgress(deps, identity.userId, query.code)),
  );

  // Bought (now or before): 200 with the balance. Else 202: its job prints it and charges it; the screen follows
  // GET /api/setProgress until `bought`.
  addRoute(app, buySet, async ({ body, identity, reply }) => {
    const balanceCents = await buyPageSet(deps, identity.userId, body.code);
    if (balanceCents !== null) return ok({ balance: centsToReais(balanceCents) });
    void reply.code(202);
    return ok({ balance: null, pending: true }, Msg.setRendering);
  });

  addRoute(app, downloadSet, async ({ query, identity, reply }) => {
    const { pdf, boughtAt, versions } = await readBoughtSet(deps, identity.userId, query.code);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', pdfContentDisposition(boughtAt, versions))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  addRoute(app, getMyPages, async ({ identity }) => {
    return ok(myPurchases(await deps.store.pages.listBought(identity.userId)));
  });

  // "Minhas folhas salvas": the member's own named builder settings.
  addRoute(app, getSavedSheets, async ({ identity }) => ok(await listSavedSheets(deps, identity.userId)));

  addRoute(app, saveSheet, async ({ body, identity }) =>
    ok(await storeSavedSheet(deps, identity.userId, body)),
  );

  addRoute(app, deleteSavedSheet, async ({ body, identity }) => {
    await removeSavedSheet(deps, identity.userId, body.id);
    return ok(null);
  });
}
