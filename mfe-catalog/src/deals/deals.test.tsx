import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aProduct } from '../common/testing/fixtures';
import { ProductCard } from '../products/components/ProductCard';
import SellerPage from '../sellers/pages/SellerPage';
import { CLAIM_SENT, DealClaim } from './DealClaim';
import { ratingText } from './RatingBadge';
import { REPLY_MESSAGES } from './ReviewReplyForm';

const api = setupFakeApi();
const CHAT = '/api/v1/products/p1/chat';

/** `GET /sellers/u1`'s answer: Brian's page with `rating` and no listings. */
const sellerPage = (rating: { average: number | null; count: number }) => ({
  body: {
    status: 'success',
    data: {
      seller: {
        _id: 'u1',
        firstName: 'Brian',
        lastName: 'Otieno',
        photo: null,
        university: 'University of Nairobi',
        verifiedStudent: false,
        memberSince: '2026-03-14T08:00:00.000Z',
        rating,
      },
      products: [],
      services: [],
    },
  },
});

describe('ratings (docs/product.md §28)', () => {
  it('shows stars from 3 rated deals, the count always, nothing before the first', () => {
    expect(ratingText({ average: 4.8, count: 12 })?.text).toBe('★ 4.8 · 12 deals');
    expect(ratingText({ average: 4, count: 3 })?.label).toBe('Rated 4.0 out of 5 from 3 deals');
    expect(ratingText({ average: null, count: 1 })?.text).toBe('1 deal');
    expect(ratingText({ average: 0, count: 0 })).toBeNull();
    expect(ratingText(undefined)).toBeNull();
  });

  it('a card shows the seller’s rating compactly', async () => {
    renderPage(
      <ul>
        <li>
          <ProductCard
            product={aProduct({
              seller: { _id: 'u9', firstName: 'Achieng', rating: { average: 4.5, count: 4 } },
            })}
          />
        </li>
      </ul>,
    );
    expect(await screen.findByRole('img', { name: 'Rated 4.5 out of 5 from 4 deals' })).toHaveTextContent(
      '★ 4.5 · 4 deals',
    );
  });

  it('the seller page shows the rating and the reviews, newest first, with more on demand', async () => {
    const review = (n: number) => ({
      _id: `r${n}`,
      stars: n % 2 ? 5 : 4,
      comment: `Review ${n}`,
      reply: n === 1 ? 'Asante!' : null,
      repliedAt: null,
      createdAt: '2026-11-20T08:00:00.000Z',
      authorRole: 'buyer',
      author: { _id: `b${n}`, firstName: `Buyer${n}` },
      listing: { kind: 'product', _id: 'p1', title: 'Desk lamp' },
    });
    api.respond = (request) => {
      if (request.path === '/sellers/u1') return sellerPage({ average: 4.6, count: 11 });
      if (request.path === '/sellers/u1/reviews') {
        const page = Number(request.query.get('page'));
        const items = page === 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [11];
        return {
          body: {
            status: 'success',
            data: { reviews: items.map(review), totalPages: 2, totalReviews: 11, currentPage: page },
          },
        };
      }
      return { status: 404, body: { status: 'fail', message: 'Not found' } };
    };
    const user = userEvent.setup();
    renderPage(<SellerPage />, { path: '/sellers/:sellerId', route: '/sellers/u1' });
    expect(await screen.findByRole('img', { name: 'Rated 4.6 out of 5 from 11 deals' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Review 1');
    expect(first).toHaveTextContent('Buyer1 · Bought “Desk lamp”');
    expect(first).toHaveTextContent('Reply: Asante!');
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    // A guest sees no Report button.
    expect(within(first).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(11));
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });
});

describe('"I bought this" (docs/product.md §28)', () => {
  const renderClaim = (ownerId = 'u2') =>
    renderPage(
      <>
        <a href={CHAT}>Contact on WhatsApp</a>
        <DealClaim kind="product" listingId="p1" ownerId={ownerId} chatHref={CHAT} />
      </>,
    );

  it('is not offered to guests nor to the owner', async () => {
    const { unmount } = renderClaim();
    expect(screen.queryByRole('button', { name: 'I bought this' })).not.toBeInTheDocument();
    unmount();
    signIn({ _id: 'u2' });
    renderClaim('u2');
    expect(screen.queryByRole('button', { name: 'I bought this' })).not.toBeInTheDocument();
  });

  it('opening the chat tells the API who it is; the claim is sent and then awaits the seller', async () => {
    signIn();
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }));
    api.respond = (request) =>
      request.method === 'POST' && request.path === '/deals'
        ? { status: 201, body: { status: 'success', data: { deal: { _id: 'd1' } } } }
        : { status: 404, body: { status: 'fail', message: 'Not found' } };
    const user = userEvent.setup();
    renderClaim();
    const chat = screen.getByRole('link', { name: 'Contact on WhatsApp' });
    chat.addEventListener('click', (event) => event.preventDefault());
    await user.click(chat);
    expect(fetchSpy).toHaveBeenCalledWith(
      CHAT,
      expect.objectContaining({ headers: { authorization: 'Bearer test.jwt.token' }, redirect: 'manual' }),
    );
    fetchSpy.mockRestore();
    await user.click(screen.getByRole('button', { name: 'I bought this' }));
    expect(await screen.findByText(CLAIM_SENT)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/deals')[0]?.body).toEqual({ listingKind: 'product', listingId: 'p1' });
    expect(screen.getByText(/Waiting for the seller to confirm/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'my deals' })).toHaveAttribute('href', '/app/deals');
  });

  it("shows the API's refusal", async () => {
    signIn();
    const message =
      'Open the chat with the seller on this site first (within the last 30 days), then say you bought it.';
    api.respond = () => ({ status: 400, body: { status: 'fail', message } });
    const user = userEvent.setup();
    renderClaim();
    await user.click(screen.getByRole('button', { name: 'I bought this' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I bought this' })).toBeEnabled();
  });
});

describe('reporting a review (docs/product.md §28)', () => {
  it('a signed-in student reports a review from the seller page', async () => {
    signIn({ _id: 'u5' });
    api.respond = (request) => {
      if (request.path === '/sellers/u1') return sellerPage({ average: null, count: 1 });
      if (request.path === '/sellers/u1/reviews') {
        return {
          body: {
            status: 'success',
            data: {
              reviews: [
                {
                  _id: 'r1',
                  stars: 1,
                  comment: 'Fake',
                  reply: null,
                  repliedAt: null,
                  createdAt: '2026-11-20T08:00:00.000Z',
                  authorRole: 'buyer',
                  author: { _id: 'b1', firstName: 'Kevin' },
                  listing: { kind: 'product', _id: 'p1', title: 'Desk lamp' },
                },
              ],
              totalPages: 1,
              totalReviews: 1,
              currentPage: 1,
            },
          },
        };
      }
      if (request.method === 'POST' && request.path === '/reviews/r1/report') {
        return {
          body: { status: 'success', data: { message: 'Thanks — our moderators will review this.' } },
        };
      }
      return { status: 404, body: { status: 'fail', message: 'Not found' } };
    };
    const user = userEvent.setup();
    renderPage(<SellerPage />, { path: '/sellers/:sellerId', route: '/sellers/u1' });
    await user.click(await screen.findByRole('button', { name: 'Report the review by Kevin' }));
    expect(await screen.findByText('Thanks — our moderators will review this.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/reviews/r1/report')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Report the review by Kevin' })).not.toBeInTheDocument();
  });
});

describe("the seller's reply to a review (docs/product.md §28)", () => {
  const aReview = (id: string, author: string, reply: string | null) => ({
    _id: id,
    stars: 4,
    comment: `Review by ${author}`,
    reply,
    repliedAt: reply ? '2026-11-21T08:00:00.000Z' : null,
    createdAt: '2026-11-20T08:00:00.000Z',
    authorRole: 'buyer',
    author: { _id: `b-${id}`, firstName: author },
    listing: { kind: 'product', _id: 'p1', title: 'Desk lamp' },
  });
  /** The seller page's answers; `reply` answers POST /reviews/r1/reply. */
  const respond = (reply: () => { status?: number; body: unknown }) => {
    api.respond = (request) => {
      if (request.path === '/sellers/u1') return sellerPage({ average: null, count: 2 });
      if (request.path === '/sellers/u1/reviews') {
        return {
          body: {
            status: 'success',
            data: {
              reviews: [aReview('r1', 'Kevin', null), aReview('r2', 'Amina', 'Asante sana!')],
              totalPages: 1,
              totalReviews: 2,
              currentPage: 1,
            },
          },
        };
      }
      if (request.method === 'POST' && request.path === '/reviews/r1/reply') return reply();
      return { status: 404, body: { status: 'fail', message: 'Not found' } };
    };
  };
  const renderSellerPage = () =>
    renderPage(<SellerPage />, { path: '/sellers/:sellerId', route: '/sellers/u1' });

  it('the seller replies once on their own page; the reply shows at once', async () => {
    signIn({ _id: 'u1' });
    respond(() => ({ body: { status: 'success', data: { reply: 'Karibu tena, Kevin!' } } }));
    const user = userEvent.setup();
    renderSellerPage();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    // Only the review without a reply offers one; the seller cannot report reviews about them.
    expect(within(second).queryByRole('button', { name: /Reply/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Reply to the review by Kevin' }));
    const form = await within(first).findByRole('form', { name: 'Reply to Kevin' });
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText(REPLY_MESSAGES.required)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/reviews/r1/reply')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: 'Your reply' }), '  Karibu tena, Kevin!  ');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(REPLY_MESSAGES.sent)).toBeInTheDocument();
    expect(api.requestsTo('POST', '/reviews/r1/reply')[0]?.body).toEqual({ text: 'Karibu tena, Kevin!' });
    expect(first).toHaveTextContent('Reply: Karibu tena, Kevin!');
    expect(within(first).queryByRole('form')).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Reply/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the form", async () => {
    signIn({ _id: 'u1' });
    respond(() => ({
      status: 409,
      body: { status: 'fail', message: 'You already replied to this review.' },
    }));
    const user = userEvent.setup();
    renderSellerPage();
    await user.click(await screen.findByRole('button', { name: 'Reply to the review by Kevin' }));
    const form = await screen.findByRole('form', { name: 'Reply to Kevin' });
    await user.type(within(form).getByRole('textbox', { name: 'Your reply' }), 'Thanks');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('You already replied to this review.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send reply' })).toBeEnabled();
  });

  it('nobody else is offered Reply', async () => {
    signIn({ _id: 'u5' });
    respond(() => ({ status: 403, body: { status: 'fail', message: 'No' } }));
    renderSellerPage();
    expect(await screen.findByRole('button', { name: 'Report the review by Kevin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reply to the review/ })).not.toBeInTheDocument();
  });
});
