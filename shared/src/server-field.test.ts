import { releaseServerField, serverCheckboxChange, serverFieldValue } from './server-field';

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

/**
 * serverCheckboxChange (ADR 0032): a tick or untick made on a server-rendered checkbox is told
 * apart from what the server rendered (`defaultChecked`), and answered until released.
 */
describe('serverCheckboxChange', () => {
  function serverCheckbox(serverChecked: boolean): HTMLInputElement {
    document.body.innerHTML = `<div id="root" data-server-rendered=""><input type="checkbox" id="verified"${serverChecked ? ' checked' : ''} /></div>`;
    return document.getElementById('verified') as HTMLInputElement;
  }
  afterEach(() => releaseServerField('verified'));

  it('answers a tick, and an untick of a box the server rendered ticked', () => {
    serverCheckbox(false).checked = true;
    expect(serverCheckboxChange('verified')).toBe(true);
    releaseServerField('verified');
    serverCheckbox(true).checked = false;
    expect(serverCheckboxChange('verified')).toBe(false);
  });

  it('answers null for a box left as the server rendered it, ticked or not', () => {
    serverCheckbox(true);
    expect(serverCheckboxChange('verified')).toBeNull();
    releaseServerField('verified');
    serverCheckbox(false);
    expect(serverCheckboxChange('verified')).toBeNull();
  });

  it('keeps the tick for a render after React claimed the box, until released; null once claimed', () => {
    const box = serverCheckbox(false);
    box.checked = true;
    expect(serverCheckboxChange('verified')).toBe(true);
    Object.assign(box, { __reactProps$test: {} });
    expect(serverCheckboxChange('verified')).toBe(true);
    releaseServerField('verified');
    expect(serverCheckboxChange('verified')).toBeNull();
  });

  it('answers null outside a server-rendered root and for a field that is not a checkbox', () => {
    document.body.innerHTML = '<input type="checkbox" id="verified" />';
    (document.getElementById('verified') as HTMLInputElement).checked = true;
    expect(serverCheckboxChange('verified')).toBeNull();
    document.body.innerHTML =
      '<div id="root" data-server-rendered=""><input id="verified" value="x" /></div>';
    expect(serverCheckboxChange('verified')).toBeNull();
  });
});
