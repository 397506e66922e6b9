// App-wide UI state: which global dialog is open (auth, plans, account required) and the
// dismissible error card. Any component can open them through useAppUi().
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthMode = 'login' | 'register';

export interface ErrorCardAction {
  label: string;
  onClick: () => void;
}

export interface ErrorCardData {
  id: number;
  title: string;
  message: string;
  actions?: ErrorCardAction[];
}

export interface AppUi {
  authMode: AuthMode | null;
  openAuth: (mode?: AuthMode) => void;
  closeAuth: () => void;
  plansOpen: boolean;
  setPlansOpen: (open: boolean) => void;
  /** Why the 'Account Required' dialog is open (what the visitor tried), or null when closed. */
  accountRequired: string | null;
  openAccountRequired: (reason?: string) => void;
  closeAccountRequired: () => void;
  errorCard: ErrorCardData | null;
  showErrorCard: (card: Omit<ErrorCardData, 'id'>) => void;
  dismissErrorCard: () => void;
}

const AppUiContext = createContext<AppUi | null>(null);

let cardCounter = 0;

export function AppUiProvider({ children }: { children: ReactNode }) {
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [plansOpen, setPlansOpen] = useState(false);
  const [accountRequired, setAccountRequired] = useState<string | null>(null);
  const [errorCard, setErrorCard] = useState<ErrorCardData | null>(null);

  const openAuth = useCallback((mode: AuthMode = 'login') => setAuthMode(mode), []);
  const closeAuth = useCallback(() => setAuthMode(null), []);
  const showErrorCard = useCallback((card: Omit<ErrorCardData, 'id'>) => {
    cardCounter += 1;
    setErrorCard({ ...card, id: cardCounter });
  }, []);
  const dismissErrorCard = useCallback(() => setErrorCard(null), []);
  const openAccountRequired = useCallback((reason = '') => setAccountRequired(reason), []);
  const closeAccountRequired = useCallback(() => setAccountRequired(null), []);

  const value = useMemo<AppUi>(
    () => ({
      authMode,
      openAuth,
      closeAuth,
      plansOpen,
      setPlansOpen,
      accountRequired,
      openAccountRequired,
      closeAccountRequired,
      errorCard,
      showErrorCard,
      dismissErrorCard,
    }),
    [authMode, openAuth, closeAuth, plansOpen, accountRequired, openAccountRequired, closeAccountRequired, errorCard, showErrorCard, dismissErrorCard],
  );
  return <AppUiContext.Provider value={value}>{children}</AppUiContext.Provider>;
}

export function useAppUi(): AppUi {
  const ui = useContext(AppUiContext);
  if (!ui) throw new Error('useAppUi must be used inside <AppUiProvider>');
  return ui;
}
