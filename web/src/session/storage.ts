/**
 * The browser-stored session: token, email and fullname, plus the flag that a free sample was
 * already downloaded. localStorage keeps them across tabs and reloads.
 */
export const StorageKey = {
  token: 'token',
  email: 'email',
  fullname: 'fullname',
  freeDownload: 'freeDownload',
  /** sessionStorage (this tab): the builder's options and last generated page, kept across a reload. */
  builder: 'builder',
} as const;

export interface StoredSession {
  token: string;
  email: string;
  fullname: string;
}

export function getStoredToken(): string | null {
  return localStorage.getItem(StorageKey.token);
}

export function getStoredFullname(): string | null {
  return localStorage.getItem(StorageKey.fullname);
}

export function getStoredEmail(): string | null {
  return localStorage.getItem(StorageKey.email);
}

export function saveSession(session: StoredSession): void {
  localStorage.setItem(StorageKey.token, session.token);
  localStorage.setItem(StorageKey.email, session.email);
  localStorage.setItem(StorageKey.fullname, session.fullname);
}

export function saveFullname(fullname: string): void {
  localStorage.setItem(StorageKey.fullname, fullname);
}

/** Forgets the signed-in user; the free-download flag belongs to the browser, not to the user, and stays. */
export function clearSession(): void {
  localStorage.removeItem(StorageKey.token);
  localStorage.removeItem(StorageKey.email);
  localStorage.removeItem(StorageKey.fullname);
  // The builder this tab kept belongs to the account that signs out.
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(StorageKey.builder);
}

export function hasDownloadedFreeSample(): boolean {
  return localStorage.getItem(StorageKey.freeDownload) === 'true';
}

export function markFreeSampleDownloaded(): void {
  localStorage.setItem(StorageKey.freeDownload, 'true');
}
