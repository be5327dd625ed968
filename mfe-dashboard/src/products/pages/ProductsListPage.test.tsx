import { pictureFile, renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyProduct } from '../api/products-api';
import ProductsListPage from './ProductsListPage';

const api = setupFakeApi();

const aProduct = (overrides: Partial<MyProduct> = {}): MyProduct => ({
  _id: 'p1',
  title: 'Casio fx-991ES calculator',
  description: 'Barely used scientific calculator.',
  price: 1800,
  category: 'Electronics',
  coverImage: '/uploads/products/a-1200.webp',
  coverThumbnail: '/uploads/products/a-400.webp',
  photos: [],
  views: 12,
  saves: 3,
  status: 'available',
  condition: 'like_new',
  negotiable: true,
  ...overrides,
});

let products: MyProduct[];
beforeEach(() => {
  signIn();
  products = [
    aProduct(),
    aProduct({
      _id: 'p2',
      title: 'Desk lamp',
      price: 450,
      status: 'sold',
      views: 3,
      saves: 1,
      condition: null,
      negotiable: false,
    }),
  ];
  api.respond = (request) => {
    if (request.method === 'GET' && request.path === '/products/mine') {
      return { body: { status: 'success', data: { products } } };
    }
    if (request.method === 'PATCH' && request.path === '/products/p1') {
      const body = request.body as { status?: MyProduct['status'] } | undefined;
      if (body?.status)
        return { body: { status: 'success', data: { product: aProduct({ status: body.status }) } } };
      return {
        body: { status: 'success', data: { product: aProduct({ condition: 'fair', negotiable: false }) } },
      };
    }
    if (request.method === 'PATCH' && request.path === '/products/p2') {
      return { status: 500, body: { status: 'error', message: 'Something went wrong' } };
    }
    if (request.method === 'DELETE' && request.path === '/products/p2') return { status: 204 };
    if (request.method === 'POST' && request.path === '/products') {
      return {
        status: 201,
        body: {
          status: 'success',
          data: { product: aProduct({ _id: 'p3', title: 'Mountain bike', price: 12000 }) },
        },
      };
    }
    return { status: 404, body: { status: 'fail', message: 'Not found' } };
  };
});

const renderList = () =>
  renderPage(<ProductsListPage />, { path: '/app/products-list', route: '/app/products-list' });
const rows = () => within(screen.getByRole('list', { name: 'My products' })).getAllByRole('listitem');

