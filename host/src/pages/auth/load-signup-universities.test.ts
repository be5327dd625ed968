import { preloadKey, type ServerApi } from '@campus/shared';
import { loadSignupUniversities } from './load-signup-universities';

const UNIVERSITIES = [{ name: 'University of Nairobi', url: 'https://www.uonbi.ac.ke' }];

describe('loadSignupUniversities (the /auth route data, ADR 0032)', () => {
  const asked: string[] = [];
  const api = {
    listUniversities: async (country: string) => {
      asked.push(country);
      return UNIVERSITIES;
    },
  } as unknown as ServerApi;

  it("puts the KE universities under the auth remote's key for mode=register, and nothing for login", async () => {
    const login = await loadSignupUniversities({ params: {}, searchParams: new URLSearchParams(''), api });
    expect(login.data).toEqual({});
    expect(asked).toEqual([]);
    const signup = await loadSignupUniversities({
      params: {},
      searchParams: new URLSearchParams('mode=register&redirect=%2Fapp'),
      api,
    });
    expect(asked).toEqual(['KE']);
    expect(signup.data).toEqual({ [preloadKey('universities', 'KE')]: UNIVERSITIES });
  });

  it('gives nothing when the server has no university reader (the browser fetches the list)', async () => {
    const signup = await loadSignupUniversities({
      params: {},
      searchParams: new URLSearchParams('mode=register'),
      api: {} as ServerApi,
    });
    expect(signup.data).toEqual({});
  });
});
