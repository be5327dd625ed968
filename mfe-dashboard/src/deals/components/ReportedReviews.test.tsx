import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_HIDDEN, REVIEW_RESTORED, ReportedReviews } from './ReportedReviews';

const api = setupFakeApi();

const reported = {
  _id: 'r1',
  stars: 1,
  comment: 'Scammer!!',
  reply: null,
  hidden: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  author: { _id: 'u2', name: 'Brian Mwangi' },
  subject: { _id: 'u1', name: 'Achieng Otieno' },
  reports: [{ _id: 'x1', details: 'They never met', createdAt: '2026-11-21T08:00:00.000Z' }],
};

type DeskReview = typeof reported & { hiddenAt: string | null; hiddenReason: string | null };
let reviews: DeskReview[];
let hidden: DeskReview[];
beforeEach(() => {
  signIn({ role: 'admin' });
  reviews = [{ ...reported, hiddenAt: null, hiddenReason: null }];
  hidden = [];
  api.respond = (request) => {
    if (request.method === 'GET' && request.path === '/admin/reviews') {
      const state = request.query.get('state');
      return { body: { status: 'success', data: { reviews: state === 'hidden' ? hidden : reviews } } };
    }
    if (request.method === 'POST' && request.path === '/admin/reviews/r1/hide') {
      hidden = reviews.map((r) => ({
        ...r,
        hidden: true,
        hiddenAt: '2026-11-22T08:00:00.000Z',
        hiddenReason: 'Not a real deal',
      }));
      reviews = [];
      return { body: { status: 'success', data: {} } };
    }
    if (request.method === 'POST' && request.path === '/admin/reviews/r1/restore') {
      hidden = [];
      return { body: { status: 'success', data: {} } };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

describe('reported reviews on the moderation desk (docs/product.md §28)', () => {
  it('shows a reported review with its reports; Hide asks for a reason and removes it', async () => {
    const user = userEvent.setup();
    renderPage(<ReportedReviews />);
    const section = await screen.findByRole('region', { name: 'Reported reviews (1)' });
    expect(section).toHaveTextContent('1 of 5 stars by Brian Mwangi about Achieng Otieno');
    expect(section).toHaveTextContent('They never met');
    await user.click(within(section).getByRole('button', { name: 'Hide review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the review by Brian Mwangi' });
    await user.type(within(dialog).getByRole('textbox'), 'Not a real deal');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText(REVIEW_HIDDEN)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/admin/reviews/r1/hide')[0]?.body).toEqual({ reason: 'Not a real deal' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Reported reviews/ })).not.toBeInTheDocument(),
    );
    // The hidden review moves to "Hidden reviews", with its reason, where it can be restored.
    const hiddenSection = await screen.findByRole('region', { name: 'Hidden reviews (1)' });
    expect(hiddenSection).toHaveTextContent('1 of 5 stars by Brian Mwangi about Achieng Otieno');
    expect(hiddenSection).toHaveTextContent('Not a real deal');
  });

  it('lists hidden reviews apart; Restore shows one again', async () => {
    hidden = reviews.map((r) => ({
      ...r,
      hidden: true,
      hiddenAt: '2026-11-22T08:00:00.000Z',
      hiddenReason: 'Fake review',
    }));
    reviews = [];
    const user = userEvent.setup();
    renderPage(<ReportedReviews />);
    const section = await screen.findByRole('region', { name: 'Hidden reviews (1)' });
    expect(section).toHaveTextContent('Scammer!!');
    expect(section).toHaveTextContent('Fake review');
    expect(screen.queryByRole('region', { name: /Reported reviews/ })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Restore the review by Brian Mwangi' }));
    expect(await screen.findByText(REVIEW_RESTORED)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/admin/reviews/r1/restore')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Hidden reviews/ })).not.toBeInTheDocument(),
    );
  });

  it('shows nothing while no review is reported or hidden', async () => {
    reviews = [];
    renderPage(<ReportedReviews />);
    await waitFor(() => expect(api.requestsTo('GET', '/admin/reviews').length).toBe(2));
    expect(screen.queryByRole('region', { name: /Reported reviews/ })).not.toBeInTheDocument();
  });
});
