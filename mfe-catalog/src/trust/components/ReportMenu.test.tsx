import { clearSession, setApiNavigator, setSession } from '@campus/shared';
import { currentLocation, renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import user from '@testing-library/user-event';
import { aProduct } from '../../common/testing/fixtures';
import ProductDetailPage from '../../products/pages/ProductDetailPage';
import { SAFETY_TIPS_KEY } from './SafetyTips';

// Dialog forms on a shared, busy machine: allow more than the default 5 s per test.
const userEvent = user.setup({ delay: null });

const api = setupFakeApi();
beforeEach(() => {
  setApiNavigator(jest.fn());
  clearSession();
  window.localStorage.removeItem(SAFETY_TIPS_KEY);
});

const THANKS = 'Thanks — our moderators will review this.';
const product = aProduct({
  _id: 'p1',
  seller: {
    _id: 'seller-1',
    firstName: 'Brian',
    lastName: 'Otieno',
    whatsApp: '254722000002',
    university: 'University of Nairobi',
    verifiedStudent: true,
  },
});

function signIn(id = 'buyer-1') {
  setSession({
    token: 'header.payload.signature',
    user: { _id: id, firstName: 'Amina', lastName: 'W', role: 'user' },
  });
}

function answer(reportAnswer: { status: number; body: unknown }) {
  api.respond = (request) => {
    if (request.path === '/reports') return reportAnswer;
    return { body: { status: 'success', data: { product } } };
  };
}

async function openReportDialog() {
  renderPage(<ProductDetailPage />, { path: '/products/:productId', route: '/products/p1' });
  await userEvent.click(await screen.findByRole('button', { name: `More actions for ${product.title}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Report' }));
  return screen.findByRole('dialog', { name: 'Report this product' });
}

describe('Report menu and dialog (§19)', () => {
  it('sends the chosen reason and details, then shows the thanks message', async () => {
    signIn();
    answer({
      status: 201,
      body: { status: 'success', data: { message: THANKS, report: { _id: 'r1', status: 'open' } } },
    });
    const dialog = await openReportDialog();
    const prohibited = within(dialog).getByRole('link', { name: 'What is prohibited?' });
    expect(prohibited).toHaveAttribute('href', '/terms-and-conditions#prohibited-items');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['scam', 'prohibited', 'spam', 'offensive', 'sold', 'other']);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Details (optional)' }),
      '  Wants M-Pesa first ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(THANKS)).toBeInTheDocument();
    const sent = api.requestsTo('POST', '/reports');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toEqual({
      targetType: 'product',
      targetId: 'p1',
      reason: 'scam',
      details: 'Wants M-Pesa first',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a reason before sending, caps details at 500 characters and shows the server message on failure', async () => {
    signIn();
    answer({
      status: 403,
      body: { status: 'fail', message: 'Please verify your email address to continue.' },
    });
    const dialog = await openReportDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Please choose a reason.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/reports')).toHaveLength(0);
    const details = within(dialog).getByRole('textbox', {
      name: 'Details (optional)',
    }) as HTMLTextAreaElement;
    await userEvent.click(details);
    await userEvent.paste('x'.repeat(520));
    expect(details.value).toHaveLength(500);
    expect(within(dialog).getByText('500/500 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Prohibited item' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('Please verify your email address to continue.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(THANKS)).not.toBeInTheDocument();
  });

  it('sends a guest to login with this page as redirect', async () => {
    answer({ status: 500, body: {} });
    renderPage(<ProductDetailPage />, { path: '/products/:productId', route: '/products/p1' });
    await userEvent.click(await screen.findByRole('button', { name: `More actions for ${product.title}` }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    await waitFor(() => expect(currentLocation()).toBe('/auth?mode=login&redirect=%2Fproducts%2Fp1'));
    expect(api.requestsTo('POST', '/reports')).toHaveLength(0);
  });

  it('is not offered to the owner of the listing', async () => {
    signIn('seller-1');
    answer({ status: 500, body: {} });
    renderPage(<ProductDetailPage />, { path: '/products/:productId', route: '/products/p1' });
    expect(await screen.findByRole('heading', { level: 1, name: product.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('shows the verified-student badge and dismissible safety tips beside the chat button', async () => {
    answer({ status: 500, body: {} });
    const { unmount } = renderPage(<ProductDetailPage />, {
      path: '/products/:productId',
      route: '/products/p1',
    });
    expect(
      await screen.findByRole('img', { name: 'Verified student at University of Nairobi' }),
    ).toBeInTheDocument();
    const tips = screen.getByRole('complementary', { name: 'Safety tips' });
    expect(within(tips).getByText('Never send M-Pesa before you have seen the item.')).toBeInTheDocument();
    await userEvent.click(within(tips).getByRole('button', { name: 'Dismiss safety tips' }));
    expect(screen.queryByRole('complementary', { name: 'Safety tips' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SAFETY_TIPS_KEY)).toBe('1');
    unmount();
    renderPage(<ProductDetailPage />, { path: '/products/:productId', route: '/products/p1' });
    expect(await screen.findByRole('heading', { level: 1, name: product.title })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Safety tips' })).not.toBeInTheDocument();
  });
});
