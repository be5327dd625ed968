/**
 * Contact Us (docs/product.md §2, §3 "Feedback form"/"Message form", docs/product.md §5 "Contact forms"): the toggle,
 * every required message, the e-mail format, the rating options, and submits against a real
 * local HTTP server (success clears the form and shows a notice; a refusal shows the server's
 * message).
 */

import { renderPage, serverRenderedPage, setupFakeApi } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { ContactPage } from '../ContactPage';
import { CONTACT_INFO } from './contact-info';

// Typing through MUI fields with formik validating on every key is slow in jsdom on a busy CI core.
const userEvent = userEventLib.setup({ delay: null });

const created = (message: string) => () => ({ status: 201, body: { status: 'success', message } });

const api = setupFakeApi(created('Thank you for your feedback!'));
beforeEach(() => {
  api.respond = created('Thank you for your feedback!');
});

const field = (name: string) => screen.getByRole('textbox', { name });
const rating = () => screen.getByRole('combobox', { name: 'Rating' });

describe('Contact Us page', () => {
  it('has one h1, the feedback form by default, and the placeholder contact information', () => {
    renderPage(<ContactPage />, '/contact');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Send us your feedback' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Give feedback' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Send a message' })).not.toHaveAttribute('aria-current');
    const info = screen.getByRole('region', { name: 'Contact information' });
    expect(within(info).getByText(CONTACT_INFO.email)).toBeInTheDocument();
    expect(within(info).getByText(CONTACT_INFO.phone)).toBeInTheDocument();
    expect(document.title).toBe('Contact Us | Campus Soko');
  });

  it('the toggle switches between the feedback form and the message form, and keeps it in the URL', async () => {
    const { router } = renderPage(<ContactPage />, '/contact');
    expect(field('Feedback')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    // Real links: they work before and without JavaScript (ADR 0032).
    expect(screen.getByRole('link', { name: 'Send a message' })).toHaveAttribute(
      'href',
      '/contact?form=message',
    );
    expect(screen.getByRole('link', { name: 'Give feedback' })).toHaveAttribute('href', '/contact');

    await userEvent.click(screen.getByRole('link', { name: 'Send a message' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeInTheDocument();
    expect(field('Subject')).toBeInTheDocument();
    expect(field('Message')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Rating' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?form=message');

    await userEvent.click(screen.getByRole('link', { name: 'Give feedback' }));
    expect(field('Feedback')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('each form is posted to its server handler (never a GET) and validated by formik once React runs', () => {
    renderPage(<ContactPage />, '/contact');
    const feedbackForm = field('Name').closest('form') as HTMLFormElement;
    expect(feedbackForm).toHaveAttribute('method', 'post');
    expect(feedbackForm).toHaveAttribute('action', '/contact/feedback');
    // Not in the rendered markup (the server's HTML keeps the browser's own checks); set once React runs.
    expect(feedbackForm.noValidate).toBe(true);
  });

  it('the message form posts to /contact/message', () => {
    renderPage(<ContactPage />, '/contact?form=message');
    expect(field('Subject').closest('form')).toHaveAttribute('action', '/contact/message');
  });

  it.each([
    ['/contact?sent=feedback', 'Thank you for your feedback!'],
    ['/contact?form=message&sent=message', /Your message has been sent/],
  ])('%s (the redirect after a form posted without JavaScript) shows the notice', (url, text) => {
    renderPage(<ContactPage />, url);
    const notice = screen.getByText(text);
    expect(notice.closest('[role="status"]')).not.toBeNull();
  });

  it('starts from what was typed into the server-rendered fields before hydration', async () => {
    // The server's page, as the student left it before React took over.
    const root = serverRenderedPage(
      '<input id="feedback-name" value=""><input id="feedback-email"><select id="feedback-rating"><option value=""></option><option value="3">3</option></select><textarea id="feedback-feedback"></textarea>',
      { 'feedback-name': 'Wanjiru', 'feedback-rating': '3', 'feedback-feedback': 'Typed early' },
    );
    try {
      renderPage(<ContactPage />, '/contact');
    } finally {
      root.remove();
    }
    expect(field('Name')).toHaveValue('Wanjiru');
    expect(field('Email')).toHaveValue('');
    expect(rating()).toHaveValue('3');
    expect(field('Feedback')).toHaveValue('Typed early');
    // After a send the form clears to empty, not to what was typed early.
    await userEvent.type(field('Email'), 'wanjiru@students.uonbi.ac.ke');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Feedback')).toHaveValue('');
  });

  it('opens the message form from ?form=message', () => {
    renderPage(<ContactPage />, '/contact?form=message');
    expect(field('Subject')).toBeInTheDocument();
  });
});

describe('feedback form', () => {
  it("offers the ratings '5 - Excellent' … '1 - Poor', best first", () => {
    renderPage(<ContactPage />, '/contact');
    const options = within(rating()).getAllByRole('option');
    expect(options.map((option) => [option.textContent, (option as HTMLOptionElement).value])).toEqual([
      ['Choose a rating', ''],
      ['5 - Excellent', '5'],
      ['4 - Very Good', '4'],
      ['3 - Good', '3'],
      ['2 - Fair', '2'],
      ['1 - Poor', '1'],
    ]);
  });

  it('shows every required message on an empty submit, focuses the first field, and sends nothing', async () => {
    renderPage(<ContactPage />, '/contact');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Please choose a rating')).toBeInTheDocument();
    expect(screen.getByText('Feedback is required')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('Name is required');
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(api.requests).toHaveLength(0);
  });

  it('treats spaces as empty and checks the e-mail format', async () => {
    renderPage(<ContactPage />, '/contact');
    await userEvent.type(field('Name'), '   ');
    await userEvent.type(field('Email'), 'wanjiru.students');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });

  it('sends {name, email, rating, message}, shows the notice and clears the form', async () => {
    renderPage(<ContactPage />, '/contact');
    await userEvent.type(field('Name'), ' Wanjiru Kamau ');
    await userEvent.type(field('Email'), 'wanjiru@students.uonbi.ac.ke');
    await userEvent.selectOptions(rating(), '4 - Very Good');
    await userEvent.type(field('Feedback'), 'Found a calculator in two hours.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));

    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(api.requests).toMatchObject([
      {
        method: 'POST',
        url: '/api/v1/feedback',
        body: {
          name: 'Wanjiru Kamau',
          email: 'wanjiru@students.uonbi.ac.ke',
          rating: 4,
          message: 'Found a calculator in two hours.',
        },
      },
    ]);
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Email')).toHaveValue('');
    expect(rating()).toHaveValue('');
    expect(field('Feedback')).toHaveValue('');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it("shows the server's message and field error when the server refuses, keeping the input", async () => {
    api.respond = () => ({
      status: 400,
      body: {
        status: 'fail',
        message: 'email must be a valid email',
        errors: { email: 'email must be a valid email' },
      },
    });
    renderPage(<ContactPage />, '/contact');
    await userEvent.type(field('Name'), 'Wanjiru');
    await userEvent.type(field('Email'), 'wanjiru@uonbi.ac.ke');
    await userEvent.selectOptions(rating(), '5');
    await userEvent.type(field('Feedback'), 'Great');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('email must be a valid email');
    expect(field('Email')).toHaveAccessibleDescription('email must be a valid email');
    expect(field('Name')).toHaveValue('Wanjiru');
  });
});

describe('message form', () => {
  it('shows every required message', async () => {
    renderPage(<ContactPage />, '/contact?form=message');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('checks the e-mail format (a dot is needed in the domain, as on the server)', async () => {
    renderPage(<ContactPage />, '/contact?form=message');
    await userEvent.type(field('Email'), 'otieno@ku');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('sends {name, email, subject, message} with Enter in a field, shows the notice and clears the form', async () => {
    api.respond = created('Thank you! Your message has been sent. We will get back to you soon.');
    renderPage(<ContactPage />, '/contact?form=message');
    await userEvent.type(field('Name'), 'Otieno Odhiambo');
    await userEvent.type(field('Email'), 'otieno@ku.ac.ke');
    await userEvent.type(field('Message'), 'How do I open a shop?');
    await userEvent.type(field('Subject'), 'Opening a shop{Enter}');

    expect(await screen.findByText(/Your message has been sent/)).toBeInTheDocument();
    expect(api.requests).toMatchObject([
      {
        method: 'POST',
        url: '/api/v1/messages',
        body: {
          name: 'Otieno Odhiambo',
          email: 'otieno@ku.ac.ke',
          subject: 'Opening a shop',
          message: 'How do I open a shop?',
        },
      },
    ]);
    await waitFor(() => expect(field('Subject')).toHaveValue(''));
    expect(field('Message')).toHaveValue('');
  });

  it('shows a fallback message when the server cannot be reached', async () => {
    api.respond = () => ({ status: 503, body: 'not json' });
    renderPage(<ContactPage />, '/contact?form=message');
    await userEvent.type(field('Name'), 'Otieno');
    await userEvent.type(field('Email'), 'otieno@ku.ac.ke');
    await userEvent.type(field('Subject'), 'Hi');
    await userEvent.type(field('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message could not be sent.');
  });
});
