/**
 * Account journeys (docs/product.md §12, e2e) with real mail through the run's local SMTP server:
 * sign up with a Kenyan university → verification mail → follow the link → 'Email Verified
 * Successfully' → log in → /products with the user menu → logout; forgot password → mail →
 * reset → log in with the new password. Every run uses fresh e-mail addresses.
 */
import type { Page } from '@playwright/test';
import {
  apiLogin,
  createVerifiedAccount,
  kenyanUniversities,
  newAccount,
  RESET_SUBJECT,
  VERIFY_SUBJECT,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { extractLink, waitForMail } from '../support/mailbox';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Fills and submits the login form of /auth?mode=login. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

test('sign up with a Kenyan university, verify by e-mail, log in, log out', async ({
  page,
  request,
  site,
}) => {
  const universities = await kenyanUniversities(request);
  const university = universities.find((name) => /nairobi/i.test(name)) ?? universities[0];
  if (!university) throw new Error('no Kenyan university offered');
  const account = newAccount('signup', university);

  await page.goto('/auth?mode=register');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Us Today' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel(/^First Name/).fill(account.firstName);
  await form.getByLabel(/^Last Name/).fill(account.lastName);
  await form.getByLabel(/^Email/).fill(account.email);
  await form.getByLabel(/^WhatsApp Number/).fill(account.whatsApp);

  // The searchable dropdown: typing a lower-case part filters case-insensitively; a pick sets it.
  const picker = form.getByRole('combobox', { name: /^University/ });
  await picker.fill(university.slice(0, 8).toLowerCase());
  const options = form.getByRole('listbox', { name: /^University/ });
  await expect(options).toBeVisible();
  await options.getByRole('option', { name: university, exact: true }).click();
  await expect(options).toBeHidden();
  await expect(picker).toHaveValue(university);

  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByLabel(/^Confirm Password/).fill(account.password);
  await expect(form.getByText('Passwords match')).toBeVisible();
  await form.getByRole('button', { name: 'Sign Up' }).click();

  await expect(
    page.getByText('Registered successfully. Please check your email to verify your account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/check-inbox/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Inbox' })).toBeVisible();

  // The mail reached the local SMTP server; its link points at PUBLIC_URL.
  const mail = await waitForMail(account.email, VERIFY_SUBJECT);
  expect(mail.text).toContain('Campus Soko');
  expect(mail.html).not.toBe('');
  const link = extractLink(mail, '/api/v1/auth/verify-email/');
  expect(new URL(link).origin).toBe(site.baseURL);

  await page.goto(link);
  await expect(page).toHaveURL(/\/verify-email\?status=success/);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified Successfully' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL('/products');
  await expect(page.getByText('Login successful')).toBeVisible();

  const accountMenu = mainNav(page).getByRole('button', { name: 'Account menu' });
  await expect(accountMenu).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  await accountMenu.click();
  await expect(page.getByRole('menu')).toContainText(`${account.firstName} ${account.lastName}`);
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL('/');
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('jwt'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
});

test('forgot password: the mail leads to the reset page, and the new password logs in', async ({
  page,
  request,
  site,
}) => {
  const { account } = await createVerifiedAccount(request, 'reset');
  const newPassword = `${account.password}-9`;

  await page.goto('/auth?mode=login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('form')).toHaveCount(0);

  const mail = await waitForMail(account.email, RESET_SUBJECT);
  const link = extractLink(mail, '/reset-password/');
  expect(new URL(link).origin).toBe(site.baseURL);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel(/^New Password/).fill(newPassword);
  await page.getByLabel(/^Confirm New Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  const toLogin = page.getByRole('main').getByRole('link', { name: /^log in$/i });
  await expect(toLogin).toBeVisible();
  await expect(apiLogin(request, account.email, account.password)).rejects.toThrow(/401/);
  await toLogin.click();
  await logIn(page, account.email, newPassword);
  await expect(page).toHaveURL('/products');
  await expect(mainNav(page).getByRole('button', { name: 'Account menu' })).toBeVisible();
});
