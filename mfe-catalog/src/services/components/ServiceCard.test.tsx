import type { Service } from '@campus/shared';
import { MemoryRouter } from '@campus/testing';
import { render, screen, within } from '@testing-library/react';
import { aService } from '../../common/testing/fixtures';
import { ServiceCard } from './ServiceCard';

function renderCard(service: Service) {
  render(
    <MemoryRouter>
      <ServiceCard service={service} />
    </MemoryRouter>,
  );
}

describe('ServiceCard (§2 "Services list")', () => {
  it('cuts the name to 18 characters and links to /services/{id}', () => {
    renderCard(aService());
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Graduation photosh…$/);
    expect(screen.getByRole('link', { name: 'Graduation photoshoot on campus' })).toHaveAttribute(
      'href',
      '/services/s1',
    );
  });

  it('shows the price and the provider firstName', () => {
    renderCard(aService());
    expect(screen.getByText('Kes 500.00')).toBeInTheDocument();
    expect(screen.getByText('Achieng')).toBeInTheDocument();
  });

  it("says 'Unknown' without a provider name", () => {
    renderCard(aService({ provider: null }));
    expect(screen.getByText('Unknown')).toBeInTheDocument();
  });

  it('links to the API chat route that counts the click (§20.6)', () => {
    renderCard(aService());
    const chat = screen.getByRole('link', {
      name: 'Chat with Achieng on WhatsApp about Graduation photoshoot on campus',
    });
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(chat).toHaveAttribute('href', '/api/v1/services/s1/chat');
  });

  it('shows the placeholder when there is no cover', () => {
    renderCard(aService({ coverImage: null, coverThumbnail: null }));
    expect(screen.getByRole('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it("shows the provider's campus in short form, linked to their page, and a heart (§20)", () => {
    renderCard(aService({ provider: { _id: 'u2', firstName: 'Achieng', university: 'Maseno University' } }));
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Achieng' })).toHaveAttribute('href', '/sellers/u2');
    expect(within(card).getByText('Maseno')).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Save Graduation photoshoot on campus' }),
    ).toBeInTheDocument();
  });
});
