import { remoteAssetRule } from './routes';

const site = 'https://soko.example';
const rule = (href: string, method = 'GET') => {
  const url = new URL(href, site);
  return remoteAssetRule(url, url.origin === site, method);
};

describe('service worker rules for remotes (ADR 0010, 0029)', () => {
  it('asks the network first for what names the visitor’s versions, so a switch shows on the next navigation', () => {
    expect(rule('/remotes.json')).toBe('remote-entry');
    expect(rule('/remotes/catalog/mf-manifest.json')).toBe('remote-entry');
    expect(rule('/remotes/catalog/remoteEntry.js')).toBe('remote-entry');
    expect(rule('https://cdn.example.com/catalog/mf-manifest.json')).toBe('remote-entry');
  });

  it('answers a release’s files from the cache first: a version never changes, a new one is a new URL', () => {
    expect(rule('/releases/catalog/0a1b2c3d4e5f/mf-manifest.json')).toBe('immutable-release');
    expect(rule('/releases/catalog/0a1b2c3d4e5f/remoteEntry.js')).toBe('immutable-release');
    expect(rule('/releases/catalog/0a1b2c3d4e5f/__federation_expose_ProductsPage.e78f7008.js')).toBe(
      'immutable-release',
    );
    expect(rule('https://other.example/releases/catalog/v/remoteEntry.js')).toBe('remote-entry');
  });

  it('keeps hashed chunks of the checkout build cache first and leaves the rest to the network', () => {
    expect(rule('/remotes/catalog/1153.89728bfd.js')).toBe('remote-chunk');
    expect(rule('/main.3f9a1c2b.js')).toBeNull();
    expect(rule('/api/v1/telemetry/remote-errors', 'POST')).toBeNull();
    expect(rule('/remotes.json', 'POST')).toBeNull();
  });
});
