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

/** What {@link validateWithSchema} needs of a yup object schema (a type only: yup is not imported here). */
export interface LazySchema {
  validate(values: unknown, options: { abortEarly: false }): Promise<unknown>;
}

/** A yup `ValidationError`'s shape: one inner error per failed test (`path` = the field). */
interface SchemaError {
  name: string;
  path?: string;
  message: string;
  inner?: { path?: string; message: string }[];
}

/** Formik's preparation of values for a schema: '' becomes undefined, in nested objects and arrays too. */
function prepareForSchema(value: unknown): unknown {
  if (value === '') return undefined;
  if (Array.isArray(value)) return value.map(prepareForSchema);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, prepareForSchema(v)]));
  return value;
}

/**
 * Formik's `validate` for a yup schema loaded on first use (docs/product.md §23: a form's first
 * view downloads no yup; the schema's chunk and yup arrive with the first validation, on a blur,
 * a change or the submit). Same results as formik's `validationSchema`: values prepared the way
 * formik does ('' → undefined), every test run (`abortEarly: false`), the first message of each
 * field path kept (`{ [path]: message }`, top-level fields). When the schema cannot be downloaded
 * (offline, a dropped link) the phone checks nothing and the form goes on: the API checks the same
 * rules and answers with its messages, and a send that cannot reach it says "You are offline"
 * (docs/product.md §21.5); the next validation tries the download again. A schema that throws
 * anything but a ValidationError rejects.
 * @param load resolves to the schema, e.g. `() => import('./validation').then((m) => m.loginSchema)`
 */
export function validateWithSchema<V extends object>(
  load: () => Promise<LazySchema>,
): (values: V) => Promise<Partial<Record<keyof V & string, string>>> {
  return async (values) => {
    let schema: LazySchema;
    try {
      schema = await load();
    } catch {
      return {};
    }
    try {
      await schema.validate(prepareForSchema(values), { abortEarly: false });
      return {};
    } catch (error) {
      const failure = error as SchemaError;
      if (failure?.name !== 'ValidationError') throw error;
      const errors: Record<string, string> = {};
      const inner = failure.inner?.length ? failure.inner : [failure];
      for (const { path, message } of inner) if (path && !(path in errors)) errors[path] = message;
      return errors as Partial<Record<keyof V & string, string>>;
    }
  };
}
