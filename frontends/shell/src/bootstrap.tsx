import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { createApp } from './app/App';
import { loadRemoteConfig } from './federation/remoteConfig';

// The remotes' URLs are read before the first render, so a page that needs one can load it at once. A slow or
// failing /config.json only leaves the remotes unavailable.
await loadRemoteConfig();

const App = createApp();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
