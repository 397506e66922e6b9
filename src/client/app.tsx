// The application shell: providers, header, routes, footer and the global dialogs.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { GlobalDialogs } from './components/dialogs/global-dialogs';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { AppUiProvider } from './lib/app-ui';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes';

export function App({ queryClient, autoCheck = true }: { queryClient: QueryClient; autoCheck?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider autoCheck={autoCheck}>
        <AppUiProvider>
          <Router>
            <a
              href="#main"
              className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
            >
              Skip to content
            </a>
            <div className="flex min-h-screen flex-col">
              <Header />
              <AppRoutes />
              <Footer />
            </div>
            <GlobalDialogs />
          </Router>
        </AppUiProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
