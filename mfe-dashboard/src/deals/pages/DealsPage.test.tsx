import type { DealJson } from '@campus/shared/contract';
import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DashboardApp from '../../DashboardApp';
import { REVIEW_MESSAGES } from '../components/ReviewForm';

const api = setupFakeApi();

const claimed: DealJson = {
  _id: 'd1',
  listingKind: 'product',
  listingId: 'p1',
  listingTitle: 'Casio fx-991ES calculator',
  role: 'seller',
  initiatedBy: 'buyer',
  status: 'claimed',
  canAnswer: true,
  canReview: false,
  other: { _id: 'u2', firstName: 'Brian', lastName: 'Mwangi' },
  createdAt: '2026-11-20T08:00:00.000Z',
  answeredAt: null,
  answerBy: '2026-12-20T08:00:00.000Z',
  reviewBy: null,
  myReview: null,
  theirReview: null,
};
const confirmed: DealJson = {
  ...claimed,
  status: 'confirmed',
  canAnswer: false,
  canReview: true,
  answeredAt: '2026-11-21T08:00:00.000Z',
  answerBy: null,
  reviewBy: '2026-12-21T08:00:00.000Z',
};

let deals: DealJson[];
beforeEach(() => {
  signIn();
  deals = [claimed];
  api.respond = (request) => {
    if (request.method === 'GET' && request.path === '/deals')
      return { body: { status: 'success', data: { deals } } };
    if (request.method === 'POST' && request.path === '/deals/d1/confirm') {
      return { body: { status: 'success', data: { deal: confirmed } } };
    }
    if (request.method === 'POST' && request.path === '/deals/d1/reviews') {
      const body = request.body as { stars: number; comment?: string };
      return {
        status: 201,
        body: {
          status: 'success',
          data: {
            deal: {
              ...confirmed,
              canReview: false,
              myReview: {
                _id: 'r1',
                stars: body.stars,
                comment: body.comment ?? null,
                reply: null,
                hidden: false,
                createdAt: '2026-11-22T08:00:00.000Z',
              },
            },
          },
        },
      };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

const renderDeals = () => renderPage(<DashboardApp />, { path: '/app/*', route: '/app/deals' });

describe('/app/deals (docs/product.md §28)', () => {
  it('lists my deals with the M-Pesa check; the seller confirms, then rates the buyer', async () => {
    const user = userEvent.setup();
    renderDeals();
    expect(await screen.findByRole('heading', { level: 1, name: 'My deals' })).toBeInTheDocument();
    const tips = screen.getByRole('complementary', { name: 'Check M-Pesa payments' });
    expect(tips).toHaveTextContent('*334#');
    expect(tips).toHaveTextContent('Never trust an SMS alone');
    const card = await screen.findByRole('listitem', { name: 'Casio fx-991ES calculator' });
    expect(card).toHaveTextContent('Brian M. got this from you');
    expect(card).toHaveTextContent('Waiting for an answer');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(card).toHaveTextContent('Confirmed'));
    expect(api.requestsTo('POST', '/deals/d1/confirm')).toHaveLength(1);

    // Stars are required.
    await user.click(within(card).getByRole('button', { name: 'Save rating' }));
    expect(await within(card).findByText(REVIEW_MESSAGES.starsRequired)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/deals/d1/reviews')).toHaveLength(0);

    // A plain click: user-event's pointer moves make MUI Rating read a hover position, and jsdom has no layout.
    fireEvent.click(within(card).getByRole('radio', { name: '4 Stars' }));
    await user.type(within(card).getByRole('textbox', { name: 'Comment (optional)' }), 'Quick and honest');
    await user.click(within(card).getByRole('button', { name: 'Save rating' }));
    await waitFor(() => expect(card).toHaveTextContent('Your rating of Brian'));
    expect(api.requestsTo('POST', '/deals/d1/reviews')[0]?.body).toEqual({
      stars: 4,
      comment: 'Quick and honest',
    });
    expect(within(card).queryByRole('button', { name: 'Save rating' })).not.toBeInTheDocument();
  });

  it('a buyer waiting for the seller sees no answer buttons; no deals says how to get one', async () => {
    deals = [
      {
        ...claimed,
        role: 'buyer',
        canAnswer: false,
        other: { _id: 'u1', firstName: 'Achieng', lastName: 'O' },
      },
    ];
    const { unmount } = renderDeals();
    const card = await screen.findByRole('listitem', { name: 'Casio fx-991ES calculator' });
    expect(card).toHaveTextContent('Waiting for Achieng to confirm');
    expect(within(card).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    unmount();
    deals = [];
    renderDeals();
    expect(await screen.findByText(/No deals yet/)).toBeInTheDocument();
  });
});
