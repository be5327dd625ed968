import { renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { TUTORING } from '../../common/testing/fixtures';
import type { MyService } from '../api/services-api';
import ServicesListPage from './ServicesListPage';

const api = setupFakeApi();

const aService = (overrides: Partial<MyService> = {}): MyService => ({
  ...TUTORING,
  views: 7,
  saves: 2,
  ...overrides,
});

beforeEach(() => {
  signIn();
  api.respond = (request) =>
    request.method === 'GET' && request.path === '/services/mine'
      ? {
          body: {
            status: 'success',
            data: {
              services: [aService(), aService({ _id: 'sv2', name: 'Passport photos', views: 0, saves: 1 })],
            },
          },
        }
      : { status: 404, body: { status: 'fail', message: 'Not found' } };
});

describe('ServicesListPage', () => {
  it('shows how many saved each of my services (§20.1)', async () => {
    renderPage(<ServicesListPage />, '/app/services-list');
    const list = await screen.findByRole('list', { name: 'My services' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [tutoring, photos] = within(list).getAllByRole('listitem');
    expect(tutoring).toHaveTextContent('7 views · 2 saves · Tutoring and Academic Support');
    expect(photos).toHaveTextContent('0 views · 1 save · Tutoring and Academic Support');
  });
});
