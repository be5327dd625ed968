import { SERVICE_CATEGORIES } from '@campus/shared';
import { currentLocation, pictureFile, renderPage, setupFakeApi, signIn } from '@campus/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CreateServicePage from './CreateServicePage';

const api = setupFakeApi();
beforeEach(() => {
  signIn();
  api.respond = () => ({
    status: 201,
    body: { status: 'success', data: { service: { _id: 's1', name: 'Calculus' } } },
  });
});

function renderForm() {
  return renderPage(<CreateServicePage />, { path: '/create-service', route: '/create-service' });
}

/** Types `text` into the field labelled `label` in one go (paste), like a phone keyboard's autocomplete. */
async function enter(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, /^Title/, 'Calculus tutoring');
  await enter(user, /^Description/, 'Evening sessions before the CATs.');
  await enter(user, /^Price/, '750.50');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'Tutoring and Academic Support');
  await user.upload(screen.getByLabelText(/^Cover image/), pictureFile('cover.jpg'));
  await user.upload(screen.getByLabelText(/^Additional photos/), [
    pictureFile('one.jpg'),
    pictureFile('two.png'),
  ]);
}

const submit = () => screen.getByRole('button', { name: 'Create Service' });

describe('CreateServicePage (§2 "Create service")', () => {
  it('has one h1, labelled fields, the 11 service categories and a number price with step 0.01', () => {
    renderForm();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const price = screen.getByLabelText(/^Price/);
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('step', '0.01');
    const options = within(screen.getByLabelText(/^Category/)).getAllByRole('option');
    expect(options.slice(1).map((option) => option.textContent)).toEqual([...SERVICE_CATEGORIES]);
    expect(screen.getByLabelText(/^Cover image/)).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText(/^Additional photos/)).toHaveAttribute('multiple');
    expect(document.title).toBe('Create a service | Campus Soko');
  });

  it('blocks submit while required fields are empty and names each one', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(submit());
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Cover image is required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("sends the multipart payload, shows 'Creating...' disabled, then toasts, resets and goes to the list", async () => {
    const user = userEvent.setup();
    api.respond = () => ({
      status: 201,
      delayMs: 300,
      body: { status: 'success', data: { service: { _id: 's1', name: 'Calculus tutoring' } } },
    });
    renderForm();
    await fillForm(user);
    expect(screen.getByRole('list', { name: 'Additional photos preview' })).toHaveTextContent('one.jpg');
    await user.click(submit());
    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    // The answer comes after 300 ms and an upload; on a busy machine that passes RTL's 1 s default.
    expect(
      await screen.findByText('Service created successfully!', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/app/services-list'));

    const [request] = api.requestsTo('POST', '/services');
    expect(request?.authorization).toBe('Bearer test.jwt.token');
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const parts = request?.parts ?? [];
    expect(parts.filter((part) => part.value !== undefined)).toEqual([
      { name: 'name', value: 'Calculus tutoring' },
      { name: 'description', value: 'Evening sessions before the CATs.' },
      { name: 'price', value: '750.50' },
      { name: 'category', value: 'Tutoring and Academic Support' },
    ]);
    expect(parts.filter((part) => part.filename).map((part) => [part.name, part.filename])).toEqual([
      ['coverImage', 'cover.jpg'],
      ['photos', 'one.jpg'],
      ['photos', 'two.png'],
    ]);
  });

  it('resets the fields after a success', async () => {
    const user = userEvent.setup();
    // Stay on the page after navigating: render the form for both paths.
    renderPage(<CreateServicePage />, { path: '/*', route: '/create-service' });
    await fillForm(user);
    await user.click(submit());
    await screen.findByText('Service created successfully!');
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue(''));
    expect(screen.getByLabelText(/^Description/)).toHaveValue('');
    expect(screen.getByLabelText(/^Price/)).toHaveValue(null);
    expect(screen.getByLabelText(/^Category/)).toHaveValue('');
    expect((screen.getByLabelText(/^Cover image/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Additional photos preview' })).not.toBeInTheDocument();
  });

  it("toasts the server's message and shows its field message; the form stays filled", async () => {
    const user = userEvent.setup();
    api.respond = () => ({
      status: 400,
      body: {
        status: 'fail',
        message: 'Unsupported image type: upload a JPEG, PNG, WebP, GIF or HEIC picture',
        errors: { coverImage: 'Unsupported image type: upload a JPEG, PNG, WebP, GIF or HEIC picture' },
      },
    });
    renderForm();
    await fillForm(user);
    await user.click(submit());
    const messages = await screen.findAllByText(
      'Unsupported image type: upload a JPEG, PNG, WebP, GIF or HEIC picture',
    );
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Calculus tutoring');
    expect(screen.getByRole('button', { name: 'Create Service' })).toBeEnabled();
    expect(currentLocation()).toBe('/create-service');
  });

  it("toasts 'Failed to create service. Please try again.' when the server gives no message", async () => {
    const user = userEvent.setup();
    api.respond = () => ({ status: 502, raw: '<html>Bad gateway</html>' });
    renderForm();
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByText('Failed to create service. Please try again.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/create-service');
  });
});
