import { TextField } from '@campus/mui-overlays';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import * as yup from 'yup';
import { fieldProps, useFocusFirstError, validateWithSchema } from './form-fields';
import { VALIDATION_MESSAGES } from './validation-messages';

const ORDER = ['name', 'email'] as const;

function Form() {
  const formik = useFormik({
    initialValues: { name: '', email: '' },
    validationSchema: yup.object({
      name: yup.string().required(VALIDATION_MESSAGES.nameRequired),
      email: yup.string().required(VALIDATION_MESSAGES.emailRequired).email(VALIDATION_MESSAGES.emailInvalid),
    }),
    onSubmit: () => {},
  });
  useFocusFirstError(formik, ORDER, 'test');
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <TextField label="Name" {...fieldProps(formik, 'name', 'test')} />
      <TextField label="Email" {...fieldProps(formik, 'email', 'test')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('the one rule for showing a field error (§18.4)', () => {
  it('shows nothing before the field is left, the message once it is left', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    expect(screen.queryByText(VALIDATION_MESSAGES.emailInvalid)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(VALIDATION_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(VALIDATION_MESSAGES.nameRequired)).not.toBeInTheDocument();
  });

  it('shows every error after a submit and moves focus to the first invalid field', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });
});

describe('validateWithSchema', () => {
  const schema = yup.object({
    name: yup.string().trim().required('Name is required').max(3, 'Too long'),
    email: yup.string().required('Email is required').email('Not an e-mail'),
    note: yup.string().default(''),
  });
  /** What formik's own `validationSchema` gives for `values`. */
  const formiks = (values: object) =>
    validateYupSchema(values, schema).then(
      () => ({}),
      (error) => yupToFormErrors(error),
    );

  it.each([
    { name: '', email: '', note: '' },
    { name: '   ', email: 'x', note: 'a' },
    { name: 'abcd', email: 'a@b.co', note: '' },
    { name: 'ab', email: 'a@b.co', note: '' },
  ])('gives what validationSchema gives for %j, loading the schema on first use', async (values) => {
    const load = jest.fn(async () => schema);
    const validate = validateWithSchema<typeof values>(load);
    expect(load).not.toHaveBeenCalled();
    expect(await validate(values)).toEqual(await formiks(values));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the form go on when the schema cannot be downloaded, and tries the download again next time', async () => {
    const load = jest
      .fn<Promise<typeof schema>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError: offline'))
      .mockResolvedValue(schema);
    const validate = validateWithSchema<Record<string, string>>(load);
    expect(await validate({})).toEqual({});
    expect(Object.keys(await validate({})).length).toBeGreaterThan(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects when the schema throws something else than a ValidationError', async () => {
    const broken = { validate: () => Promise.reject(new TypeError('bug')) };
    await expect(validateWithSchema(async () => broken)({})).rejects.toThrow('bug');
  });
});
