import { releaseServerField, serverFieldValue } from './server-field';

/**
 * serverFieldValue (ADR 0032): what was typed into a server-rendered field is read while React has
 * not claimed it, and the same value is answered until the reading component has mounted, also
 * when React threw a render away after claiming the field (a part of the page suspended while
 * hydrating) and renders again.
 */
describe('serverFieldValue', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<div id="root" data-server-rendered=""><input id="list-search" value="" /></div>';
    (document.getElementById('list-search') as HTMLInputElement).value = 'tutor';
  });
  afterEach(() => releaseServerField('list-search'));

  it('keeps the typed value for a render that comes after React claimed the field, until released', () => {
    expect(serverFieldValue('list-search', '')).toBe('tutor');
    // A thrown-away render left React's fiber on the element.
    Object.assign(document.getElementById('list-search') as HTMLElement, { __reactProps$test: {} });
    expect(serverFieldValue('list-search', '')).toBe('tutor');
    releaseServerField('list-search');
    expect(serverFieldValue('list-search', 'from the URL')).toBe('from the URL');
  });

  it('answers the fallback outside a server-rendered root', () => {
    document.body.innerHTML = '<input id="list-search" value="typed" />';
    expect(serverFieldValue('list-search', 'fallback')).toBe('fallback');
  });
});
