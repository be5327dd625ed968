/**
 * The one rule for when a form shows a field's error, and the helpers that apply it to formik
 * forms (docs/product.md §18.4): a field's first error shows once the field was left (touched) or the
 * form was submitted, below the field with a red border (MUI links it with aria-describedby).
 * After a submit that ends with errors, focus moves to the first invalid field.
 * Type-only use of formik: the packages that build forms depend on it.
 */
import type { FormikProps } from 'formik';
import { useEffect, useRef } from 'react';

/**
 * The field's error message when it is shown (touched or submitted), else undefined. A list
 * field's messages (yup errors of an array) are joined with spaces.
 */
export function shownError<V extends object>(
  formik: Pick<FormikProps<V>, 'getFieldMeta' | 'submitCount'>,
  name: keyof V & string,
): string | undefined {
  const { error, touched } = formik.getFieldMeta(name);
  if (!error || (!touched && formik.submitCount === 0)) return undefined;
  return Array.isArray(error) ? error.filter(Boolean).join(' ') : String(error);
}

/**
 * Props that tie an MUI `TextField` to a formik field: id `<idPrefix>-<name>` (the label points at
 * the input; `useFocusFirstError` finds it), name, value ('' when unset), change/blur handlers, and
 * `error` / `helperText` by {@link shownError}.
 */
export function fieldProps<V extends object>(
  formik: FormikProps<V>,
  name: keyof V & string,
  idPrefix: string,
) {
  const helperText = shownError(formik, name);
  return {
    id: `${idPrefix}-${name}`,
    name,
    value: formik.getFieldMeta<string>(name).value ?? '',
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(helperText),
    helperText,
  };
}

/**
 * After a submit that ends with errors (client validation or the server's per-field errors),
 * moves focus to the first invalid field in `order` (element id `<idPrefix>-<name>`), so keyboard
 * and screen-reader users land on the problem.
 */
export function useFocusFirstError<V extends object>(
  formik: FormikProps<V>,
  order: readonly (keyof V & string)[],
  idPrefix: string,
): void {
  const handled = useRef(0);
  const { submitCount, isSubmitting, isValidating, errors } = formik;
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const first = order.find((name) => errors[name]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  }, [submitCount, isSubmitting, isValidating, errors, order, idPrefix]);
}
