import { setApiNavigator } from '@campus/shared';
import { renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { aProduct, aService } from '../../common/testing/fixtures';
import SellerPage from './SellerPage';

const api = setupFakeApi();
const navigate = jest.fn();
beforeEach(() => {
  navigate.mockReset();
  setApiNavigator(navigate);
});

const seller = {
  _id: 'u1',
  firstName: 'Brian',
  lastName: 'Otieno',
  photo: '/uploads/users/u1.webp',
  university: 'University of Nairobi',
  verifiedStudent: true,
  memberSince: '2026-03-14T08:00:00.000Z',
};

function renderSeller(id = 'u1') {
  return renderPage(<SellerPage />, { path: '/sellers/:sellerId', route: `/sellers/${id}` });
}

describe('SellerPage (§20.8)', () => {
  it('shows name, photo, campus, verified badge, member since, and their products and services', async () => {
    api.respond = () => ({
      body: {
        status: 'success',
        data: {
          seller,
          products: [
            aProduct({ seller: { _id: 'u1', firstName: 'Brian', university: 'University of Nairobi' } }),
          ],
          services: [aService()],
        },
      },
    });
    renderSeller();
    expect(await screen.findByRole('heading', { level: 1, name: 'Brian Otieno' })).toBeInTheDocument();
    expect(api.requests[0]?.path).toBe('/sellers/u1');
    expect(screen.getByRole('img', { name: 'Photo of Brian Otieno' })).toHaveAttribute(
      'src',
      '/uploads/users/u1.webp',
    );
    expect(
      screen.getByRole('img', { name: 'Verified student at University of Nairobi' }),
    ).toBeInTheDocument();
    expect(screen.getByText('University of Nairobi')).toBeInTheDocument();
    expect(screen.getByText('Member since Mar 2026')).toBeInTheDocument();
    const products = screen.getByRole('region', { name: 'Products' });
    expect(within(products).getAllByRole('article')).toHaveLength(1);
    expect(within(products).getByRole('heading', { level: 3 })).toHaveTextContent('Casio fx-991ES Plu');
    const services = screen.getByRole('region', { name: 'Services' });
    expect(within(services).getAllByRole('article')).toHaveLength(1);
    expect(document.title).toBe('Brian Otieno | Campus Soko');
  });

  it('says so when the seller has nothing listed, and shows no badge when not verified', async () => {
    api.respond = () => ({
      body: {
        status: 'success',
        data: { seller: { ...seller, verifiedStudent: false, photo: null }, products: [], services: [] },
      },
    });
    renderSeller();
    await screen.findByRole('heading', { level: 1, name: 'Brian Otieno' });
    expect(screen.getByText('No products yet.')).toBeInTheDocument();
    expect(screen.getByText('No services yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Verified student/ })).not.toBeInTheDocument();
  });

  it("goes to the not-found page on 404 'Seller not found'", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = () => ({ status: 404, body: { status: 'fail', message: 'Seller not found' } });
    renderSeller('nobody');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/not-found'));
  });
});
