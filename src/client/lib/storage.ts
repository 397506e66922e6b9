// Names of everything the client keeps in Web Storage, and guarded access (storage can throw in
// private modes or when disabled).

export const STORAGE_KEYS = {
  /** Set on a successful sign-in; cleared when a session check fails (docs/product.md, Session). */
  loggedIn: 'isLoggedIn',
  rememberMe: 'rememberMe',
  /** The template chosen through /template/{type}. */
  selectedTemplate: 'selectedTemplate',
  /** The Mobile Experience Note was acknowledged. */
  mobileNoteSeen: 'mobileExperienceNoteSeen',
  /** Editor draft (input text) kept across reloads. */
  editorDraft: 'editorDraft',
} as const;

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the value is simply not remembered */
  }
}

/** Writes and tells whether the value was stored (false when storage is full or unavailable). */
export function tryWriteLocal(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    if (value) window.sessionStorage.setItem(key, value);
    else window.sessionStorage.removeItem(key);
  } catch {
    /* storage unavailable or full: the draft is simply not kept */
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Removes the stored login flags (docs/product.md, Session: a failed session check clears them). */
export function clearLoginFlags(): void {
  removeLocal(STORAGE_KEYS.loggedIn);
  removeLocal(STORAGE_KEYS.rememberMe);
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.loggedIn);
  } catch {
    /* ignore */
  }
}

export function setLoginFlags(rememberMe: boolean): void {
  writeLocal(STORAGE_KEYS.loggedIn, 'true');
  if (rememberMe) writeLocal(STORAGE_KEYS.rememberMe, 'true');
  else removeLocal(STORAGE_KEYS.rememberMe);
}

export function hasLoginFlag(): boolean {
  return readLocal(STORAGE_KEYS.loggedIn) === 'true';
}

/** Logout clears both storages entirely (docs/product.md, Session). */
export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* ignore */
  }
  try {
    window.sessionStorage.clear();
  } catch {
    /* ignore */
  }
}
