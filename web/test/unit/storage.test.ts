import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  StorageKey,
  clearSession,
  getStoredEmail,
  getStoredFullname,
  getStoredToken,
  hasDownloadedFreeSample,
  markFreeSampleDownloaded,
  saveFullname,
  saveSession,
} from '../../src/session/storage';
import { MemoryStorage } from './memoryStorage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  return () => vi.unstubAllGlobals();
});

describe('session storage', () => {
  it('stores the session under the keys token, email and fullname', () => {
    saveSession({ token: 't1', email: 'ana@example.com', fullname: 'Ana Souza' });
    expect(storage.getItem('token')).toBe('t1');
    expect(storage.getItem('email')).toBe('ana@example.com');
    expect(storage.getItem('fullname')).toBe('Ana Souza');
    expect([getStoredToken(), getStoredEmail(), getStoredFullname()]).toEqual([
      't1',
      'ana@example.com',
      'Ana Souza',
    ]);
  });

  it('answers null when nobody is signed in', () => {
    expect([getStoredToken(), getStoredEmail(), getStoredFullname()]).toEqual([null, null, null]);
  });

  it('updates the stored name after a profile change', () => {
    saveSession({ token: 't1', email: 'ana@example.com', fullname: 'Ana' });
    saveFullname('Ana Maria Souza');
    expect(getStoredFullname()).toBe('Ana Maria Souza');
  });

  it('clears the session but remembers that a free sample was downloaded', () => {
    saveSession({ token: 't1', email: 'ana@example.com', fullname: 'Ana' });
    markFreeSampleDownloaded();
    clearSession();
    expect([getStoredToken(), getStoredEmail(), getStoredFullname()]).toEqual([null, null, null]);
    expect(hasDownloadedFreeSample()).toBe(true);
    expect(storage.getItem(StorageKey.freeDownload)).toBe('true');
  });

  it('has no free download before the first one', () => {
    expect(hasDownloadedFreeSample()).toBe(false);
  });
});
