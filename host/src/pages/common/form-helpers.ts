import type { FormikProps } from 'formik';
import { useEffect, useRef } from 'react';

/**
 * Props that tie an MUI `TextField` to a formik field: id (`<idPrefix>-<name>`, so the label
 * points at the input), value, change/blur handlers, and the field's first error once touched
 * (shown below the field, red border; linked with aria-describedby by MUI).
 */
export function fieldProps<V extends object>(
  formik: FormikProps<V>,
  name: keyof V & string,
  idPrefix: string,
) {
  const meta = formik.getFieldMeta<string>(name);
  const showError = Boolean(meta.touched && meta.error);
  return {
    id: `${idPrefix}-${name}`,
    name,
    value: meta.value ?? '',
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: showError,
    helperText: showError ? meta.error : undefined,
  };
}

/**
 * After a submit that ends with errors (client validation or the server's per-field errors),
 * moves focus to the first invalid field in `order`, so keyboard and screen-reader users land
 * on the problem.
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
