/**
 * The list's other parameters as hidden fields of a `<form method="get">` of the list's URL, so
 * the form keeps them when it is sent without JavaScript (docs/product.md §23.5): one
 * `<input type="hidden">` per non-empty entry of `keep` (`keptParams`).
 */
export function HiddenFields({ keep }: { keep: Record<string, string> }) {
  return Object.entries(keep)
    .filter(([, kept]) => kept)
    .map(([name, kept]) => <input key={name} type="hidden" name={name} value={kept} />);
}
