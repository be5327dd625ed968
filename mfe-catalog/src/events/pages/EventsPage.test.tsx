import { type CampusEvent, clearSession, setApiNavigator } from '@campus/shared';
import { currentLocation, renderPage, serverRenderedPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EventDetailPage from './EventDetailPage';
import EventsPage from './EventsPage';

const api = setupFakeApi();
const navigate = jest.fn();
afterEach(() => clearSession());

function anEvent(overrides: Partial<CampusEvent> = {}): CampusEvent {
  return {
    _id: 'e1',
    title: 'Freshers night',
    description: 'Music, food and games at the student centre.',
    startsAt: '2026-11-28T15:00:00.000Z',
    endsAt: '2026-11-28T19:30:00.000Z',
    venue: 'Student Centre',
    university: 'Kenyatta University',
    coverImage: null,
    coverThumbnail: null,
    price: 200,
    organizer: { _id: 'u9', firstName: 'Njeri', whatsApp: '254700000009' },
    ...overrides,
  };
}

const listBody = (events: CampusEvent[], totalPages = 1) => ({
  status: 'success',
  data: { events, totalPages, totalEvents: events.length, currentPage: 1 },
});

function lastQuery() {
  const requests = api.requestsTo('GET', '/events');
  return Object.fromEntries(requests[requests.length - 1]?.query ?? []);
}

describe('EventsPage (§20.9)', () => {
  beforeEach(() => {
    api.respond = () => ({
      body: listBody([anEvent(), anEvent({ _id: 'e2', title: 'Chess open', price: null, endsAt: null })]),
    });
  });

  it('applies a campus picked in the server page before hydration (ADR 0032)', async () => {
    const root = serverRenderedPage(
      '<select id="events-campus"><option value="">All campuses</option><option>Kenyatta University</option></select>',
      { 'events-campus': 'Kenyatta University' },
    );
    renderPage(<EventsPage />, '/events?page=2');
    root.remove();
    await waitFor(() => expect(currentLocation()).toBe('/events?university=Kenyatta+University'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', limit: '20', university: 'Kenyatta University' }),
    );
  });

  it('lists upcoming events with Nairobi date/time, venue, university, price or Free', async () => {
    renderPage(<EventsPage />, '/events');
    expect(screen.getByRole('heading', { level: 1, name: 'Campus events' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [night, chess] = cards as [HTMLElement, HTMLElement];
    expect(within(night).getByRole('link', { name: 'Freshers night' })).toHaveAttribute('href', '/events/e1');
    expect(within(night).getByText('Sat 28 Nov 2026, 18:00–22:30')).toBeInTheDocument();
    expect(within(night).getByText('Student Centre')).toBeInTheDocument();
    expect(within(night).getByText('Kenyatta University')).toBeInTheDocument();
    expect(within(night).getByText('Kes 200.00')).toBeInTheDocument();
    expect(within(chess).getByText('Free')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
    expect(document.title).toBe('Campus events | Campus Soko');
  });

  it('filters by university in the URL, with "My campus" for a signed-in user', async () => {
    const user = userEvent.setup();
    signIn({ university: 'Maseno University' });
    renderPage(<EventsPage />, '/events?page=2');
    await screen.findAllByRole('article');
    await user.selectOptions(screen.getByLabelText('Campus'), 'My campus (Maseno)');
    expect(currentLocation()).toBe('/events?university=Maseno+University');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', limit: '20', university: 'Maseno University' }),
    );
  });

  it("says 'No upcoming events.' when there are none", async () => {
    api.respond = () => ({ body: listBody([], 0) });
    renderPage(<EventsPage />, '/events');
    expect(await screen.findByText('No upcoming events.')).toBeInTheDocument();
  });
});

describe('EventDetailPage (§20.9)', () => {
  beforeEach(() => {
    navigate.mockReset();
    setApiNavigator(navigate);
  });

  it('shows the event: title, when, venue, university, price, description, organizer', async () => {
    api.respond = () => ({ body: { status: 'success', data: { event: anEvent({ price: 0 }) } } });
    renderPage(<EventDetailPage />, { path: '/events/:eventId', route: '/events/e1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Freshers night' })).toBeInTheDocument();
    expect(api.requests[0]?.path).toBe('/events/e1');
    expect(screen.getByText('Sat 28 Nov 2026, 18:00–22:30')).toHaveAttribute(
      'datetime',
      '2026-11-28T15:00:00.000Z',
    );
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Music, food and games at the student centre.')).toBeInTheDocument();
    expect(screen.getByText('Organised by Njeri')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
    expect(document.title).toBe('Freshers night | Campus Soko');
  });

  it('goes to the not-found page on 404', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.respond = () => ({ status: 404, body: { status: 'fail', message: 'Event not found' } });
    renderPage(<EventDetailPage />, { path: '/events/:eventId', route: '/events/nope' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/not-found'));
  });
});
