import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <main>
      <h1>Calculateurs eaux pluviales</h1>
    </main>
  </StrictMode>,
);
