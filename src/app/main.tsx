// Tokens and base styles first, so component styles can build on them.
import './theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Providers } from './providers';
import { installUrlSync } from './url-state';
import { installAreaStorageSync } from '../state/area-storage-sync';
import { installServerAreas } from '../state/server-areas-sync';
import { useAppStore } from '../state/store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html is missing #root');

// Before the first render, so panels open straight on a shared link's selection.
installUrlSync(useAppStore);
// Areas added, renamed or deleted in another tab show here too.
installAreaStorageSync(useAppStore);
// Signed in, the areas are the planner's on the app server, in every browser they use.
installServerAreas(useAppStore);

createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
