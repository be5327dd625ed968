/**
 * Privacy Policy and Terms and Conditions (docs/product.md §2 "Privacy Policy and Terms").
 */

import { renderPage } from '@campus/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrivacyPolicyPage } from '../PrivacyPolicyPage';
import { TermsPage } from '../TermsPage';

const h2Names = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

beforeEach(() => {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('Terms and Conditions', () => {
  it('shows only the first three sections until "Show Full Terms"', () => {
    renderPage(<TermsPage />, '/terms-and-conditions');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(h2Names()).toEqual(['1. Acceptance of Terms', '2. User Accounts', '3. User Content']);
    const toggle = screen.getByRole('button', { name: 'Show Full Terms' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // A tap before hydration is kept and replayed by the boot script (ADR 0032).
    expect(toggle).toHaveAttribute('data-tap-replay');
    expect(screen.queryByText(/laws of the Republic of Kenya/)).not.toBeInTheDocument();
  });

  it("'Show Full Terms' shows all seven sections and 'Show Less' collapses them again", async () => {
    renderPage(<TermsPage />, '/terms-and-conditions');
    await userEvent.click(screen.getByRole('button', { name: 'Show Full Terms' }));
    expect(h2Names()).toEqual([
      '1. Acceptance of Terms',
      '2. User Accounts',
      '3. User Content',
      '4. Prohibited Activities',
      '5. Limitation of Liability',
      '6. Modifications to Terms',
      '7. Governing Law',
    ]);
    expect(screen.getByText(/laws of the Republic of Kenya/)).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'Show Less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(less).toHaveAttribute('aria-controls', 'terms-more');

    await userEvent.click(less);
    expect(h2Names()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Show Full Terms' })).toBeInTheDocument();
  });

  it('a link to #prohibited-items (the report dialog, §19) opens the full terms at the list', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderPage(<TermsPage />, '/terms-and-conditions#prohibited-items');
    const heading = await screen.findByRole('heading', { level: 3, name: 'Prohibited items' });
    expect(h2Names()).toHaveLength(7);
    const list = heading.closest('section') as HTMLElement;
    expect(list).toHaveAttribute('id', 'prohibited-items');
    for (const item of [
      'weapons',
      'drugs',
      'alcohol or tobacco sold to anyone under 18',
      'stolen goods',
      'exam papers',
      'counterfeit',
    ]) {
      expect(within(list).getByText(new RegExp(item))).toBeInTheDocument();
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrolled).toHaveBeenCalled();
  });

  it('the toggle works from the keyboard', async () => {
    renderPage(<TermsPage />, '/terms-and-conditions');
    act(() => screen.getByRole('button', { name: 'Show Full Terms' }).focus());
    await userEvent.keyboard('{Enter}');
    expect(h2Names()).toHaveLength(7);
  });

  it("'Back to Top' scrolls up and moves focus to the heading", async () => {
    renderPage(<TermsPage />, '/terms-and-conditions');
    const link = screen.getByRole('link', { name: 'Back to Top' });
    // Works before and without JavaScript: the browser's own top of the document (ADR 0032).
    expect(link).toHaveAttribute('href', '#top');
    await userEvent.click(link);
    expect(window.location.hash).toBe('');
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toHaveFocus();
  });

  it('sets the title and meta description', () => {
    renderPage(<TermsPage />, '/terms-and-conditions');
    expect(document.title).toBe('Terms and Conditions | Campus Soko');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Kenyan law/);
  });
});

describe('Privacy Policy', () => {
  it('has the six sections of §2, a table of contents and Back to Top', async () => {
    renderPage(<PrivacyPolicyPage />, '/privacy-policy');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(h2Names()).toEqual([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. Sharing Your Information',
      '4. Data Security',
      '5. Your Rights and Choices',
      '6. Changes to This Policy',
    ]);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getAllByRole('link')).toHaveLength(6);
    expect(within(toc).getByRole('link', { name: '4. Data Security' })).toHaveAttribute(
      'href',
      '#data-security',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Back to Top' }));
    expect(window.scrollTo).toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toHaveFocus();
  });

  it('describes what the site really collects and does', () => {
    renderPage(<PrivacyPolicyPage />, '/privacy-policy');
    for (const fact of [
      /argon2id/,
      /WhatsApp number/,
      /GPS location/,
      /verify your e-mail address/,
      /reset your password/,
    ]) {
      expect(screen.getAllByText(fact).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('We do not sell your data.')).toBeInTheDocument();
  });
});
