import { gate, type RenderPageOptions, renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckInboxPage from './CheckInboxPage';

const api = setupFakeApi();
beforeEach(() => {
  api.respond = () => ({ body: { status: 'success', message: 'If an account ... on its way.' } });
});

const renderInbox = (route: RenderPageOptions['route']) =>
  renderPage(<CheckInboxPage />, { path: '/check-inbox', route });

describe('CheckInboxPage (§2 "Check-inbox page", §8)', () => {
  it('says a verification email was sent to the address from the router state', () => {
    renderInbox({ pathname: '/check-inbox', state: { email: 'amina@ku.ac.ke' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Check Your Inbox' })).toBeInTheDocument();
    expect(screen.getByText(/We have sent a verification email to/)).toHaveTextContent(
      'We have sent a verification email to amina@ku.ac.ke. Please click the link in the email to finish your registration.',
    );
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(document.title).toBe('Check Your Inbox | Campus Soko');
  });

  it("resends to the ?email= address: 'Verification email resent successfully'", async () => {
    const user = userEvent.setup();
    const hold = gate();
    api.respond = () => ({ waitFor: hold.promise, body: { status: 'success', message: 'ok' } });
    renderInbox('/check-inbox?email=amina%40ku.ac.ke');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeDisabled(),
    );
    hold.open();
    expect(await screen.findByText('Verification email resent successfully')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/auth/resend-verification')[0]?.body).toEqual({ email: 'amina@ku.ac.ke' });
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });

  it("shows 'Failed to resend verification email' with the server's reason", async () => {
    const user = userEvent.setup();
    api.respond = () => ({
      status: 429,
      body: { status: 'fail', message: 'Too many attempts, please try again in 60 seconds.' },
    });
    renderInbox({ pathname: '/check-inbox', state: { email: 'amina@ku.ac.ke' } });
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Failed to resend verification email')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Resend verification email' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Failed to resend verification email: Too many attempts, please try again in 60 seconds.',
    );
  });

  it('asks for the address when the page was opened without one', async () => {
    const user = userEvent.setup();
    renderInbox('/check-inbox');
    expect(screen.getByText(/We have sent you a verification email/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Resend Verification Email' });
    expect(button).toBeDisabled();
    const input = screen.getByRole('textbox', { name: 'Email' });
    await user.type(input, 'nope');
    await user.click(button);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'amina@ku.ac.ke');
    await user.click(button);
    expect(await screen.findByText('Verification email resent successfully')).toBeInTheDocument();
  });
});