describe('ProductsListPage (app.products)', () => {
  it('lists my products with price, status, views, saves, condition and negotiable; titles link to the product page', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'My products' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Casio fx-991ES calculator' })).toHaveAttribute(
      'href',
      '/products/p1',
    );
    expect(rows()[0]).toHaveTextContent('Kes 1,800.00');
    expect(rows()[0]).toHaveTextContent('Available');
    expect(rows()[1]).toHaveTextContent('Sold');
    expect(rows()[0]).toHaveTextContent('12 views · 3 saves · Electronics · Like new · Negotiable');
    expect(rows()[1]).toHaveTextContent('3 views · 1 save · Electronics');
    expect(rows()[1]).not.toHaveTextContent('Negotiable');
    expect(api.requests[0]?.authorization).toBe('Bearer test.jwt.token');
  });

  it('tells me why a listing of mine is flagged and how to fix it (docs/product.md §29)', async () => {
    const message = 'A photo of this listing is the same as a photo on another seller’s listing.';
    products = [aProduct({ safetySignals: [{ kind: 'reused_photo', message }] } as Partial<MyProduct>)];
    renderList();
    const notice = await screen.findByLabelText('Warnings buyers see');
    expect(notice).toHaveTextContent(message);
    expect(notice).toHaveTextContent('use your own photo of your item');
  });

  it('invites the first listing when I have none', async () => {
    products = [];
    renderList();
    expect(await screen.findByText('You have not listed any products yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List your first product' })).toBeInTheDocument();
  });

  it('changes a product to Reserved with PATCH {status: "reserved"} and a toast (§20.5)', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const status = screen.getByRole('combobox', { name: 'Status of Casio fx-991ES calculator' });
    expect(status).toHaveValue('available');
    await user.selectOptions(status, 'Reserved');
    expect(await screen.findByText('Marked as reserved')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/products/p1')[0]?.body).toEqual({ status: 'reserved' });
    await waitFor(() =>
      expect(within(rows()[0]!).getByText('Reserved', { selector: '.MuiChip-label' })).toBeInTheDocument(),
    );
    expect(status).toHaveValue('reserved');

    await user.selectOptions(status, 'Sold');
    expect(await screen.findByText('Marked as sold')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/products/p1')[1]?.body).toEqual({ status: 'sold' });
    await waitFor(() => expect(status).toHaveValue('sold'));
  });

  it('a failed status change toasts the error and keeps the stored status', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const status = screen.getByRole('combobox', { name: 'Status of Desk lamp' });
    expect(status).toHaveValue('sold');
    await user.selectOptions(status, 'Available');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/products/p2')[0]?.body).toEqual({ status: 'available' });
    await waitFor(() => expect(status).toBeEnabled());
    expect(status).toHaveValue('sold');
    expect(within(rows()[1]!).getByText('Sold', { selector: '.MuiChip-label' })).toBeInTheDocument();
  });

  it('edits condition and negotiable: PATCH sends only those two fields (§20.4)', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Edit Casio fx-991ES calculator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const condition = within(dialog).getByLabelText('Condition');
    expect(condition).toHaveValue('like_new');
    const negotiable = within(dialog).getByRole('checkbox', { name: 'Price negotiable' });
    expect(negotiable).toBeChecked();
    await user.selectOptions(condition, 'Fair');
    await user.click(negotiable);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    const parts = api.requestsTo('PATCH', '/products/p1')[0]?.parts ?? [];
    expect(parts.map((part) => [part.name, part.value])).toEqual([
      ['condition', 'fair'],
      ['negotiable', 'false'],
    ]);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Fair'));
    expect(rows()[0]).not.toHaveTextContent('Negotiable');
  });

  it('takes course codes for a textbook only, with the house messages, and sends them normalised (docs/product.md §31)', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    const dialog = await screen.findByRole('dialog', { name: 'List a product' });
    expect(within(dialog).queryByLabelText('Course codes')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/^Title/));
    await user.paste('Organic chemistry notes');
    await user.click(within(dialog).getByLabelText(/^Description/));
    await user.paste('Complete notes for the semester.');
    await user.click(within(dialog).getByLabelText(/^Price \(Kes\)/));
    await user.paste('450');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'Textbooks and Study Materials');
    const codes = within(dialog).getByLabelText('Course codes');
    expect(within(dialog).getByText(/Optional, up to 5, separated by commas/)).toBeInTheDocument();
    await user.click(codes);
    await user.paste('SCH 2101, chem');
    await user.upload(within(dialog).getByLabelText(/^Cover image/), pictureFile('notes.jpg'));
    await user.click(within(dialog).getByRole('button', { name: 'List product' }));
    expect(
      await within(dialog).findByText(
        '"chem" is not a course code: use 2 to 4 letters then 3 or 4 digits, e.g. SCH 2101',
      ),
    ).toBeInTheDocument();
    await user.clear(codes);
    await user.paste('SCH 2101, SMA 2230, PHY 110, BIO 1201, CHE 220, ECO 101');
    await user.click(within(dialog).getByRole('button', { name: 'List product' }));
    expect(await within(dialog).findByText('Please enter at most 5 course codes')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/products')).toHaveLength(0);
    await user.clear(codes);
    await user.paste('sch-2101, sma2230');
    await user.click(within(dialog).getByRole('button', { name: 'List product' }));
    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    const parts = api.requestsTo('POST', '/products')[0]?.parts ?? [];
    expect(parts.find((part) => part.name === 'courseCodes')?.value).toBe('SCH2101, SMA2230');
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete Desk lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE', '/products/p2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Desk lamp' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/products/p2')).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('lists a new product from the dialog (multipart with condition, negotiable, cover and photos); required fields block it', async () => {
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    const dialog = await screen.findByRole('dialog', { name: 'List a product' });
    await user.click(within(dialog).getByRole('button', { name: 'List product' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Cover image is required')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/products')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/^Title/));
    await user.paste('Mountain bike');
    await user.click(within(dialog).getByLabelText(/^Description/));
    await user.paste('21 gears, new tyres, ridden one semester.');
    await user.click(within(dialog).getByLabelText(/^Price \(Kes\)/));
    await user.paste('12000');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'Bicycles and Scooters');
    await user.selectOptions(within(dialog).getByLabelText('Condition'), 'Good');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Price negotiable' }));
    await user.upload(within(dialog).getByLabelText(/^Cover image/), pictureFile('bike.jpg'));
    await user.upload(within(dialog).getByLabelText(/^Additional photos/), [pictureFile('side.jpg')]);
    expect(within(dialog).getByRole('list', { name: 'Additional photos preview' })).toHaveTextContent(
      'side.jpg',
    );
    await user.click(within(dialog).getByRole('button', { name: 'List product' }));

    expect(await screen.findByText('Product listed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent('Mountain bike');
    const parts = api.requestsTo('POST', '/products')[0]?.parts ?? [];
    expect(parts.map((part) => [part.name, part.value ?? part.filename])).toEqual([
      ['title', 'Mountain bike'],
      ['description', '21 gears, new tyres, ridden one semester.'],
      ['price', '12000'],
      ['category', 'Bicycles and Scooters'],
      ['condition', 'good'],
      ['negotiable', 'true'],
      ['coverImage', 'bike.jpg'],
      ['photos', 'side.jpg'],
    ]);
  });

  it('shows an error line with Try again when the list cannot load', async () => {
    api.respond = () => ({ status: 500, body: { status: 'error', message: 'Something went wrong' } });
    renderList();
    expect(await screen.findByText(/Could not load your listings/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
