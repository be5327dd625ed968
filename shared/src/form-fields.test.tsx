import { TextField } from '@campus/mui-overlays';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { fieldProps, useFocusFirstError } from './form-fields';
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

describe('the one rule for showing a field error (issue 11 item 4)', () => {
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
