import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';
import { followSessionAcrossTabs } from './session/crossTab';
import { GlobalStateProvider } from './session/GlobalStateProvider';
import { initialGlobalState } from './session/globalState';
import { createGlobalStore } from './session/store';
import { getStoredToken, hasDownloadedFreeSample } from './session/storage';
import { isTokenExpired } from './session/token';
import { configureZodWithoutEval } from './zod-config';
import './styles.css';

configureZodWithoutEval();

const token = getStoredToken();
const store = createGlobalStore(
  initialGlobalState({
    isLoggedIn: token !== null && !isTokenExpired(token),
    downloadFree: hasDownloadedFreeSample(),
  }),
);
const router = createAppRouter(store);
followSessionAcrossTabs(router, store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <GlobalStateProvider store={store}>
      <RouterProvider router={router} />
    </GlobalStateProvider>
  </StrictMode>,
);
