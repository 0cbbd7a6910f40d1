import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/routes';
import { appConfig } from './lib/appConfig';
import { authClientNeededAtStart } from './lib/authClient';
import { isReachable } from './lib/network';
import { preloadScreen } from './lib/preload';
import { reloadOnceForNewDeploy } from './lib/storage';
import { activateLanguage, startingLanguage } from './i18n/i18n';
import './lib/theme';
import './index.css';

document.title = appConfig.productName;

// A screen's code, or a file it needs, is missing: a deploy replaced this page's build while it
// was open. Reload once onto the new build; when that was just tried, let the error reach the
// screen's error page, which says so (app/RouteErrorPage.tsx). Without a network the file was
// simply not fetched, and a reload would leave the person on the browser's own error page: the
// error goes on to the screen's error page, which says they are offline (or, for code loaded in
// the background, to the screen that asks for it again later).
window.addEventListener('vite:preloadError', (event) => {
  if (isReachable() && reloadOnceForNewDeploy()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );

// Another language than English is fetched before the first render, so the page never shows in
// English first (English is in this file already); if it cannot be fetched, the page is English.
// With a session kept on this device, the signed-in screen's code (the layout, the screen, their
// words in that language) starts loading at once, beside the session's, not after it is known:
// on a phone the dashboard waited for the session, then its code, then its data, one after another.
void activateLanguage(startingLanguage()).finally(() => {
  if (authClientNeededAtStart()) preloadScreen(window.location.pathname);
  render();
});
