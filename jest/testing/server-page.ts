/**
 * The server-rendered page as a student left it before React took it over (ADR 0032): a
 * `#root[data-server-rendered]` holding `markup`, appended to the document before the test renders
 * its page (so `document.getElementById` finds these fields first), with each field in `values`
 * (by element id) set to that value as if typed or picked (a boolean ticks or unticks a checkbox);
 * a select's value must be one of its options in `markup`. Remove the returned root once the page
 * has rendered.
 */
export function serverRenderedPage(
  markup: string,
  values: Record<string, string | boolean> = {},
): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-server-rendered', '');
  root.innerHTML = markup;
  document.body.append(root);
  for (const [id, value] of Object.entries(values)) {
    const field = root.querySelector(`#${id}`);
    if (
      !(
        field instanceof HTMLInputElement ||
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement
      )
    ) {
      throw new Error(`serverRenderedPage: no field #${id} in the markup`);
    }
    if (typeof value === 'boolean') {
      if (!(field instanceof HTMLInputElement && field.type === 'checkbox')) {
        throw new Error(`serverRenderedPage: #${id} is not a checkbox`);
      }
      field.checked = value;
    } else field.value = value;
  }
  return root;
}
