import { setApiNavigator } from '@campus/shared';
import { renderPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor } from '@testing-library/react';
import { aService } from '../../common/testing/fixtures';
import ServiceDetailPage from './ServiceDetailPage';

const navigate = jest.fn();
const api = setupFakeApi();
afterEach(() => jest.restoreAllMocks());
beforeEach(() => setApiNavigator(navigate));

function renderDetail(id = 's1') {
  return renderPage(<ServiceDetailPage />, { path: '/services/:serviceId', route: `/services/${id}` });
}

describe('ServiceDetailPage', () => {
  it('shows the full name, price, description, provider and Contact on WhatsApp', async () => {
    const service = aService({
      provider: {
        firstName: 'Achieng',
        lastName: 'Odhiambo',
        university: 'Maseno University',
        whatsApp: '254733000003',
      },
    });
    api.respond = () => ({ body: { status: 'success', data: { service } } });
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Graduation photoshoot on campus' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Kes 500.00')).toBeInTheDocument();
    expect(screen.getByText('Achieng Odhiambo')).toBeInTheDocument();
    expect(screen.getByText('Maseno University')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Provider' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact on WhatsApp' })).toHaveAttribute(
      'href',
      '/api/v1/services/s1/chat',
    );
    expect(document.title).toBe('Graduation photoshoot on campus | Campus Soko');
  });

  it('goes to the not-found page on 404', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = () => ({ status: 404, body: { status: 'fail', message: 'Service not found' } });
    renderDetail('nope');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/not-found'));
  });
});
