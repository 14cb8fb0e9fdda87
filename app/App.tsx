import { Provider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes, BASENAME } from './routes';
import { appStore } from './state/appAtoms';

/** React Router in data mode under /client (app/routes.tsx), its loaders filling the app's jotai store. */
const router = createBrowserRouter(appRoutes(appStore), { basename: BASENAME });

export function App() {
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
