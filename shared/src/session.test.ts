import { act, renderHook } from '@testing-library/react';
import {
  clearSession,
  currentToken,
  jwtAtom,
  sessionStore,
  setSession,
  userAtom,
  useSession,
} from './session';

const user = { firstName: 'Wanjiru', lastName: 'Kamau', role: 'user' };

describe('session (§4: authenticated exactly when a token exists)', () => {
  afterEach(() => act(() => clearSession()));

  it('stores the token raw under jwt and the user as JSON under user', () => {
    setSession({ token: 'tok.en.1', user });
    expect(localStorage.getItem('jwt')).toBe('tok.en.1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(currentToken()).toBe('tok.en.1');
  });

  it('clears both keys on logout', () => {
    setSession({ token: 't', user });
    clearSession();
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.get(userAtom)).toBeNull();
  });

  it('useSession follows the store', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isAuthenticated).toBe(false);
    act(() => setSession({ token: 't2', user: { ...user, role: 'admin' } }));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user?.firstName).toBe('Wanjiru');
    expect(result.current.isAdmin).toBe(true);
  });

  it("counts 'user' as not admin (§6: admin means role === 'admin')", () => {
    const { result } = renderHook(() => useSession());
    act(() => setSession({ token: 't3', user }));
    expect(result.current.isAdmin).toBe(false);
  });

  it('is authenticated by the token alone', () => {
    act(() => sessionStore.set(jwtAtom, 'only-token'));
    const { result } = renderHook(() => useSession());
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user).toBeNull();
  });
});
