/**
 * The password dictionaries (~1.3 MB) are not part of a page's first load (ADR 0011): the
 * reset page renders without them and imports them only once a password is typed.
 */

import { renderPage } from '@campus/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResetPasswordPage from './ResetPasswordPage';

let dictionaryLoaded = false;
jest.mock('@zxcvbn-ts/language-common', () => {
  dictionaryLoaded = true;
  return jest.requireActual('@zxcvbn-ts/language-common');
});

it('loads the dictionaries only when a password is first typed', async () => {
  const user = userEvent.setup();
  renderPage(<ResetPasswordPage />, { path: '/reset-password/:token', route: '/reset-password/x' });
  const password = screen.getByLabelText('New Password', { selector: 'input' });
  await user.click(password);
  expect(dictionaryLoaded).toBe(false);
  await user.type(password, 'k');
  expect(
    await screen.findByRole('meter', { name: 'Password strength' }, { timeout: 30_000 }),
  ).toBeInTheDocument();
  expect(dictionaryLoaded).toBe(true);
});
