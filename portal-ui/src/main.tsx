// Base styles first, so that component styles can override them.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConfigContext, readConfig } from './config';
import { buildRoutes } from './router';

const router = createBrowserRouter(buildRoutes());
const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <ConfigContext value={readConfig()}>
      <RouterProvider router={router} />
    </ConfigContext>
  </StrictMode>,
);
